/**
 * A worker thread of the local mapping workflow (mapping-worker-pool.ts): it runs the stage calls it is
 * posted, one at a time, with the same ports the three Lambda functions wire (functions/search/
 * mapping-job-ports.ts) from the environment the host copied into it, or over a directory (the benchmark).
 * Lowest priority: on two shared cores a partner's searches, served by the host's own thread, go first.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { provideSharedConfig } from '../functions/shared/config.js';
import { sharedConfigFrom } from '../functions/shared/config-schema.js';
import type { MappingWorkerData } from './mapping-worker-pool.js';

try {
  setPriority(0, 19);
} catch {
  // not permitted here: the worker competes as an equal
}
provideSharedConfig(sharedConfigFrom(process.env));
const data = workerData as MappingWorkerData;
const [{ runStage }, ports] = await Promise.all([
  import('../functions/search/mapping/partitioned/run-stage.js'),
  import('./mapping-worker-ports.js'),
]);
const wired = await ports.workerPorts(data);

parentPort!.on('message', async (message: { id: number; fn: 'reader' | 'matcher' | 'writer' | 'counters'; event: unknown }) => {
  try {
    const result =
      message.fn === 'counters' ? (wired.counters?.() ?? {}) : await runStage(message.fn, message.event, wired.ports[message.fn]);
    parentPort!.postMessage({ id: message.id, result, heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576) });
  } catch (error) {
    const failure =
      error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { name: 'Error', message: String(error) };
    parentPort!.postMessage({ id: message.id, error: failure });
  }
});
parentPort!.postMessage({ ready: true });
