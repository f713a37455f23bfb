/**
 * A worker thread of the local mapping workflow (mapping-worker-pool.ts): it runs the stage calls it is
 * posted, one at a time, with the same ports the three Lambda functions wire (functions/search/
 * mapping-job-ports.ts) from the environment the host copied into it, or over a directory (the benchmark).
 * Lowest priority: on two shared cores a partner's searches, served by the host's own thread, go first.
 */
// First, as Lambda's runtime makes it before loading a handler: Powertools' constructors read it when the host
// runs as Lambda Managed Instances do (AWS_LAMBDA_MAX_CONCURRENCY, copied into the worker with the environment).
import { inInvocation } from './invocation-scope.js';
import { randomUUID } from 'node:crypto';
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
    const { fn } = message;
    // Each stage call in an invocation scope of its own, as Lambda runs it.
    const result =
      fn === 'counters' ? (wired.counters?.() ?? {}) : await inInvocation(randomUUID(), () => runStage(fn, message.event, wired.ports[fn]));
    parentPort!.postMessage({ id: message.id, result, heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576) });
  } catch (error) {
    const failure =
      error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { name: 'Error', message: String(error) };
    parentPort!.postMessage({ id: message.id, error: failure });
  }
});
parentPort!.postMessage({ ready: true });
