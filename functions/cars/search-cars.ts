import { plannedRoute } from '../shared/planned.js';

/** GET /v1/cars/search: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('searchCars', 'Car search (planned surface)');
