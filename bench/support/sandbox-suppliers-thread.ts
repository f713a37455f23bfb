/**
 * The sandbox suppliers on a worker thread of their own, for the overhead benchmarks: a V8 heap and an event
 * loop apart from the functions', as a real supplier is another machine. In the host's process they build
 * their answers (megabytes of XML and JSON per city) in the functions' heap, and the garbage collections that
 * costs pause whichever of our stages runs at the time: a cost Lambda never pays for them. Only the CPU is
 * still shared (two cores).
 *
 * bookingsUnder answers what the thread last reported; `refresh()` asks it again.
 */
import { Worker } from 'node:worker_threads';
import type { LatencyProfile } from '../../sandbox/latency.js';
import type { RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';

const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const { startSandboxSuppliers } = await import(workerData.module);
const suppliers = await startSandboxSuppliers({ latency: workerData.latency });
parentPort.on('message', async (message) => {
  if (message.kind === 'count') {
    parentPort.postMessage({ kind: 'counts', id: message.id, counts: message.references.map((ref) => suppliers.map((s) => s.bookingsUnder(ref))) });
  } else if (message.kind === 'close') {
    await Promise.all(suppliers.map((s) => s.close()));
    parentPort.postMessage({ kind: 'closed' });
  }
});
parentPort.postMessage({ kind: 'ready', suppliers: suppliers.map(({ supplierId, adapter, endpoint, credentials }) => ({ supplierId, adapter, endpoint, credentials })) });
`;

export interface SuppliersThread {
  readonly suppliers: readonly RunningSandboxSupplier[];
  /** How many bookings each supplier holds under each reference, asked of the thread. */
  bookingsUnder(references: readonly string[]): Promise<Map<string, Map<string, number>>>;
  close(): Promise<void>;
}

export async function startSuppliersThread(latency: LatencyProfile): Promise<SuppliersThread> {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`), {
    workerData: { module: new URL('../../local/sandbox-suppliers.ts', import.meta.url).href, latency },
  });
  const waiting = new Map<number, (counts: number[][]) => void>();
  let closed: (() => void) | undefined;
  let nextId = 0;
  const ready = new Promise<Pick<RunningSandboxSupplier, 'supplierId' | 'adapter' | 'endpoint' | 'credentials'>[]>((resolve, reject) => {
    worker.on('message', (message) => {
      if (message.kind === 'ready') resolve(message.suppliers);
      else if (message.kind === 'counts') waiting.get(message.id)?.(message.counts);
      else if (message.kind === 'closed') closed?.();
    });
    worker.on('error', reject);
  });
  const addresses = await ready;
  const suppliers: RunningSandboxSupplier[] = addresses.map((address) => ({
    ...address,
    close: async () => undefined,
    bookingsUnder: () => {
      throw new Error('the suppliers run on a thread of their own: ask SuppliersThread.bookingsUnder');
    },
  }));
  return {
    suppliers,
    bookingsUnder: (references) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, (counts) => {
          waiting.delete(id);
          resolve(
            new Map(
              addresses.map((supplier, s) => [supplier.supplierId, new Map(references.map((ref, r) => [ref, counts[r]![s]!]))] as const),
            ),
          );
        });
        worker.postMessage({ kind: 'count', id, references });
      }),
    close: async () => {
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ kind: 'close' });
      });
      await worker.terminate();
    },
  };
}
