/**
 * A price's nightly split (API-SPEC "Changing and cancelling, previewed": `price.nightly`): what each night of
 * the stay costs in the quote currency, adding up to the price's total to the minor unit. Consumer-protection
 * rules in several markets ask for a per-night price beside the total, and partners show it.
 *
 * The split follows the supplier's own nightly figures where it gives them (Rapid `nightly`, Hotelbeds
 * `dailyRates`, OpenTravel's per-night `Rate`): each night takes the share of the total its figure has of the
 * supplier's nights together, rounded down to the minor unit, so markup, fees and conversion fall on the
 * nights as the supplier's own price does. Without figures (or with figures that cannot be shares: another
 * count of nights, a negative night, nothing at all) the total is spread evenly. Either way what rounding
 * leaves goes to the last night, so the nights always add up to the total exactly.
 *
 * Integer minor units in BigInt: a share is total × night / all nights, exact whatever the amounts.
 */
import { type Money, formatMinor, money, parseMinor } from '../money/money.js';

export interface NightlyPrice {
  /** The night's date (the evening it starts), YYYY-MM-DD. */
  readonly date: string;
  /** Decimal string in the price's currency. */
  readonly total: string;
}

const DAY_MS = 86_400_000;

/** The stay's nights, as dates from check-in. */
export function stayDates(checkIn: string, nights: number): string[] {
  const start = Date.parse(`${checkIn}T00:00:00Z`);
  if (Number.isNaN(start) || !Number.isInteger(nights) || nights < 1) return [];
  return Array.from({ length: nights }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** The supplier's nightly figures as weights in minor units, or undefined where they cannot split `nights` nights. */
function weightsOf(figures: readonly Money[] | undefined, nights: number): bigint[] | undefined {
  if (!figures || figures.length !== nights) return undefined;
  const currency = figures[0]?.currency;
  const weights: bigint[] = [];
  for (const figure of figures) {
    if (figure.currency !== currency) return undefined;
    let minor: number;
    try {
      minor = parseMinor(figure.amount, figure.currency);
    } catch {
      return undefined;
    }
    if (minor < 0) return undefined;
    weights.push(BigInt(minor));
  }
  return weights.reduce((sum, w) => sum + w, 0n) > 0n ? weights : undefined;
}

/**
 * `total` (in `currency`) over the stay's nights from `checkIn`: by the supplier's `figures` where they can
 * share it, evenly otherwise; the remainder of rounding on the last night. Empty for a stay of no nights.
 */
export function nightlyPrices(
  total: string,
  currency: string,
  stay: { readonly checkIn: string; readonly nights: number },
  figures?: readonly Money[],
): NightlyPrice[] {
  const dates = stayDates(stay.checkIn, stay.nights);
  if (dates.length === 0) return [];
  const totalMinor = BigInt(parseMinor(total, currency));
  const weights = weightsOf(figures, dates.length) ?? dates.map(() => 1n);
  const all = weights.reduce((sum, w) => sum + w, 0n);
  const shares = weights.map((w) => (totalMinor * w) / all);
  const last = shares.length - 1;
  shares[last] = totalMinor - shares.slice(0, last).reduce((sum, share) => sum + share, 0n);
  return dates.map((date, i) => ({ date, total: formatMinor(Number(shares[i]), currency) }));
}

/** The supplier's nightly figures of several rooms (or occupancy groups) as one list: night by night, added. */
export function addNightly(parts: readonly (readonly Money[] | undefined)[]): Money[] | undefined {
  const first = parts[0];
  if (!first || parts.some((part) => !part || part.length !== first.length || part.some((m) => m.currency !== first[0]?.currency)))
    return undefined;
  const currency = first[0]?.currency;
  if (currency === undefined) return undefined;
  return first.map((_, night) => {
    return money(
      parts.reduce((sum, part) => sum + parseMinor(part![night]!.amount, currency), 0),
      currency,
    );
  });
}
