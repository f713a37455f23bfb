/**
 * Worker threads for the local mapping workflow (mapping-workflow.ts): each runs one stage call at a time
 * (mapping-worker.ts), as a Lambda function runs one invocation, and a call waits for a free worker.
 * Matching a partition is seconds of synchronous work; on the host's own thread it would hold every request.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MappingFunction } from '../functions/search/mapping/partitioned/workflow-stages.js';

export interface MappingWorkerData {
  readonly tenant: string;
  readonly objects: { readonly kind: 's3'; readonly bucket: string } | { readonly kind: 'directory'; readonly path: string };
}

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

  constructor(data: MappingWorkerData, size = Math.max(1, Math.min(2, availableParallelism()))) {
    this.size = size;
    for (let i = 0; i < size; i += 1) {
      // The worker's modules are TypeScript: tsx loads them there as it does here (npm start, tests, benchmarks).
      const execArgv = process.execArgv.includes('tsx') ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
      const worker = new Worker(new URL('./mapping-worker.ts', import.meta.url), { workerData: data, execArgv });
      const ready = new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on(
          'message',
          (message: { ready?: true; id?: number; result?: unknown; error?: { name: string; message: string; stack?: string } }) => {
            if (message.ready) return resolve();
            const call = this.pending.get(message.id!);
            if (!call) return;
            this.pending.delete(message.id!);
            if (message.error)
              call.reject(Object.assign(new Error(message.error.message), { name: message.error.name, stack: message.error.stack }));
            else call.resolve(message.result);
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
      return await new Promise<unknown>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, fn, event });
      });
    } finally {
      slot.busy = false;
      this.waiting.shift()?.();
    }
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
