/**
 * FxRates over dated figures (fx-figure.ts): the latest day the feed stored, and the operators' rates for
 * what it lacks, each leg with its own source and day. What deployed functions convert with.
 *
 * Never a stale figure: a leg whose day is more than `maxAgeDays` before `today` (calendar days, UTC) is not
 * used, and the pair answers FxUnavailableError `stale`, as does a currency the feed publishes of which no
 * figure has been read yet: the quote waits for the feed's next run or an operator's rate. A currency no
 * source quotes at all is `unquoted` (not a currency we quote in).
 *
 * The stamp: `rate` crossed through the euro as fx-figure.ts says; `source` names the legs' sources; `asOf`
 * is the day of the figures, the older of the two legs' when both are figures. Identity needs no figure:
 * rate "1", stamped with the day of the quote.
 */
import { daysBefore, daysBetween } from './calendar-day.js';
import { CURRENCY_CODE, EURO_LEG, IDENTITY_SOURCE, combineSources, crossRate, olderDay, type FxLeg } from './fx-figure.js';
import { FxUnavailableError, type FxQuote, type FxRates } from './fx-rates.js';

export interface DatedFxRatesOptions {
  /** The day (YYYY-MM-DD, UTC) of the quote. */
  readonly today: string;
  /** A figure older than this many days is never used (the stack setting fxMaxAgeDays). */
  readonly maxAgeDays: number;
  /** Currencies a source is expected to quote (the feed's): one without a usable figure is stale, not unquoted. */
  readonly expected: ReadonlySet<string>;
}

export class DatedFxRates implements FxRates {
  private readonly oldestUsable: string;

  /** `legs`: per currency, its figure (with its source and day); EUR needs none. */
  constructor(
    private readonly legs: ReadonlyMap<string, FxLeg>,
    private readonly options: DatedFxRatesOptions,
  ) {
    this.oldestUsable = daysBefore(options.today, options.maxAgeDays);
  }

  rate(from: string, to: string, _asOf?: string): FxQuote {
    if (from === to && CURRENCY_CODE.test(from)) return { from, to, rate: '1', source: IDENTITY_SOURCE, asOf: this.options.today };
    const fromLeg = this.leg(from, from, to);
    const toLeg = this.leg(to, from, to);
    return {
      from,
      to,
      rate: crossRate(from, fromLeg, toLeg),
      source: combineSources(fromLeg.source, toLeg.source),
      asOf: olderDay(fromLeg.asOf, toLeg.asOf) ?? this.options.today,
    };
  }

  private leg(currency: string, from: string, to: string): FxLeg {
    if (currency === 'EUR') return EURO_LEG;
    const leg = CURRENCY_CODE.test(currency) ? this.legs.get(currency) : undefined;
    const { maxAgeDays, today } = this.options;
    if (!leg) {
      if (this.options.expected.has(currency))
        throw new FxUnavailableError(from, to, `no figure for ${currency} has been read from the feed yet`, 'stale');
      throw new FxUnavailableError(from, to, `${currency} is quoted neither by the feed nor by an operator's rate`);
    }
    if (leg.asOf !== undefined && leg.asOf < this.oldestUsable) {
      throw new FxUnavailableError(
        from,
        to,
        `the latest figure for ${currency} (${leg.source}) is of ${leg.asOf}, ${daysBetween(leg.asOf, today)} days old, past the maximum age of ${maxAgeDays} days`,
        'stale',
      );
    }
    return leg;
  }
}
