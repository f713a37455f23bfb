import type { Occupancy } from '../port.js';

/**
 * Rapid's occupancy notation, one per room: `numberOfAdults[-firstChildAge[,nextChildAge]]`, e.g. `2-9,4`
 * for 2 adults with children aged 9 and 4. Availability answers key `occupancy_pricing` by the same string.
 */
export function formatOccupancy(occupancy: Occupancy): string {
  return occupancy.childrenAges.length > 0 ? `${occupancy.adults}-${occupancy.childrenAges.join(',')}` : String(occupancy.adults);
}

const OCCUPANCY = /^([1-9]\d?)(?:-(\d{1,2}(?:,\d{1,2})*))?$/;

/** undefined when the text is not an occupancy (children are 0–17 in Rapid). */
export function parseOccupancy(text: string): Occupancy | undefined {
  const match = OCCUPANCY.exec(text);
  if (!match) return undefined;
  const childrenAges = match[2] ? match[2].split(',').map(Number) : [];
  if (childrenAges.some((age) => age > 17)) return undefined;
  return { adults: Number(match[1]), childrenAges };
}
