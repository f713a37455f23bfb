import { rateMoney } from '../../domain/money/money.js';
import type { BoardBasis, CancellationPenalty, PaymentModel } from '../port.js';
import { cancellationPenalty } from '../rate-shape.js';
import { SupplierError } from '../supplier-error.js';

/**
 * The port's opaque rate key for Expedia. Rapid has no rate key: a shopped rate is its price-check link
 * (and, once checked, a book link), while the price check answers only status and prices. The key therefore
 * carries the link(s), the requested rooms and what the shop said about the rate, so checkRate and book can
 * return a full port rate without shopping again.
 */
export interface ExpediaRateKey {
  readonly priceCheckHref: string;
  /** Present once the rate has been price-checked; booking goes straight to it. */
  readonly bookHref?: string;
  readonly propertyId: string;
  /** Rapid occupancy strings, one per requested room, in order. */
  readonly occupancies: readonly string[];
  readonly roomTypeCode: string;
  readonly roomTypeName: string;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  readonly payment: PaymentModel;
  /** As shopped: `nonrefundable_date_ranges` already folded in (map-wire.ts cancellationPolicy). */
  readonly cancellationPolicy: readonly CancellationPenalty[];
  /** Rapid's rate id: the content API's `rates.{id}` texts are the rate's own remarks. */
  readonly rateId?: string;
  /** `sale_scenario.package`: sold only bundled with transport. */
  readonly packageOnly?: boolean;
  /**
   * The price check answered with a `payment_session` link instead of `book` (PSD2 applies to the
   * partner): booking needs a payment session this integration does not open.
   */
  readonly paymentSessionOnly?: boolean;
}

const PREFIX = 'exp1.';

function isPenalty(value: unknown): value is CancellationPenalty {
  const entry = value as Partial<CancellationPenalty> | null;
  return typeof entry?.from === 'string' && typeof entry.penalty?.amount === 'string' && typeof entry.penalty.currency === 'string';
}

export function packRateKey(key: ExpediaRateKey): string {
  return `${PREFIX}${Buffer.from(JSON.stringify(key)).toString('base64url')}`;
}

export function unpackRateKey(text: string): ExpediaRateKey {
  if (text.startsWith(PREFIX)) {
    try {
      const parsed = JSON.parse(Buffer.from(text.slice(PREFIX.length), 'base64url').toString('utf8')) as Partial<ExpediaRateKey>;
      if (
        typeof parsed.priceCheckHref === 'string' &&
        typeof parsed.propertyId === 'string' &&
        Array.isArray(parsed.occupancies) &&
        typeof parsed.roomTypeCode === 'string' &&
        Array.isArray(parsed.cancellationPolicy) &&
        parsed.cancellationPolicy.every(isPenalty)
      ) {
        // The penalties go into the checked rate: rebuilt so they have the shape every adapter's penalties have.
        const cancellationPolicy = parsed.cancellationPolicy.map((p) =>
          cancellationPenalty(p.from, rateMoney(p.penalty.amount, p.penalty.currency)),
        );
        return { ...parsed, cancellationPolicy } as ExpediaRateKey;
      }
    } catch {
      // reported below
    }
  }
  throw new SupplierError('rejected', 'expedia', 'not an Expedia rate key', { operation: 'rateKey' });
}
