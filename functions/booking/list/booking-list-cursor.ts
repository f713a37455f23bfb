/**
 * The booking list's cursor: opaque to partners (base64url), to us the sort value of the last booking a
 * page showed, bound to the filters it was issued for. Decoding checks everything before DynamoDB sees
 * it: a cursor of another list, a forged one or one outside the list's range is a 400 on `query.cursor`,
 * never a 500. The tenant is not in it: the store rebuilds the start key from the caller's own tenant,
 * so no cursor can point into another tenant's bookings.
 */
import * as z from 'zod';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { ID_CHARACTERS, ID_MAX_LENGTH } from '../../domain/ids/opaque-id.js';
import type { BookingListPlan } from './booking-list-plan.js';

/** Where a page ended: the sort value of its last booking, which ends in `#<bookingId>`. */
export interface BookingListPosition {
  readonly sortValue: string;
  readonly bookingId: string;
}

const cursorContent = z.strictObject({ f: z.string(), s: z.string().max(256) });

export function encodeBookingCursor(plan: BookingListPlan, sortValue: string): string {
  return Buffer.from(JSON.stringify({ f: plan.fingerprint, s: sortValue }), 'utf8').toString('base64url');
}

const notOurs = (message = 'is not a cursor we issued') => invalidFields([{ path: 'query.cursor', message }]);

export function decodeBookingCursor(plan: BookingListPlan, cursor: string): BookingListPosition {
  let content: z.infer<typeof cursorContent>;
  try {
    content = cursorContent.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw notOurs();
  }
  if (content.f !== plan.fingerprint) throw notOurs('was issued for another list: repeat the filters of the page it came from');
  const bookingId = content.s.slice(content.s.lastIndexOf('#') + 1);
  const { from, to } = plan.sort;
  const inRange = (from === undefined || content.s >= from) && (to === undefined || content.s <= to);
  if (!content.s.includes('#') || !ID_CHARACTERS.test(bookingId) || bookingId.length > ID_MAX_LENGTH || !inRange) throw notOurs();
  return { sortValue: content.s, bookingId };
}
