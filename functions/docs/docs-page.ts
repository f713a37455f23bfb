import { plannedRoute } from '../shared/planned.js';

/** GET /docs: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getDocs', 'The API reference page');
