/**
 * Entry of the mapping workflow's writer function: Write (a partition's properties), Destinations (a
 * bucket of cities' indexes) and Finish (the manifest, the run's record, the lock released).
 */
import type { Context } from 'aws-lambda';
import { mappingWriterConfig } from './mapping-job-config.js';
import { writerPorts } from './mapping-job-ports.js';
import { handleStage } from './mapping-stage-entry.js';

const config = mappingWriterConfig();

export const handler = (event: unknown, context: Context): Promise<unknown> =>
  handleStage('writer', event, context, () => writerPorts(config));
