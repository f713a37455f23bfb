/**
 * Entry of the mapping workflow's matcher function: Index, Keys, Weights, Match (one partition) and Settle.
 * It reads the property map (the ids refs hold) and writes only the work bucket.
 */
import type { Context } from 'aws-lambda';
import { mappingMatcherConfig } from './mapping-job-config.js';
import { matcherPorts } from './mapping-job-ports.js';
import { handleStage } from './mapping-stage-entry.js';

const config = mappingMatcherConfig();

export const handler = (event: unknown, context: Context): Promise<unknown> =>
  handleStage('matcher', event, context, () => matcherPorts(config));
