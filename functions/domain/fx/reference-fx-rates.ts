/**
 * FxRates over a reference snapshot (the embedded ECB set by default). Every pair is crossed through
 * EUR in decimal: rate(A→B) = perEur(B) / perEur(A).
 *
 * Precision: a rate with EUR as `from` is the published figure itself (or, for a currency derived through
 * USD, the exact product perUsd × USD-per-EUR). Any other quotient is rounded half up to
 * RATE_SIGNIFICANT_DIGITS significant digits, and that rounded string is what conversion multiplies by and
 * what the price's fx stamp shows, so a stamped conversion can be re-done by hand to the minor unit.
 * Identity is exactly "1".
 */
import { Decimal, decimalText, parseDecimal } from '../money/decimal.js';
import { EMBEDDED_REFERENCE_SNAPSHOT, type ReferenceSnapshot } from './ecb-reference-snapshot.js';
import { FxUnavailableError, type FxQuote, type FxRates, type FxRatesProvider } from './fx-rates.js';

export const RATE_SIGNIFICANT_DIGITS = 12;

interface PerEur {
  readonly perEur: Decimal;
  readonly source: string;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
export const IDENTITY_SOURCE = 'identity (no conversion)';

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
    const quotient = toLeg.perEur.dividedBy(fromLeg.perEur);
    const rate = from === 'EUR' ? quotient : quotient.toSignificantDigits(RATE_SIGNIFICANT_DIGITS);
    return { from, to, rate: decimalText(rate), source: combineSources(fromLeg.source, toLeg.source), asOf };
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
  const value = parseDecimal(text);
  if (!value.isPositive() || value.isZero()) throw new Error(`reference rate for ${code} must be positive: ${text}`);
  return value;
}

/** Both legs' sources, without repeating one another already names (a USD-derived leg names the ECB's). */
function combineSources(a: string, b: string): string {
  if (a === b || b.includes(a)) return b;
  if (a.includes(b)) return a;
  return `${a} + ${b}`;
}

/** The default: the embedded ECB snapshot. Swap for a live provider (see pricing/README.md). */
export const embeddedFxRates = new ReferenceFxRates();
