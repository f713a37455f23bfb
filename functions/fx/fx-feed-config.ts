/**
 * The FX feed job's configuration (fx-feed-handler.ts): where the feed's files are (the ECB's folder in
 * production stacks, the sandbox ECB feed's function URL in sandbox stacks), the name its figures are stamped
 * with, how far a figure may move in a day, and the table it stores them in.
 */
import { defineConfig } from '../shared/config-schema.js';
import { integerVariable, textVariable, urlVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';
import { DEFAULT_MAX_MOVE_PERCENT } from '../domain/fx/feed-validation.js';
import type { FxFeedSettings } from './run-fx-feed.js';

export interface FxFeedConfig extends FxFeedSettings {
  /** The folder the feed's two files are in, ending in `/` (https://www.ecb.europa.eu/stats/eurofxref/). */
  readonly baseUrl: string;
}

export const fxFeedConfigSchema = defineConfig('FX feed job', {
  shared: { tables: ['fxRates'], endpoints: ['dynamodb'] },
  variables: {
    ...observabilityVariables,
    FX_FEED_URL: urlVariable("the folder of the feed's eurofxref-daily.xml and eurofxref-hist-90d.xml, an http(s) URL ending in /"),
    FX_FEED_SOURCE: textVariable("the feed's name, as every price converted with its figures shows it"),
    FX_FEED_MAX_MOVE_PERCENT: integerVariable(1, 100, 'percent').optional(),
  },
  read: (values): FxFeedConfig => ({
    baseUrl: values.FX_FEED_URL.endsWith('/') ? values.FX_FEED_URL : `${values.FX_FEED_URL}/`,
    source: values.FX_FEED_SOURCE,
    maxMovePercent: values.FX_FEED_MAX_MOVE_PERCENT ?? DEFAULT_MAX_MOVE_PERCENT,
  }),
});

export const fxFeedConfig = functionConfig(fxFeedConfigSchema);
