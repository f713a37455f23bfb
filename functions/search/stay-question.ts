import type { AvailabilityRequest } from '../suppliers/port.js';
import type { Scenario } from '../suppliers/scenario.js';
import type { SearchRequest } from './search-request.js';

/** What every supplier is asked about a search's stay, wherever it looks: dates, rooms, currency, nationality. */
export type StayQuestion = Omit<AvailabilityRequest, 'signal' | 'destination'>;

export function stayQuestionOf(request: SearchRequest, scenarios: readonly Scenario[]): StayQuestion {
  return {
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    occupancies: request.occupancies.map((o) => ({ adults: o.adults, childrenAges: o.children ?? [] })),
    currency: request.currency,
    nationality: request.nationality,
    scenarios,
  };
}
