/** GET /v1/cars/search (planned): authenticated and validated like the final route, then 501 naming the contract. */
import { httpHandler } from '../shared/http-handler.js';
import { carSearchQuerySchema } from './car-search-request.js';
import { plannedContract } from './planned-contract.js';

export const handler = httpHandler('searchCars', { query: carSearchQuerySchema }, async () => {
  throw plannedContract('searchCars', 'Car search');
});
