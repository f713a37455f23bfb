/**
 * POST /v1/hotels/bookings/{bookingId}/modifications/quote (API-SPEC "Changing and cancelling, previewed"):
 * what the booking would cost with new dates or occupancies, from the supplier's own answer (Hotelbeds
 * `mode: SIMULATION`, OpenTravel `ResStatus="Quote"`), priced for the account as the booking was, changing
 * nothing. The answer's quoteId is what the commit takes. Where the supplier has no path for the change:
 * `unsupported` (422 modification-unsupported), never a cancel and rebook.
 */
import { randomUUID } from 'node:crypto';
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { policyInQuoteCurrency } from '../../domain/cancellation/policy-in-quote-currency.js';
import { policyView } from '../../domain/cancellation/policy-view.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { formatMinor, parseMinor } from '../../domain/money/money.js';
import { nightlyPrices } from '../../domain/pricing/nightly-prices.js';
import type { Price } from '../../domain/pricing/price.js';
import { priceView } from '../../domain/rate/price-view.js';
import { nightsBetween } from '../../domain/stay/nights.js';
import type { Asker, StayChangeQuote } from '../../suppliers/port.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import { occupancyOf, supplierContactOf, type GuestDetails } from '../personal-data/guest-details.js';
import { bookingOr404 } from '../record/booking-access.js';
import { bookingView, type BookingRecord } from '../record/booking-record.js';
import { refusalError } from '../record/refusal-error.js';
import { signQuoteId, type StayChangeTicket } from './stay-change-quote-id.js';
import { STAY_CHANGE_MAX_NIGHTS, type StayChangeQuoteBody } from './stay-change-request.js';
import { priceStayChange } from './stay-change-pricing.js';

/** How long a quote may be committed: a supplier's price of a change holds minutes, not hours. */
export const STAY_CHANGE_QUOTE_TTL_MS = 15 * 60 * 1000;

export type StayChangeQuoteDeps = Pick<
  FlowDeps,
  'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'fx' | 'pricingRules' | 'now' | 'supplierCallTimeoutMs'
> & {
  quoteIdKey(): Promise<Buffer>;
};

export interface StayChangeQuoteView {
  readonly quoteId: string;
  readonly bookingId: string;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly occupancies: readonly { readonly adults: number; readonly children: readonly number[] }[];
  readonly price: ReturnType<typeof priceView>;
  readonly previousPrice: ReturnType<typeof bookingView>['price'];
  readonly difference: { readonly amount: number; readonly currency: string };
  readonly cancellationPolicy: ReturnType<typeof policyView>;
  readonly expiresAt: string;
}

/** The stay asked for: the booking's where the body leaves something out; refused, naming the field, where it cannot be. */
function stayAsked(record: BookingRecord, details: GuestDetails, body: StayChangeQuoteBody, today: string): StayChangeTicket['to'] {
  const occupancies = (body.occupancies ?? occupancyOf(details)).map((room) => ({
    adults: room.adults,
    children: [...(room.children ?? [])],
  }));
  const checkIn = body.checkIn ?? record.checkIn;
  const checkOut = body.checkOut ?? record.checkOut;
  const errors: { path: string; message: string }[] = [];
  const nights = nightsBetween(checkIn, checkOut);
  if (checkIn < today) errors.push({ path: 'checkIn', message: `must not be in the past (today is ${today})` });
  if (!(nights >= 1)) errors.push({ path: 'checkOut', message: `must be after checkIn (${checkIn})` });
  else if (nights > STAY_CHANGE_MAX_NIGHTS)
    errors.push({ path: 'checkOut', message: `must be at most ${STAY_CHANGE_MAX_NIGHTS} nights after checkIn` });
  if (occupancies.length !== record.rooms.length)
    errors.push({
      path: 'occupancies',
      message: `must give the booking's ${record.rooms.length} room(s), in order: a change keeps the booked rooms`,
    });
  const current = occupancyOf(details);
  const unchanged =
    checkIn === record.checkIn &&
    checkOut === record.checkOut &&
    occupancies.every((room, i) => room.adults === current[i]?.adults && room.children.join(',') === current[i]?.children.join(','));
  if (errors.length === 0 && unchanged) errors.push({ path: 'checkIn', message: 'asks for the stay as booked: nothing to change' });
  if (errors.length > 0) throw invalidFields(errors);
  return { checkIn, checkOut, occupancies };
}

/** The booking and the guest details a change needs; the lifecycle's refusal (409) otherwise. */
export async function changeableBooking(
  tenant: string,
  bookingId: string,
  deps: Pick<StayChangeQuoteDeps, 'bookings' | 'guests'>,
): Promise<{ record: BookingRecord; details: GuestDetails }> {
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  const refused = refusalOf(record, 'request-stay-change');
  if (refused) throw refusalError('modify', bookingId, refused);
  const stored = await deps.guests.get(tenant, bookingId);
  // The guests are who the supplier is asked to move: with them erased there is no stay left to describe.
  if (stored?.kind !== 'held')
    throw refusalError('modify', bookingId, {
      reason: 'personal-data-erased',
      status: record.status,
      ...(stored?.kind === 'erased' ? { erasedAt: stored.erasedAt } : {}),
    });
  return { record, details: stored.details };
}

/** A supplier's refusal of a change as the partner's answer: nothing was changed. */
export function stayChangeRefusal(error: unknown, record: Pick<BookingRecord, 'bookingId' | 'supplierId'>): DomainError {
  const details = { bookingId: record.bookingId, supplierId: record.supplierId };
  if (!isSupplierError(error)) throw error;
  if (error.kind === 'sold_out' || error.kind === 'not_found')
    return new DomainError('conflict', 'The supplier cannot sell the booked room for the new stay; nothing was changed', details);
  if (error.kind === 'timeout')
    return new DomainError('supplier-timeout', 'The supplier did not answer in time; nothing was changed', details);
  return new DomainError('supplier-failed', `The supplier refused the change (${error.redactedMessage()}); nothing was changed`, details);
}

export async function quoteStayChange(
  tenant: string,
  bookingId: string,
  body: StayChangeQuoteBody,
  asker: Asker,
  deps: StayChangeQuoteDeps,
): Promise<StayChangeQuoteView> {
  const { record, details } = await changeableBooking(tenant, bookingId, deps);
  const now = deps.now();
  const to = stayAsked(record, details, body, now.toISOString().slice(0, 10));
  const adapter = await adapterOf(tenant, record.supplierId, deps);
  const { holderEmail } = supplierContactOf({ kind: 'held', details });
  let quote: StayChangeQuote;
  try {
    const quoted = await adapter.quoteStayChange({
      supplierReference: record.supplierReference!,
      checkIn: to.checkIn,
      checkOut: to.checkOut,
      occupancies: to.occupancies.map((room) => ({ adults: room.adults, childrenAges: room.children })),
      rooms: details.rooms,
      ...(holderEmail ? { holderEmail } : {}),
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
    if (quoted.kind === 'unsupported')
      throw new DomainError(
        'unsupported',
        `${record.supplierId} offers no way to change this booking's stay (${quoted.reason}); the booking is unchanged. Cancel and book again if the change is essential.`,
        { bookingId, supplierId: record.supplierId },
      );
    quote = quoted.quote;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw stayChangeRefusal(error, record);
  }
  const [rules, fx] = await Promise.all([deps.pricingRules(tenant), deps.fx()]);
  const price = priceStayChange(record, quote, rules, fx);
  const expiresAt = new Date(
    Math.min(now.getTime() + STAY_CHANGE_QUOTE_TTL_MS, quote.expiresAt ? Date.parse(quote.expiresAt) : Number.POSITIVE_INFINITY),
  ).toISOString();
  const ticket = ticketOf(record, to, quote, price, now, expiresAt);
  const quoteId = signQuoteId(ticket, tenant, await deps.quoteIdKey());
  const previous = bookingView(record, undefined).price;
  return {
    quoteId,
    bookingId,
    checkIn: to.checkIn,
    checkOut: to.checkOut,
    occupancies: to.occupancies,
    price: priceView(
      price,
      nightlyPrices(price.total, price.currency, { checkIn: to.checkIn, nights: nightsBetween(to.checkIn, to.checkOut) }, quote.nightly),
    ),
    previousPrice: previous,
    difference: {
      amount: Number(formatMinor(parseMinor(price.total, record.currency) - parseMinor(record.total, record.currency), record.currency)),
      currency: record.currency,
    },
    cancellationPolicy: policyView(policyInQuoteCurrency(quote.cancellationPolicy, price)),
    expiresAt,
  };
}

function ticketOf(
  record: BookingRecord,
  to: StayChangeTicket['to'],
  quote: StayChangeQuote,
  price: Price,
  now: Date,
  expiresAt: string,
): StayChangeTicket {
  return {
    bookingId: record.bookingId,
    changeId: `chg_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    quotedAt: now.toISOString(),
    expiresAt,
    from: { checkIn: record.checkIn, checkOut: record.checkOut, total: record.total },
    to,
    supplier: {
      price: { amount: quote.price.amount, currency: quote.price.currency },
      ...(quote.nightly ? { nightly: quote.nightly.map((night) => night.amount) } : {}),
      cancellationPolicy: quote.cancellationPolicy.map((entry) => ({ from: entry.from, amount: entry.penalty.amount })),
      ...(quote.commitToken ? { commitToken: quote.commitToken } : {}),
    },
    price: {
      net: price.net,
      markup: price.markup,
      commission: price.commission,
      tax: price.tax,
      serviceFee: price.serviceFee,
      total: price.total,
      payableAtHotel: price.payableAtHotel,
      ...(price.minimumSellingPrice !== undefined ? { minimumSellingPrice: price.minimumSellingPrice } : {}),
      ...(price.payAtProperty
        ? {
            payAtProperty: price.payAtProperty.map((charge) => ({
              kind: charge.kind,
              ...(charge.description !== undefined ? { description: charge.description } : {}),
              amount: charge.amount,
              currency: charge.currency,
              quote: charge.quote,
            })),
          }
        : {}),
    },
  };
}
