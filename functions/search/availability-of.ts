import type { AvailabilityRequest } from '../suppliers/port.js';
import type { Scenario } from '../suppliers/scenario.js';
import type { SearchRequest } from './search-request.js';

/** What every supplier is asked for a search's stay (its destination, dates, rooms, currency, nationality). */
export function availabilityOf(request: SearchRequest, scenarios: readonly Scenario[]): Omit<AvailabilityRequest, 'signal'> {
  return {
    destination: request.destination.code,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    occupancies: request.occupancies.map((o) => ({ adults: o.adults, childrenAges: o.children ?? [] })),
    currency: request.currency,
    nationality: request.nationality,
    scenarios,
  };
}
