/**
 * The local host's mapping run on a worker thread (host.ts, `mapProperties: 'background'`): matching ~39,000
 * supplier properties is synchronous work of several seconds, which on the host's own thread would hold
 * every request the gateway receives meanwhile. The worker starts with a copy of the host's environment
 * (tables, endpoints), so the job writes where the handlers read; it posts the job's report when done.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mapLocalProperties } from './map-properties.js';

const { tenant } = workerData as { tenant: string };
parentPort!.postMessage(await mapLocalProperties(tenant));
