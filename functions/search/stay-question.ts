import type { Asker, AvailabilityRequest } from '../suppliers/port.js';
import type { SearchRequest } from './search-request.js';

/**
 * What every supplier is asked about a search's stay, wherever it looks: dates, rooms, currency, nationality,
 * and who asks (the sandbox scenarios, the traveller).
 */
export type StayQuestion = Omit<AvailabilityRequest, 'signal' | 'destination'>;

export function stayQuestionOf(request: SearchRequest, asker: Asker): StayQuestion {
  return {
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    occupancies: request.occupancies.map((o) => ({ adults: o.adults, childrenAges: o.children ?? [] })),
    currency: request.currency,
    nationality: request.nationality,
    ...asker,
  };
}
