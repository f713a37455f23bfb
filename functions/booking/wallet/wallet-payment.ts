/**
 * Paying a booking from the account's agent wallet (`payment.method = agent_wallet`). The money follows the
 * booking's states, and every step is idempotent per booking, so a retried step or a replayed request
 * never moves it twice:
 * - before the flow: the wallet must be the caller's (404), in the rate's currency, and able to cover the
 *   searched total (402 `insufficient-funds`), so a short wallet is told before any supplier call;
 * - BookWithSupplier: after the write-ahead record, the binding total is held (a conditional write that
 *   never takes `available` below zero); refused, the booking fails with 402 and no supplier is asked;
 * - confirmed (SaveBooking, or the reconciler settling a pending booking): the hold is captured for the
 *   confirmed total, before the record says confirmed, so a confirmed booking is always paid;
 * - failed or undone: whatever was taken goes back (a hold released, a capture refunded);
 * - cancelled: the total minus the penalty the supplier applied is refunded.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { formatMinor, parseMinor } from '../../domain/money/money.js';
import type { Wallet } from '../../domain/wallet/wallet.js';
import type { WalletStore } from '../../domain/wallet/wallet-store.js';
import type { BookingRecord } from '../record/booking-record.js';
import type { BookingRequest } from '../booking-request.js';

export type WalletPayments = Pick<WalletStore, 'get' | 'hold' | 'capture' | 'reverse' | 'refund'>;

type Paid = Pick<BookingRecord, 'tenant' | 'bookingId' | 'paymentMethod'>;

/** The wallet a booking is paid from, if any. */
function walletIdOf(payment: BookingRequest['payment'] | BookingRecord['paymentMethod']): string | undefined {
  return payment?.method === 'agent_wallet' ? payment.walletId : undefined;
}

function shortOfFunds(wallet: Pick<Wallet, 'walletId' | 'currency' | 'availableMinor'>, required: string, bookingId?: string): DomainError {
  return new DomainError(
    'payment-refused',
    `Wallet ${wallet.walletId} has ${formatMinor(wallet.availableMinor, wallet.currency)} ${wallet.currency} available, less than the ${required} ${wallet.currency} this booking costs; nothing was booked. Top up the wallet (or ask for a higher credit limit) and book with a new Idempotency-Key.`,
    { walletId: wallet.walletId, required: Number(required), currency: wallet.currency, ...(bookingId ? { bookingId } : {}) },
  );
}

/**
 * The check made before the flow starts (and before any supplier call): the wallet exists for this tenant,
 * is in the quote currency, and covers the searched total now. The hold in the flow is what guarantees it.
 */
export async function checkWalletFunds(
  tenant: string,
  payment: BookingRequest['payment'],
  quoted: { total: string; currency: string },
  wallets: WalletPayments,
): Promise<void> {
  const walletId = walletIdOf(payment);
  if (!walletId) return;
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
  if (wallet.availableMinor < parseMinor(quoted.total, quoted.currency)) throw shortOfFunds(wallet, quoted.total);
}

/** Holds the binding total before the supplier is asked; payment-refused, not-found or invalid when it cannot. */
export async function holdBookingTotal(
  tenant: string,
  bookingId: string,
  payment: BookingRequest['payment'],
  total: { total: string; currency: string },
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(payment);
  if (!walletId) return;
  const outcome = await wallets.hold(tenant, walletId, bookingId, parseMinor(total.total, total.currency), total.currency, now);
  if (outcome === 'held') return;
  if (outcome === 'not-found') throw new DomainError('not-found', `No wallet ${walletId}`, { walletId, bookingId });
  if (outcome === 'currency-mismatch') throw invalidFields([{ path: 'payment.walletId', message: `is not a ${total.currency} wallet` }]);
  const wallet = await wallets.get(tenant, walletId);
  throw shortOfFunds(wallet ?? { walletId, currency: total.currency, availableMinor: 0 }, total.total, bookingId);
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

/** The booking did not stand: whatever its wallet gave is given back. */
export async function giveBackBookingFunds(booking: Paid, wallets: WalletPayments, now: Date): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (walletId) await wallets.reverse(booking.tenant, walletId, booking.bookingId, now);
}

/** A cancelled booking: its total minus the applied penalty (both in the booking's currency) goes back. */
export async function refundCancelledBooking(
  booking: Paid & Pick<BookingRecord, 'total' | 'currency'>,
  penaltyAmount: string,
  wallets: WalletPayments,
  now: Date,
): Promise<void> {
  const walletId = walletIdOf(booking.paymentMethod);
  if (!walletId) return;
  const refundMinor = Math.max(0, parseMinor(booking.total, booking.currency) - parseMinor(penaltyAmount, booking.currency));
  await wallets.refund(booking.tenant, walletId, booking.bookingId, refundMinor, now);
}
