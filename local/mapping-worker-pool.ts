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

export class MappingWorkerPool {
  readonly size: number;
  private readonly workers: { worker: Worker; ready: Promise<void>; busy: boolean }[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(
    data: MappingWorkerData,
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
      // The worker's modules are TypeScript: tsx loads them there as it does here (npm start, tests, benchmarks).
      const execArgv = process.execArgv.includes('tsx') ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
      const worker = new Worker(new URL('./mapping-worker.ts', import.meta.url), {
        workerData: data,
        execArgv,
        ...(options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb } } : {}),
      });
      const ready = new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on(
          'message',
          (message: {
            ready?: true;
            id?: number;
            result?: unknown;
            heapMb?: number;
            error?: { name: string; message: string; stack?: string };
          }) => {
            if (message.ready) return resolve();
            if (message.id === undefined) return;
            const call = this.pending.get(message.id!);
            if (!call) return;
            this.pending.delete(message.id!);
            if (message.error)
              call.reject(Object.assign(new Error(message.error.message), { name: message.error.name, stack: message.error.stack }));
            else call.resolve({ result: message.result, heapMb: message.heapMb ?? 0 });
          },
        );
      });
      worker.on('exit', (code) => {
        for (const [id, call] of this.pending) {
          call.reject(new Error(`a mapping worker stopped (exit code ${code})`));
          this.pending.delete(id);
        }
      });
      this.workers.push({ worker, ready, busy: false });
    }
  }

  async call(fn: MappingFunction, event: unknown): Promise<unknown> {
    const slot = await this.take();
    try {
      await slot.ready;
      const id = this.nextId++;
      const started = performance.now();
      const answer = (await new Promise<unknown>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
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
          this.pending.set(id, { resolve, reject });
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
