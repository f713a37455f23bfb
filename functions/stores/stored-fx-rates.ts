/**
 * The FX rates quotes convert with: the latest day the feed job stored and the operators' rates
 * (dynamo-fx-rates.ts), never a figure past the maximum age (functions/domain/fx/dated-fx-rates.ts).
 *
 * Read once per FX_CACHE_MS per function environment, not per search: a search prices thousands of rates
 * with one set of figures, and a busy search function would otherwise read the table on every request. The
 * figures change once a working day (or when an operator sets one), so a minute's delay costs nothing; the
 * maximum age is judged on every `ratesFor`, against the clock, so a cached figure never outlives it.
 */
import { daysBefore, utcDay } from '../domain/fx/calendar-day.js';
import { DatedFxRates } from '../domain/fx/dated-fx-rates.js';
import { ECB_REFERENCE_CURRENCIES } from '../domain/fx/ecb-currencies.js';
import { usableFigures } from '../domain/fx/feed-day.js';
import type { FxLeg } from '../domain/fx/fx-figure.js';
import type { FxFiguresStore } from '../domain/fx/fx-figures-store.js';
import type { FxRates, FxRatesProvider } from '../domain/fx/fx-rates.js';
import { configFragment } from '../shared/config-schema.js';
import { integerVariable } from '../shared/config-variables.js';
import { DynamoFxRateStore } from './dynamo-fx-rates.js';

/** The stack's default maximum age (lib: `-c fxMaxAgeDays`): a long weekend's Thursday figures are 4 days old on Monday. */
export const DEFAULT_FX_MAX_AGE_DAYS = 4;
export const FX_CACHE_MS = 60 * 1000;

export interface FxSettings {
  /** A figure more than this many calendar days old is never used. */
  readonly maxAgeDays: number;
  /** How long a function environment keeps the figures it read before reading them again. */
  readonly cacheMs?: number;
}

export const DEFAULT_FX_SETTINGS: FxSettings = { maxAgeDays: DEFAULT_FX_MAX_AGE_DAYS };

/**
 * FX_MAX_AGE_DAYS (the stack's fxMaxAgeDays) and FX_CACHE_SECONDS (default 60; tests that age figures under a
 * running host set 0), in every function that quotes (search, booking, the flow, the reconciler).
 */
export const fxSettingsConfig = configFragment(
  { FX_MAX_AGE_DAYS: integerVariable(1, 30, 'days').optional(), FX_CACHE_SECONDS: integerVariable(0, 300, 'seconds').optional() },
  (values): FxSettings => ({
    maxAgeDays: values.FX_MAX_AGE_DAYS ?? DEFAULT_FX_MAX_AGE_DAYS,
    ...(values.FX_CACHE_SECONDS !== undefined ? { cacheMs: values.FX_CACHE_SECONDS * 1000 } : {}),
  }),
);

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

/** The oldest day a figure may be of and still be used today. */
export function oldestUsableDay(settings: FxSettings, at: Date): string {
  return daysBefore(utcDay(at), settings.maxAgeDays);
}
