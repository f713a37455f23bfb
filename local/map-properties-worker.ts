/**
 * The local host's mapping run on a worker thread (host.ts, `mapProperties: 'background'`): matching ~39,000
 * supplier properties is synchronous work of several seconds, which on the host's own thread would hold
 * every request the gateway receives meanwhile. The worker starts with a copy of the host's environment
 * (tables, endpoints), so the job writes where the handlers read; it posts the job's report when done.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { provideSharedConfig } from '../functions/shared/config.js';
import { sharedConfigFrom } from '../functions/shared/config-schema.js';
import { mapLocalProperties } from './map-properties.js';

// Lowest priority, for this thread only (Linux keeps a nice value per thread): on two shared cores a
// partner's first searches, served by the host's main thread, go before the job's matching.
try {
  setPriority(0, 19);
} catch {
  // not permitted here: the job just competes as an equal
}
// A thread of its own, with modules of its own: the job's code takes the tables from the copied environment.
provideSharedConfig(sharedConfigFrom(process.env));
const { tenant } = workerData as { tenant: string };
parentPort!.postMessage(await mapLocalProperties(tenant));
