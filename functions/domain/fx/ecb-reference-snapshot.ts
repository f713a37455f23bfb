/**
 * An embedded snapshot of euro foreign exchange reference rates: units of each currency per 1 EUR,
 * written exactly as published (trailing zeros kept, they are part of the published figure).
 *
 * ECB figures: the ECB's euro foreign exchange reference rates for Friday 28 February 2025, transcribed
 * from a reproduction of the ECB's table for that date (not fetched from the ECB's own file, which this
 * machine cannot reach). Believed exact, but check against
 * https://www.ecb.europa.eu/stats/eurofxref/ before relying on a digit. BGN was published that day too and
 * is kept. The ECB publishes no rate for AED, BHD, EGP, MAD or KWD; see NON_ECB_RATES below.
 */

export const ECB_SNAPSHOT_DATE = '2025-02-28';
export const ECB_SOURCE = `ECB reference rates (embedded snapshot ${ECB_SNAPSHOT_DATE})`;

/** As published by the ECB for ECB_SNAPSHOT_DATE (see the file comment about how sure we are). */
const ECB_PER_EUR: Readonly<Record<string, string>> = {
  USD: '1.0411',
  JPY: '156.96',
  BGN: '1.9558',
  CZK: '25.029',
  DKK: '7.4583',
  GBP: '0.82608',
  HUF: '399.50',
  PLN: '4.1503',
  RON: '4.9768',
  SEK: '11.1880',
  CHF: '0.9394',
  ISK: '145.70',
  NOK: '11.7245',
  TRY: '38.0186',
  AUD: '1.6741',
  BRL: '6.0712',
  CAD: '1.5019',
  CNY: '7.5782',
  HKD: '8.0980',
  IDR: '17228.17',
  ILS: '3.7457',
  INR: '90.9710',
  KRW: '1519.92',
  MXN: '21.2191',
  MYR: '4.6459',
  NZD: '1.8579',
  PHP: '60.355',
  SGD: '1.4037',
  THB: '35.567',
  ZAR: '19.1917',
};

/**
 * Currencies the ECB does not quote, as units per 1 USD; their per-EUR figure is derived through the ECB's
 * USD rate (in decimal, exactly). Two kinds, each named in its `source`:
 * - fixed pegs set by their central banks (AED 3.6725 by the Central Bank of the UAE, BHD 0.376 by the
 *   Central Bank of Bahrain): exact by definition, so EUR→AED is as good as the ECB's EUR→USD;
 * - floating currencies (EGP, MAD): an indicative approximation of the market level around the snapshot
 *   date, NOT an official figure. Replace with a live feed before selling in these currencies.
 * KWD is left out on purpose: it floats against an undisclosed basket and we have no figure we can stand
 * behind; asking for it is an FxUnavailableError, not a guess.
 */
const NON_ECB_PER_USD: Readonly<Record<string, { readonly perUsd: string; readonly source: string }>> = {
  AED: { perUsd: '3.6725', source: `USD peg of the Central Bank of the UAE (3.6725) via ${ECB_SOURCE}` },
  BHD: { perUsd: '0.376', source: `USD peg of the Central Bank of Bahrain (0.376) via ${ECB_SOURCE}` },
  EGP: { perUsd: '50.60', source: `indicative approximation, not an official rate (USD/EGP 50.60) via ${ECB_SOURCE}` },
  MAD: { perUsd: '9.97', source: `indicative approximation, not an official rate (USD/MAD 9.97) via ${ECB_SOURCE}` },
};

/** A reference set: EUR-based figures plus currencies derived through USD. */
export interface ReferenceSnapshot {
  /** The date the figures are for (YYYY-MM-DD). */
  readonly asOf: string;
  /** Source of the per-EUR figures (and of EUR itself). */
  readonly source: string;
  /** Units per 1 EUR, as published. Must contain USD when `perUsd` is not empty. */
  readonly perEur: Readonly<Record<string, string>>;
  /** Units per 1 USD for currencies the EUR source does not quote, each with its own source. */
  readonly perUsd: Readonly<Record<string, { readonly perUsd: string; readonly source: string }>>;
}

export const EMBEDDED_REFERENCE_SNAPSHOT: ReferenceSnapshot = {
  asOf: ECB_SNAPSHOT_DATE,
  source: ECB_SOURCE,
  perEur: ECB_PER_EUR,
  perUsd: NON_ECB_PER_USD,
};
