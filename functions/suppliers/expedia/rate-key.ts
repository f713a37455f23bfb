import type { BoardBasis, CancellationPenalty, PaymentModel } from '../port.js';
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
  readonly cancellationPolicy: readonly CancellationPenalty[];
}

const PREFIX = 'exp1.';

export function packRateKey(key: ExpediaRateKey): string {
  return `${PREFIX}${Buffer.from(JSON.stringify(key)).toString('base64url')}`;
}

export function unpackRateKey(text: string): ExpediaRateKey {
  if (text.startsWith(PREFIX)) {
    try {
      const parsed = JSON.parse(Buffer.from(text.slice(PREFIX.length), 'base64url').toString('utf8')) as Partial<ExpediaRateKey>;
      if (typeof parsed.priceCheckHref === 'string' && typeof parsed.propertyId === 'string' && Array.isArray(parsed.occupancies)
        && typeof parsed.roomTypeCode === 'string' && Array.isArray(parsed.cancellationPolicy)) {
        return parsed as ExpediaRateKey;
      }
    } catch {
      // reported below
    }
  }
  throw new SupplierError('rejected', 'expedia', 'not an Expedia rate key', { operation: 'rateKey' });
}
