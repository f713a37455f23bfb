/**
 * The FX rates quotes convert with: the latest day the feed job stored and the operators' rates
 * (dynamo-fx-rates.ts), never a figure past the maximum age (functions/domain/fx/dated-fx-rates.ts).
 *
 * Read once per FX_CACHE_MS per function environment, not per search: a search prices thousands of rates
 * with one set of figures, and a busy search function would otherwise read the table on every request. The
 * figures change once a working day (or when an operator sets one), so a minute's delay costs nothing; the
 * maximum age is judged on every `ratesFor`, against the clock, so a cached figure never outlives it.
 */
import { utcDay } from '../domain/fx/calendar-day.js';
import { DatedFxRates } from '../domain/fx/dated-fx-rates.js';
import { ECB_REFERENCE_CURRENCIES } from '../domain/fx/ecb-currencies.js';
import { usableFigures } from '../domain/fx/feed-day.js';
import type { FxLeg } from '../domain/fx/fx-figure.js';
import type { FxFiguresStore } from '../domain/fx/fx-figures-store.js';
import type { FxRates, FxRatesProvider } from '../domain/fx/fx-rates.js';
import { DynamoFxRateStore } from './dynamo-fx-rates.js';
import { FX_CACHE_MS, type FxSettings } from './fx-settings.js';

const EXPECTED = new Set(ECB_REFERENCE_CURRENCIES);

export interface StoredFxRatesOptions {
  readonly store?: FxFiguresStore;
  readonly now?: () => Date;
  readonly cacheMs?: number;
}

export function storedFxRates(settings: FxSettings, options: StoredFxRatesOptions = {}): FxRatesProvider {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? settings.cacheMs ?? FX_CACHE_MS;
  let store = options.store;
  let cached: { legs: Promise<Map<string, FxLeg>>; until: number } | undefined;
  const legs = (): Promise<Map<string, FxLeg>> => {
    const at = Date.now();
    if (cached && cached.until > at) return cached.legs;
    store ??= new DynamoFxRateStore();
    const reading = Promise.all([store.latestFeedDay(), store.operatorRates()]).then(([day, operators]) => usableFigures(day, operators));
    cached = { legs: reading, until: at + cacheMs };
    // A failed read is not kept: the next quote reads again.
    reading.catch(() => {
      if (cached?.legs === reading) cached = undefined;
    });
    return reading;
  };
  return {
    async ratesFor(): Promise<FxRates> {
      return new DatedFxRates(await legs(), { today: utcDay(now()), maxAgeDays: settings.maxAgeDays, expected: EXPECTED });
    },
  };
}
