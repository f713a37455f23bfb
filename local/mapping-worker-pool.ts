/**
 * Worker threads for the local mapping workflow (mapping-workflow.ts): each runs one stage call at a time
 * (mapping-worker.ts), as a Lambda function runs one invocation, and a call waits for a free worker.
 * Matching a partition is seconds of synchronous work; on the host's own thread it would hold every request.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MappingFunction } from '../functions/search/mapping/partitioned/workflow-stages.js';

export type MappingWorkerData =
  /** The Lambda functions' own wiring: DynamoDB Local, the local S3 bucket, the tenant's contracted suppliers. */
  | { readonly kind: 'host'; readonly tenant: string; readonly bucket: string }
  /** bench:mapping-scale: a work directory and the scale suppliers (bench/support/scale-ports.ts). */
  | {
      readonly kind: 'bench';
      readonly path: string;
      readonly suppliers: readonly { readonly supplierId: 'hotelbeds' | 'expedia' | 'opentravel'; readonly endpoint: string }[];
    };

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** A worker (replaced when it stops) and the calls it has not answered yet. */
class Slot {
  worker!: Worker;
  ready!: Promise<void>;
  busy = false;
  readonly pending = new Map<number, Pending>();
}

type WorkerMessage = {
  ready?: true;
  id?: number;
  result?: unknown;
  heapMb?: number;
  error?: { name: string; message: string; stack?: string };
};

export class MappingWorkerPool {
  readonly size: number;
  private readonly workers: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly data: MappingWorkerData,
    size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly options: {
      /** Each stage call's time and the worker's JavaScript heap after it (MB): the benchmark's figures. */
      readonly observe?: (fn: MappingFunction, event: unknown, ms: number, heapMb: number, result: unknown) => void;
      /** A worker's old-space limit (MB): a stage needing more fails, as a Lambda function out of memory does. */
      readonly maxOldGenerationSizeMb?: number;
    } = {},
  ) {
    this.size = size;
    for (let i = 0; i < size; i += 1) {
      const slot = new Slot();
      this.spawn(slot);
      this.workers.push(slot);
    }
  }

  /**
   * A new worker in the slot. One that stops (out of memory, a crash) fails only the calls it held, and the
   * slot gets a fresh worker, as Lambda gives the next invocation a fresh environment: a retry runs, not hangs.
   */
  private spawn(slot: Slot): void {
    // The worker's modules are TypeScript: tsx loads them there as it does here (npm start, tests, benchmarks).
    const execArgv = process.execArgv.includes('tsx') ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
    const worker = new Worker(new URL('./mapping-worker.ts', import.meta.url), {
      workerData: this.data,
      execArgv,
      ...(this.options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb } } : {}),
    });
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: WorkerMessage) => {
        if (message.ready) return resolve();
        if (message.id === undefined) return;
        const call = slot.pending.get(message.id);
        if (!call) return;
        slot.pending.delete(message.id);
        if (message.error)
          call.reject(Object.assign(new Error(message.error.message), { name: message.error.name, stack: message.error.stack }));
        else call.resolve({ result: message.result, heapMb: message.heapMb ?? 0 });
      });
    });
    // Its start failing is the call's to report (it awaits `ready`); an error later ends in 'exit' below.
    slot.ready.catch(() => {});
    worker.on('error', () => {});
    worker.on('exit', (code) => {
      for (const [id, call] of slot.pending) {
        call.reject(new Error(`a mapping worker stopped (exit code ${code})`));
        slot.pending.delete(id);
      }
      if (!this.closed && slot.worker === worker) this.spawn(slot);
    });
  }

  async call(fn: MappingFunction, event: unknown): Promise<unknown> {
    const slot = await this.take();
    try {
      await slot.ready;
      const id = this.nextId++;
      const started = performance.now();
      const answer = (await new Promise<unknown>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, fn, event });
      })) as { result: unknown; heapMb: number };
      this.options.observe?.(fn, event, performance.now() - started, answer.heapMb, answer.result);
      return answer.result;
    } finally {
      slot.busy = false;
      this.waiting.shift()?.();
    }
  }

  /** What each worker counted (the benchmark's object requests); call it when no stage call is running. */
  async counters(): Promise<unknown[]> {
    return Promise.all(
      this.workers.map(async (slot) => {
        await slot.ready;
        const id = this.nextId++;
        const answer = (await new Promise<unknown>((resolve, reject) => {
          slot.pending.set(id, { resolve, reject });
          slot.worker.postMessage({ id, fn: 'counters' });
        })) as { result: unknown };
        return answer.result;
      }),
    );
  }

  private async take() {
    for (;;) {
      if (this.closed) throw new Error('the mapping workers are stopped');
      const free = this.workers.find((w) => !w.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
