/**
 * How old an FX figure may be and still be used, and how long a function environment keeps the figures it
 * read: the settings every function that quotes reads (search, booking, the flow, the reconciler), apart from
 * the store so that the local host's environment and lib/ read the defaults without loading an AWS client.
 */
import { configFragment } from '../shared/config-schema.js';
import { integerVariable } from '../shared/config-variables.js';

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
