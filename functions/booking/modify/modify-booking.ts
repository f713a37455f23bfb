/**
 * PATCH /v1/hotels/bookings/{bookingId}, under an Idempotency-Key: holder contact and guest names, where
 * the supplier has a modify path (rule 3 of section 7). Where it has none, `unsupported` (422
 * modification-unsupported) and the booking is untouched: never cancelled and rebooked. The rooms keep their occupancy (names
 * change, not who stays: that would be a different price).
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import type { Asker, Holder, ModifyResult, SupplierPort } from '../../suppliers/port.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import { bookingOr404 } from '../record/booking-access.js';
import { bookingView, type BookingRecord, type BookingView } from '../record/booking-record.js';
import type { ModifyBookingBody } from '../booking-request.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import { changedDuringModification, refusalError } from '../record/refusal-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import type { IdempotentInput } from '../idempotent-input.js';
import { occupancyMismatches } from '../occupancy-match.js';
import { occupancyOf, type GuestDetails } from '../personal-data/guest-details.js';
import type { InFlightLimit } from '../../shared/in-flight-limit.js';
import { admitOperation } from '../in-flight-bounds.js';
import { BOOKING_ANSWER_BUDGET, overloaded, timeLeft } from '../answer-deadline.js';

/** What changing a booking reaches: the bookings and their guests, the tenant's suppliers, the wallets, the clock. */
export interface ModifyDeps
  extends Pick<FlowDeps, 'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'wallets' | 'now' | 'supplierCallTimeoutMs'> {
  /** The bookings, cancels and changes this environment runs at once (in-flight-bounds.ts). */
  readonly operationsInFlight: InFlightLimit;
}

export async function modifyBooking(
  input: IdempotentInput<ModifyBookingBody & { bookingId: string }>,
  deps: ModifyDeps,
): Promise<BookingView> {
  const { tenant } = input;
  const { bookingId, holder, rooms } = input.body;
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  const refused = refusalOf(record, 'modify');
  if (refused) throw refusalError('modify', bookingId, refused);
  const stored = await deps.guests.get(tenant, bookingId);
  // The record may not say so yet (an erasure between its two writes), or the details were never stored.
  if (stored?.kind !== 'held') {
    throw refusalError('modify', bookingId, {
      reason: 'personal-data-erased',
      status: record.status,
      ...(stored?.kind === 'erased' ? { erasedAt: stored.erasedAt } : {}),
    });
  }
  const { details } = stored;
  if (rooms) {
    const mismatches = occupancyMismatches(rooms, occupancyOf(details), 'as booked');
    if (mismatches.length > 0) throw invalidFields(mismatches);
  }
  const newHolder = { ...details.holder, ...(holder ?? {}) };
  // Refused untried (503) when the environment cannot take it on in time: nothing is sent to the supplier.
  const release = await admitOperation(deps.operationsInFlight, 'modify', input.answerBy - BOOKING_ANSWER_BUDGET.supplierChangeMs);
  if (!release) throw overloaded('Too many changes and bookings are in flight to change this one in time', { bookingId });
  try {
    return await changeAtSupplier(input, deps, record, details, newHolder);
  } finally {
    release();
  }
}

/** The change asked of the supplier, and recorded once it is known to be made. */
async function changeAtSupplier(
  input: IdempotentInput<ModifyBookingBody & { bookingId: string }>,
  deps: ModifyDeps,
  record: BookingRecord,
  details: GuestDetails,
  newHolder: Holder,
): Promise<BookingView> {
  const { tenant } = input;
  const { bookingId, holder, rooms } = input.body;
  const adapter = await adapterOf(tenant, record.supplierId, deps);
  const asker = { scenarios: input.scenarios, traveller: input.traveller };
  let result: ModifyResult;
  try {
    result = await adapter.modify({
      supplierReference: record.supplierReference!,
      holder: newHolder,
      ...(rooms ? { rooms } : {}),
      ...asker,
      // Within its budget, and leaving the lookup after it time before the answer is due.
      signal: AbortSignal.timeout(
        Math.max(1, Math.min(deps.supplierCallTimeoutMs, timeLeft(input.answerBy, deps.now()) - BOOKING_ANSWER_BUDGET.lookupMs)),
      ),
    });
  } catch (error) {
    if (isSupplierError(error) && error.outcomeUnknown)
      result = await changeAsTheSupplierHoldsIt(
        record,
        newHolder,
        rooms,
        adapter,
        { ...asker, ...(details.holder.email ? { holderEmail: details.holder.email } : {}) },
        deps,
      );
    else if (isSupplierError(error))
      throw new DomainError('supplier-failed', `The supplier refused the change (${error.redactedMessage()}); the booking is unchanged`, {
        bookingId,
      });
    else throw error;
  }
  if (result.kind === 'unsupported') {
    throw new DomainError(
      'unsupported',
      `${record.supplierId} offers no way to change this booking (${result.reason}); the booking is unchanged. Cancel and book again if the change is essential.`,
      { bookingId, supplierId: record.supplierId },
    );
  }
  // The details first: they are what the supplier now holds, whatever happens to the booking meanwhile.
  // A room's special request is not a name: it stays as booked.
  const changes = {
    holder: newHolder,
    ...(rooms ? { rooms: rooms.map((room, i) => ({ ...details.rooms[i], guests: room.guests })) } : {}),
  };
  await deps.guests.update(tenant, bookingId, changes);
  let updated: BookingRecord;
  try {
    updated = await changeBooking(
      deps,
      tenant,
      bookingId,
      {
        kind: 'modify',
        at: deps.now().toISOString(),
        supplierId: record.supplierId,
        // The fields' names only: what they now hold is personal data, kept with the guest details.
        ...(holder ? { holderFields: Object.keys(holder) } : {}),
        guestNames: Boolean(rooms),
      },
      record,
    );
  } catch (error) {
    if (error instanceof BookingStateConflict) throw changedDuringModification(bookingId);
    throw error;
  }
  // Without the names: stored so for replays (modify-booking-handler.ts puts them in on the way out).
  return bookingView(updated, undefined);
}

/**
 * The change as the supplier holds it, when its answer to the change is unknown (no answer in time, one we
 * could not read): the booking is looked up. Its holder and guests are the ones asked for: the change was
 * made. Anything else, or no answer to the lookup either: the outcome is unknown (supplier-timeout: retry
 * with the key).
 */
async function changeAsTheSupplierHoldsIt(
  record: BookingRecord,
  holder: Holder,
  rooms: ModifyBookingBody['rooms'],
  adapter: SupplierPort,
  asker: Asker & { holderEmail?: string },
  deps: Pick<ModifyDeps, 'supplierCallTimeoutMs'>,
): Promise<ModifyResult> {
  const unknown = new DomainError('supplier-timeout', 'The supplier did not confirm the change; retry with the same Idempotency-Key', {
    bookingId: record.bookingId,
  });
  let held;
  try {
    held = await adapter.getBooking({
      supplierReference: record.supplierReference!,
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch {
    throw unknown;
  }
  const sameName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
    a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'accent' }) === 0 &&
    a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'accent' }) === 0;
  const holderMade = sameName(held.holder, holder);
  const guestsMade =
    !rooms ||
    rooms.every((room, i) =>
      room.guests.every((guest, j) => {
        const heldGuest = held.rooms[i]?.guests[j];
        return heldGuest !== undefined && sameName(heldGuest, guest);
      }),
    );
  if (held.status === 'confirmed' && holderMade && guestsMade) return { kind: 'modified', booking: held };
  throw unknown;
}
