/**
 * FxRates over one reference snapshot of a single date (the embedded ECB set by default): what the unit
 * tests and benchmarks price with, and the figures the sandbox ECB feed serves. Deployed functions convert
 * with the feed's stored figures instead (dated-fx-rates.ts). Every pair is crossed through EUR in decimal
 * as fx-figure.ts says; a currency derived through USD is the exact product perUsd × USD-per-EUR.
 * Identity is exactly "1".
 */
import { Decimal } from '../money/decimal.js';
import { EMBEDDED_REFERENCE_SNAPSHOT, type ReferenceSnapshot } from './ecb-reference-snapshot.js';
import { CURRENCY_CODE, IDENTITY_SOURCE, combineSources, crossRate, positiveFigure } from './fx-figure.js';
import { FxUnavailableError, type FxQuote, type FxRates, type FxRatesProvider } from './fx-rates.js';

export { IDENTITY_SOURCE, RATE_SIGNIFICANT_DIGITS } from './fx-figure.js';

interface PerEur {
  readonly perEur: Decimal;
  readonly source: string;
}

export class ReferenceFxRates implements FxRates, FxRatesProvider {
  private readonly table: ReadonlyMap<string, PerEur>;

  constructor(private readonly snapshot: ReferenceSnapshot = EMBEDDED_REFERENCE_SNAPSHOT) {
    this.table = buildTable(snapshot);
  }

  /** The currencies this snapshot can convert between (EUR included), sorted. */
  currencies(): string[] {
    return [...this.table.keys()].sort();
  }

  rate(from: string, to: string, _asOf?: string): FxQuote {
    // One snapshot, one date: whatever `asOf` asked for, the stamp says which figures were used.
    const asOf = this.snapshot.asOf;
    // Identity needs no figures, so it works for any currency code, quoted or not.
    if (from === to && CURRENCY_CODE.test(from)) return { from, to, rate: '1', source: IDENTITY_SOURCE, asOf };
    const fromLeg = this.leg(from, from, to);
    const toLeg = this.leg(to, from, to);
    return {
      from,
      to,
      rate: crossRate(from, { ...fromLeg, asOf }, { ...toLeg, asOf }),
      source: combineSources(fromLeg.source, toLeg.source),
      asOf,
    };
  }

  async ratesFor(_asOf?: string): Promise<FxRates> {
    return this;
  }

  private leg(currency: string, from: string, to: string): PerEur {
    const leg = CURRENCY_CODE.test(currency) ? this.table.get(currency) : undefined;
    if (!leg) throw new FxUnavailableError(from, to, `${currency} is not in ${this.snapshot.source}`);
    return leg;
  }
}

function buildTable(snapshot: ReferenceSnapshot): Map<string, PerEur> {
  const table = new Map<string, PerEur>([['EUR', { perEur: new Decimal(1), source: snapshot.source }]]);
  for (const [code, perEur] of Object.entries(snapshot.perEur)) {
    table.set(code, { perEur: positive(perEur, code), source: snapshot.source });
  }
  const usd = table.get('USD');
  for (const [code, { perUsd, source }] of Object.entries(snapshot.perUsd)) {
    if (!usd) throw new Error(`snapshot ${snapshot.asOf}: ${code} is given per USD but USD has no per-EUR figure`);
    // A product of two finite decimals is exact at our precision: no rounding happens here.
    table.set(code, { perEur: positive(perUsd, code).times(usd.perEur), source });
  }
  return table;
}

function positive(text: string, code: string): Decimal {
  try {
    return positiveFigure(text, code);
  } catch {
    throw new Error(`reference rate for ${code} must be positive: ${text}`);
  }
}

/** The embedded ECB snapshot: tests, benchmarks and the sandbox feed's figures (see pricing/README.md). */
export const embeddedFxRates = new ReferenceFxRates();
