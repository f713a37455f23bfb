/**
 * Entry of the mapping workflow's reader function: the Plan stage (the run lock, how each supplier is read)
 * and the Read stage (a supplier catalogue's slice, a segment at a time). It alone reaches suppliers.
 */
import type { Context } from 'aws-lambda';
import { mappingReaderConfig } from './mapping-job-config.js';
import { readerPorts } from './mapping-job-ports.js';
import { handleStage } from './mapping-stage-entry.js';

const config = mappingReaderConfig();

export const handler = (event: unknown, context: Context): Promise<unknown> =>
  handleStage('reader', event, context, (signal) => readerPorts(config, signal));
