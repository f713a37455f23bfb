import { plannedRoute } from '../shared/planned.js';

/** GET /openapi.json: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getOpenApi', 'The OpenAPI document');
