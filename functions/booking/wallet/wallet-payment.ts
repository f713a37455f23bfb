/**
 * Paying a booking from the account's agent wallet (`payment.method = agent_wallet`). The money follows the
 * booking's states, and every step is idempotent per booking, so a retried step or a replayed request
 * never moves it twice:
 * - before the flow: the wallet must be the caller's (404), in the rate's currency, and able to cover the
 *   most the booking may cost (402 `insufficient-funds`), so a short wallet is told before any supplier call;
 * - BookWithSupplier: after the write-ahead record, the most the partner agreed to pay is held (the binding
 *   total, raised to the searched total plus the priceTolerance when one is sent: wallet-hold-amount.ts), a
 *   conditional write that never takes `available` below zero; refused, the booking fails with 402 and no
 *   supplier is asked;
 * - the supplier's confirmed total must fit in that hold: above it, the booking is undone as a price above
 *   the tolerance is (UndoBooking, 409 `price-changed`; the settle path undoes a pending one the same way),
 *   so a capture never pays more than was held;
 * - confirmed (SaveBooking, or the reconciler settling a pending booking): the hold is captured for the
 *   confirmed total, before the record says confirmed, so a confirmed booking is always paid; what the hold
 *   kept beyond it is free again;
 * - failed or undone: whatever was taken goes back (a hold released, a capture refunded);
 * - cancelled: what the capture paid minus the penalty the supplier applied is refunded.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { formatMinor, parseMinor } from '../../domain/money/money.js';
import { stayChangeKey } from '../../domain/wallet/stay-change-payment.js';
import type { Wallet } from '../../domain/wallet/wallet.js';
import type { WalletStore } from '../../domain/wallet/wallet-store.js';
import type { BookingRecord } from '../record/booking-record.js';
import type { BookingRequest } from '../booking-request.js';
import { walletHoldMinor, type AgreedPrice } from './wallet-hold-amount.js';

export type WalletPayments = Pick<
  WalletStore,
  'get' | 'hold' | 'holdOf' | 'capture' | 'reverse' | 'refundCancelled' | 'release' | 'captureStayChange' | 'refundStayChange'
>;

type PaidRequest = Pick<BookingRequest, 'payment' | 'priceTolerance'>;

type Paid = Pick<BookingRecord, 'tenant' | 'bookingId' | 'paymentMethod'>;

/** The wallet a booking is paid from, if any. */
function walletIdOf(payment: BookingRequest['payment'] | BookingRecord['paymentMethod']): string | undefined {
  return payment?.method === 'agent_wallet' ? payment.walletId : undefined;
}

function shortOfFunds(
  wallet: Pick<Wallet, 'walletId' | 'currency' | 'availableMinor'>,
  request: PaidRequest,
  required: string,
  bookingId?: string,
): DomainError {
  const costs = request.priceTolerance ? 'may cost (its total raised by your priceTolerance)' : 'costs';
  return new DomainError(
    'payment-refused',
    `Wallet ${wallet.walletId} has ${formatMinor(wallet.availableMinor, wallet.currency)} ${wallet.currency} available, less than the ${required} ${wallet.currency} this booking ${costs}; nothing was booked. Top up the wallet (or ask for a higher credit limit) and book with a new Idempotency-Key.`,
    { walletId: wallet.walletId, required: Number(required), currency: wallet.currency, ...(bookingId ? { bookingId } : {}) },
  );
}

/**
 * The check made before the flow starts (and before any supplier call): the wallet exists for this tenant,
 * is in the quote currency, and covers now what the flow will hold for the searched total. The hold in the
 * flow is what guarantees it.
 */
export async function checkWalletFunds(
  tenant: string,
  request: PaidRequest,
  quoted: { total: string; currency: string },
  wallets: WalletPayments,
): Promise<void> {
  const walletId = walletIdOf(request.payment);
  if (!walletId) return;
  const requiredMinor = walletHoldMinor(request, { quotedTotal: quoted.total, bindingTotal: quoted.total, currency: quoted.currency });
  if (requiredMinor <= 0) {
    throw invalidFields([
      { path: 'payment.method', message: `agent_wallet pays a booking that costs something; this rate's total is ${quoted.total}` },
    ]);
  }
  const wallet = await wallets.get(tenant, walletId);
  if (!wallet) throw new DomainError('not-found', `No wallet ${walletId}`, { walletId });
  if (wallet.currency !== quoted.currency) {
    throw invalidFields([
      {
        path: 'payment.walletId',
        message: `is a ${wallet.currency} wallet; this rate is quoted in ${quoted.currency} (pay from a ${quoted.currency} wallet, or search with currency ${wallet.currency})`,
      },
    ]);
  }
  if (wallet.availableMinor < requiredMinor) throw shortOfFunds(wallet, request, formatMinor(requiredMinor, quoted.currency));
}

/**
 * Holds the most the partner agreed to pay (wallet-hold-amount.ts) before the supplier is asked;
 * payment-refused, not-found or invalid when it cannot.
 */
export async function holdAgreedTotal(
  tenant: string,
  bookingId: string,
  request: PaidRequest,
  price: AgreedPrice,
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(request.payment);
  if (!walletId) return;
  const amountMinor = walletHoldMinor(request, price);
  const outcome = await wallets.hold(tenant, walletId, bookingId, amountMinor, price.currency, now);
  if (outcome === 'held') return;
  if (outcome === 'not-found') throw new DomainError('not-found', `No wallet ${walletId}`, { walletId, bookingId });
  if (outcome === 'currency-mismatch') throw invalidFields([{ path: 'payment.walletId', message: `is not a ${price.currency} wallet` }]);
  const wallet = await wallets.get(tenant, walletId);
  const required = formatMinor(amountMinor, price.currency);
  throw shortOfFunds(wallet ?? { walletId, currency: price.currency, availableMinor: 0 }, request, required, bookingId);
}

/** Whether the wallet's hold covers `total` (a booking paid otherwise has no hold to fit in). */
export function withinWalletHold(request: PaidRequest, price: AgreedPrice, total: string): boolean {
  if (!walletIdOf(request.payment)) return true;
  return parseMinor(total, price.currency) <= walletHoldMinor(request, price);
}

/** The booking is confirmed at `total`: its hold becomes the payment (a no-op for other payments, or when done). */
export async function captureBookingTotal(
  booking: Paid,
  total: { total: string; currency: string },
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (walletId) await wallets.capture(booking.tenant, walletId, booking.bookingId, now, parseMinor(total.total, total.currency));
}

/**
 * Whether the booking's hold, as it stands, can pay `total` when it is confirmed at it: a booking paid
 * otherwise, or a hold captured or released before (its capture is then a no-op), has nothing to refuse.
 */
export async function walletHoldCovers(
  booking: Paid,
  total: { total: string; currency: string },
  wallets: WalletPayments,
): Promise<boolean> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (!walletId) return true;
  const hold = await wallets.holdOf(booking.tenant, walletId, booking.bookingId);
  return hold?.status !== 'held' || parseMinor(total.total, total.currency) <= hold.amountMinor;
}

/** The booking did not stand: whatever its wallet gave is given back. */
export async function giveBackBookingFunds(booking: Paid, wallets: WalletPayments, now: Date): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (walletId) await wallets.reverse(booking.tenant, walletId, booking.bookingId, now);
}

/** A cancelled booking: what its capture paid minus the applied penalty (in the booking's currency, the wallet's) goes back. */
export async function refundCancelledBooking(
  booking: Paid & Pick<BookingRecord, 'currency'>,
  penaltyAmount: string,
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (!walletId) return;
  await wallets.refundCancelled(booking.tenant, walletId, booking.bookingId, parseMinor(penaltyAmount, booking.currency), now);
}

/**
 * A stay change's rise, held before its supplier is asked (a short wallet is 402 with nothing changed); the
 * hold is the change's own (stayChangeKey), so a retry holds nothing twice.
 */
export async function holdStayChangeRise(
  booking: Paid & Pick<BookingRecord, 'currency'>,
  changeId: string,
  riseMinor: number,
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (!walletId || riseMinor <= 0) return;
  const outcome = await wallets.hold(
    booking.tenant,
    walletId,
    stayChangeKey(booking.bookingId, changeId),
    riseMinor,
    booking.currency,
    now,
  );
  if (outcome === 'held') return;
  if (outcome === 'not-found') throw new DomainError('not-found', `No wallet ${walletId}`, { walletId, bookingId: booking.bookingId });
  const wallet = await wallets.get(booking.tenant, walletId);
  const required = formatMinor(riseMinor, booking.currency);
  throw new DomainError(
    'payment-refused',
    `Wallet ${walletId} has ${formatMinor(wallet?.availableMinor ?? 0, booking.currency)} ${booking.currency} available, less than the ${required} ${booking.currency} this change adds to the booking; nothing was changed. Top up the wallet and commit the quote again with a new Idempotency-Key.`,
    { walletId, required: Number(required), currency: booking.currency, bookingId: booking.bookingId },
  );
}

/** A stay change made: its rise captured from its hold, or its fall refunded (nothing for a booking paid otherwise). */
export async function settleStayChangePayment(
  booking: Paid & Pick<BookingRecord, 'currency'>,
  change: { readonly changeId: string; readonly previousTotal: string; readonly total: string },
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (!walletId) return;
  const difference = parseMinor(change.total, booking.currency) - parseMinor(change.previousTotal, booking.currency);
  if (difference > 0) await wallets.captureStayChange(booking.tenant, walletId, booking.bookingId, change.changeId, difference, now);
  else if (difference < 0) await wallets.refundStayChange(booking.tenant, walletId, booking.bookingId, change.changeId, -difference, now);
}

/** A stay change not made: its rise's hold, if one was placed, given back. */
export async function releaseStayChangeHold(booking: Paid, changeId: string, wallets: WalletPayments, now: Date): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (walletId) await wallets.release(booking.tenant, walletId, stayChangeKey(booking.bookingId, changeId), now);
}
