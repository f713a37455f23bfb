/** The port's destinations as tests and benchmarks ask suppliers for them, built from the real catalogue. */
import { cityByCode } from '../../functions/domain/destinations/index.js';
import type { CityArea, HotelList } from '../../functions/suppliers/port.js';

export function cityArea(code: string): CityArea {
  const city = cityByCode(code);
  if (!city) throw new RangeError(`${code} is not a catalogue city`);
  return { kind: 'city', cityCode: city.code, centre: city.centre, radiusKm: city.radiusKm };
}

export function hotelList(supplierPropertyIds: readonly string[]): HotelList {
  return { kind: 'hotels', supplierPropertyIds };
}
