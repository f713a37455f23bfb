/**
 * The availability request the benchmarks send each sandbox supplier for a city: two adults, three nights a
 * month from now, a British traveller and point of sale (Rapid requires the point of sale).
 */
import type { AvailabilityRequest } from '../../functions/suppliers/port.js';
import { cityArea } from '../../test/support/supplier-destinations.js';

/** `days` from today, as a stay date (YYYY-MM-DD, UTC). */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function cityAvailability(city: string): AvailabilityRequest {
  return {
    destination: cityArea(city),
    checkIn: inDays(30),
    checkOut: inDays(33),
    occupancies: [{ adults: 2, childrenAges: [] }],
    nationality: 'GB',
    pointOfSale: 'GB',
  };
}
