/**
 * POST /v1/hotels/bookings/{bookingId}/modifications under an Idempotency-Key: the quoted stay change made,
 * with a booking's guarantees. The quote is the caller's proof of what was priced (signed, expiring: 410
 * after expiresAt); the booking must still be as it was quoted (409 otherwise). A wallet-paid booking's rise is
 * held before the supplier is asked (402 with nothing changed when the wallet cannot cover it). The change is
 * written ahead on the booking before the supplier is asked, so whatever happens next it is settled: made at
 * the quoted price (200, the booking as GET shows it), not made (the supplier's price moved: 409
 * price-changed; no path: 422; no room: 409; a refusal: 502), or, when the supplier's answer is lost and its
 * booking does not show the outcome yet, pending (202: the reconciler settles it; GET shows it).
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { type Money, parseMinor } from '../../domain/money/money.js';
import { nightlyPrices } from '../../domain/pricing/nightly-prices.js';
import { priceView } from '../../domain/rate/price-view.js';
import { nightsBetween } from '../../domain/stay/nights.js';
import type { StayChangeResult } from '../../suppliers/port.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import { adapterOf } from '../flow/supplier-of.js';
import type { IdempotentInput } from '../idempotent-input.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import { BookingStateConflict } from '../record/booking-store.js';
import type { BookingRecord } from '../record/booking-record.js';
import { changeBooking } from '../record/change-booking.js';
import { refusalError } from '../record/refusal-error.js';
import { holdStayChangeRise, releaseStayChangeHold } from '../wallet/wallet-payment.js';
import { changeableBooking, stayChangeRefusal, type StayChangeQuoteDeps } from './quote-stay-change.js';
import { priceStayChange } from './stay-change-pricing.js';
import { QuoteIdError, verifyQuoteId, type StayChangeTicket } from './stay-change-quote-id.js';
import { changedPrice, pendingStayChange, type PendingStayChange } from './stay-change-record.js';
import type { StayChangeCommitBody } from './stay-change-request.js';
import {
  dropStayChange,
  recordStayChange,
  recordsChange,
  settleStayChange,
  type StayChangeOutcome,
  type StayChangeSettleDeps,
} from './settle-stay-change.js';
import { bookingOr404 } from '../record/booking-access.js';

export type StayChangeCommitDeps = StayChangeQuoteDeps & StayChangeSettleDeps;

function ticketOf(quoteId: string, tenant: string, key: Buffer, now: Date): StayChangeTicket {
  try {
    return verifyQuoteId(quoteId, tenant, key, now);
  } catch (error) {
    if (!(error instanceof QuoteIdError)) throw error;
    if (error.problem === 'expired') throw new DomainError('gone', 'This quote has expired; ask for a new quote of the change');
    throw new DomainError('not-found', 'No such quote');
  }
}

export async function commitStayChange(
  input: IdempotentInput<StayChangeCommitBody & { bookingId: string }>,
  deps: StayChangeCommitDeps,
): Promise<StayChangeOutcome> {
  const { tenant } = input;
  const { bookingId, quoteId } = input.body;
  const asker = { scenarios: input.scenarios, traveller: input.traveller };
  const ticket = ticketOf(quoteId, tenant, await deps.quoteIdKey(), deps.now());
  if (ticket.bookingId !== bookingId) throw new DomainError('not-found', 'No such quote for this booking');
  // Made before (a commit answered 202, then settled): that change is the answer; none is made twice.
  const current = await bookingOr404(deps.bookings, tenant, bookingId);
  if (recordsChange(current, ticket.changeId)) return { kind: 'changed', record: current };
  const { record, details } = await changeableBookingOrPending(tenant, bookingId, ticket, deps);
  // Asked before (a commit cut short, or answered 202): settle that request, never ask the supplier again.
  if (record.stayChange?.changeId === ticket.changeId) return madeOrPending(await settleStayChange(record, deps, asker));
  if (record.checkIn !== ticket.from.checkIn || record.checkOut !== ticket.from.checkOut || record.total !== ticket.from.total)
    throw new DomainError('conflict', `Booking ${bookingId} changed since this quote was made; ask for a new quote`, {
      bookingId,
      status: record.status,
    });

  const riseMinor = parseMinor(ticket.price.total, record.currency) - parseMinor(record.total, record.currency);
  await holdStayChangeRise(record, ticket.changeId, riseMinor, deps.wallets, deps.now());
  const at = deps.now().toISOString();
  const pending = pendingStayChange(ticket, at);
  let requested: BookingRecord;
  try {
    // The occupancies asked (children's ages are personal data) wait with the guest details, the rest on the booking.
    await deps.guests.update(tenant, bookingId, { stayChange: { changeId: ticket.changeId, occupancies: ticket.to.occupancies } });
    requested = await changeBooking(
      deps,
      tenant,
      bookingId,
      {
        kind: 'request-stay-change',
        at,
        supplierId: record.supplierId,
        changeId: ticket.changeId,
        to: { checkIn: ticket.to.checkIn, checkOut: ticket.to.checkOut },
        terms: { stayChange: pending },
      },
      record,
    );
  } catch (error) {
    await releaseStayChangeHold(record, ticket.changeId, deps.wallets, deps.now());
    if (error instanceof BookingStateConflict && error.refusal) throw refusalError('modify', bookingId, error.refusal);
    throw error;
  }

  const adapter = await adapterOf(tenant, record.supplierId, deps);
  const { holderEmail } = supplierContactOf({ kind: 'held', details });
  let result: StayChangeResult;
  try {
    result = await adapter.changeStay({
      supplierReference: record.supplierReference!,
      checkIn: ticket.to.checkIn,
      checkOut: ticket.to.checkOut,
      occupancies: ticket.to.occupancies.map((room) => ({ adults: room.adults, childrenAges: room.children })),
      rooms: details.rooms,
      quotedPrice: ticket.supplier.price,
      ...(ticket.supplier.commitToken ? { commitToken: ticket.supplier.commitToken } : {}),
      ...(holderEmail ? { holderEmail } : {}),
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch (error) {
    // The answer is lost (no answer in time, one we could not read): the supplier's booking says what happened.
    if (isSupplierError(error) && error.outcomeUnknown) return madeOrPending(await settleStayChange(requested, deps, asker, adapter));
    await dropStayChange(requested, pending, `the supplier refused it (${isSupplierError(error) ? error.kind : 'error'})`, deps);
    throw stayChangeRefusal(error, record);
  }
  switch (result.kind) {
    case 'changed':
      return { kind: 'changed', record: await recordStayChange(requested, pending, false, deps) };
    case 'price-changed':
      await dropStayChange(requested, pending, `the supplier now asks ${result.price.amount} ${result.price.currency}`, deps);
      throw await priceChanged(requested, pending, result.price, deps);
    case 'unsupported':
      await dropStayChange(requested, pending, 'the supplier has no path for it', deps);
      throw new DomainError(
        'unsupported',
        `${record.supplierId} offers no way to change this booking's stay (${result.reason}); the booking is unchanged.`,
        { bookingId, supplierId: record.supplierId },
      );
  }
}

/** A settled change as the commit's answer: made or still pending; one found not made is the supplier's failure. */
function madeOrPending(outcome: StayChangeOutcome): StayChangeOutcome {
  if (outcome.kind !== 'dropped') return outcome;
  throw new DomainError('supplier-failed', 'The supplier did not make the change; the booking is unchanged. Ask for a new quote.', {
    bookingId: outcome.record.bookingId,
    supplierId: outcome.record.supplierId,
  });
}

/** The booking and its guests; a booking whose change this very quote asked already is resumed, not refused. */
async function changeableBookingOrPending(
  tenant: string,
  bookingId: string,
  ticket: StayChangeTicket,
  deps: StayChangeCommitDeps,
): ReturnType<typeof changeableBooking> {
  try {
    return await changeableBooking(tenant, bookingId, deps);
  } catch (error) {
    const record = await deps.bookings.get(tenant, bookingId);
    const stored = await deps.guests.get(tenant, bookingId);
    const refusal = record && refusalOf(record, 'request-stay-change');
    if (record?.stayChange?.changeId === ticket.changeId && refusal?.reason === 'stay-change-in-progress' && stored?.kind === 'held')
      return { record, details: stored.details };
    throw error;
  }
}

/** 409 price-changed: what the supplier would now charge, priced for the account as the quote was, beside the quoted price. */
async function priceChanged(
  record: BookingRecord,
  pending: PendingStayChange,
  supplierPrice: Money,
  deps: Pick<StayChangeCommitDeps, 'pricingRules' | 'fx'>,
): Promise<DomainError> {
  const quoted = changedPrice(record, pending);
  const [rules, fx] = await Promise.all([deps.pricingRules(record.tenant), deps.fx()]);
  const stay = { checkIn: pending.checkIn, nights: nightsBetween(pending.checkIn, pending.checkOut) };
  const price = priceStayChange(
    record,
    {
      checkIn: pending.checkIn,
      checkOut: pending.checkOut,
      price: supplierPrice,
      cancellationPolicy: pending.supplierCancellationPolicy,
      ...(pending.supplierNightly ? { nightly: pending.supplierNightly } : {}),
    },
    rules,
    fx,
  );
  return new DomainError(
    'price-changed',
    `The supplier now asks ${supplierPrice.amount} ${supplierPrice.currency} for the changed stay (quoted at ${pending.supplierPrice.amount}); nothing was changed. Ask for a new quote.`,
    {
      bookingId: record.bookingId,
      supplierId: record.supplierId,
      price: priceView(price, nightlyPrices(price.total, price.currency, stay, pending.supplierNightly)),
      previousPrice: {
        net: Number(quoted.net),
        markup: Number(quoted.markup),
        tax: Number(quoted.tax),
        serviceFee: Number(quoted.serviceFee),
        total: Number(quoted.total),
        currency: record.currency,
      },
    },
  );
}
