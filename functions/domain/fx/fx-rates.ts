/**
 * The fx port. Pricing asks one question: how many units of `to` is one unit of `from` worth, by whose
 * figures and as of when. The answer is a decimal string, so a rate never passes through a binary float
 * and the exact figure used for a conversion can be stamped on the price and reproduced later.
 *
 * Two levels, so a live feed can replace the embedded table without touching pricing:
 * - `FxRatesProvider.ratesFor(asOf?)` is the I/O boundary (a live feed fetches or reads a cache here);
 * - the `FxRates` it resolves to answers synchronously, so one search prices every rate with one
 *   consistent set of figures and pricing stays a pure function.
 */

export interface FxQuote {
  readonly from: string;
  readonly to: string;
  /** Units of `to` per one unit of `from`, as a plain decimal string ("1" for the identity). */
  readonly rate: string;
  /** Whose figures ("ECB reference rates (embedded snapshot)", a live feed's name, ...). */
  readonly source: string;
  /** The date (YYYY-MM-DD) or instant (UTC ISO 8601) the figures are valid for. */
  readonly asOf: string;
  /**
   * Only where the account adds a conversion margin (its pricing rules' fxMarginBps): `rate` is then the
   * rate applied, this the reference rate it was made from, and `marginBps` the margin in basis points,
   * rate = referenceRate × (1 + marginBps / 10000) exactly.
   */
  readonly referenceRate?: string;
  readonly marginBps?: number;
}

export interface FxRates {
  /**
   * Throws FxUnavailableError when either currency is not quoted. `asOf` asks for the figures valid at
   * that instant; a source with a single snapshot answers with its own and says so in `asOf`.
   */
  rate(from: string, to: string, asOf?: string): FxQuote;
}

export interface FxRatesProvider {
  /** The rates to use for one search or one rate check (I/O lives here, not in `FxRates.rate`). */
  ratesFor(asOf?: string): Promise<FxRates>;
}

/**
 * Why a pair cannot be converted:
 * - `unquoted`: no source we use quotes the currency at all (not a currency we quote in);
 * - `stale`: a source quotes it, but its latest figure is older than the maximum age, or has not been read
 *   yet: it is never used, and the quote waits for a fresh one (the feed's next run, an operator's rate).
 */
export type FxUnavailableReason = 'unquoted' | 'stale';

export class FxUnavailableError extends Error {
  override readonly name = 'FxUnavailableError';
  constructor(
    readonly from: string,
    readonly to: string,
    reason: string,
    readonly why: FxUnavailableReason = 'unquoted',
  ) {
    super(`no fx rate ${from}→${to}: ${reason}`);
  }
}
