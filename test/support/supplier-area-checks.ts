/**
 * What every adapter must do with the port's circle and hotel-list destinations, checked the same way for
 * each against its sandbox: a circle answers only hotels inside it (by the supplier's own geocode, which
 * the offer carries to the wire's 6 decimals) and fewer than the whole city; an empty hotel list answers
 * nothing without a call.
 */
import { expect } from 'vitest';
import { distanceMetres } from '../../functions/domain/geo/distance.js';
import type { SupplierPort } from '../../functions/suppliers/port.js';
import { cityArea, hotelList } from './supplier-destinations.js';

export async function expectCircleAndEmptyList(
  adapter: SupplierPort,
  sent: () => number,
  stay: { checkIn: string; checkOut: string },
): Promise<void> {
  const ask = { ...stay, occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'FR' };
  const centre = { lat: 48.8584, lng: 2.2945 };
  const circle = await adapter.searchAvailability({ ...ask, destination: { kind: 'circle', centre, radiusKm: 2 } });
  expect(circle.offers.length).toBeGreaterThan(0);
  for (const offer of circle.offers) expect(distanceMetres(offer.geo!, centre)).toBeLessThan(2_001);
  const city = await adapter.searchAvailability({ ...ask, destination: cityArea('PAR') });
  expect(circle.offers.length).toBeLessThan(city.offers.length);
  const before = sent();
  const none = await adapter.searchAvailability({ ...ask, destination: hotelList([]) });
  expect(none.offers).toEqual([]);
  expect(sent()).toBe(before);
}
