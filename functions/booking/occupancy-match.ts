/**
 * The rooms of a booking must be the rooms that were searched and priced: the same number of rooms, and
 * in each the same number of adults and children with the same ages (suppliers price children by age).
 */
import type { FieldError } from '../domain/errors/field-error.js';
import type { RoomOccupancy } from '../domain/stay/searched-stay.js';
import type { BookingRequest } from './booking-request.js';

export function occupancyMismatches(
  rooms: BookingRequest['rooms'],
  searched: readonly RoomOccupancy[],
  as: 'as searched' | 'as booked' = 'as searched',
): FieldError[] {
  if (rooms.length !== searched.length) {
    return [{ path: 'rooms', message: `must hold ${searched.length} room${searched.length > 1 ? 's' : ''}, ${as} (got ${rooms.length})` }];
  }
  const errors: FieldError[] = [];
  rooms.forEach((room, i) => {
    const wanted = searched[i]!;
    const adults = room.guests.filter((g) => g.type === 'adult').length;
    const ages = room.guests
      .filter((g) => g.type === 'child')
      .map((g) => g.age!)
      .sort((a, b) => a - b);
    const wantedAges = [...(wanted.children ?? [])].sort((a, b) => a - b);
    if (adults !== wanted.adults || ages.join(',') !== wantedAges.join(',')) {
      const childText = wantedAges.length
        ? ` and ${wantedAges.length} child${wantedAges.length > 1 ? 'ren' : ''} aged ${wantedAges.join(', ')}`
        : ' and no children';
      errors.push({
        path: `rooms[${i}].guests`,
        message: `must be ${wanted.adults} adult${wanted.adults > 1 ? 's' : ''}${childText}, ${as}`,
      });
    }
  });
  return errors;
}
