/**
 * The FX feed job's entry, run every hour by an EventBridge schedule (lib/fx-feed.ts): reads the feed,
 * stores any new day of figures, and fails loudly when the feed says something we refuse (fx-feed-job.ts).
 */
import { fxFeedConfig } from './fx-feed-config.js';
import { fxFeedDeps, fxFeedJob } from './fx-feed-job.js';
import type { FxFeedReport } from './run-fx-feed.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = fxFeedConfig();
const deps = fxFeedDeps(config);

export async function handler(): Promise<FxFeedReport> {
  return fxFeedJob(deps, config);
}
