/**
 * A supplier rate priced for the account: the rate's identity and terms with its Price in the quote
 * currency. Search prices every offered rate into one; the rate check and the booking price the rate the
 * supplier re-validated into one, so both describe it with the same describeRate (shown-rate.ts).
 */
import type { CancellationPenalty } from '../cancellation/cancellation-penalty.js';
import type { Price } from '../pricing/price.js';
import type { SupplierRate } from './supplier-rate.js';

/** What describing a rate reads of a priced rate (a PricedRate, or one read back from a stored search). */
export interface DescribableRate {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly rate: Pick<SupplierRate, 'supplierRateKey' | 'roomTypeName' | 'payment' | 'remarks' | 'packageOnly' | 'nightly'>;
  readonly boardBasis: SupplierRate['boardBasis'];
  readonly refundable: boolean;
  readonly cancellationPolicy: readonly CancellationPenalty[];
  readonly price: Price;
}

/** A supplier rate priced for the account: what describing it reads, with the whole supplier rate. */
export interface PricedRate extends DescribableRate {
  readonly rate: SupplierRate;
}
