/**
 * A mapping worker that stops (out of memory, a crash) fails the call it held and is replaced, as Lambda gives
 * the next invocation a fresh environment: the workflow's retry runs on a live worker instead of waiting on a
 * dead one for ever (bench:mapping-scale at 3 × 1,000,000 hung that way when a finish ran out of memory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MappingWorkerPool } from '../../local/mapping-worker-pool.js';

const directory = mkdtempSync(join(tmpdir(), 'worker-pool-'));
const pool = new MappingWorkerPool({ kind: 'bench', path: directory, suppliers: [] }, 1);
afterAll(async () => {
  await pool.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the mapping worker pool', () => {
  it('fails the calls of a worker that stopped, and answers the next call on a fresh one', async () => {
    await pool.counters();
    const [slot] = pool['workers'];
    const held = pool.call('reader', { stage: 'Plan', request: { reason: 'manual' } });
    await slot!.worker.terminate();
    await expect(held).rejects.toThrow(/a mapping worker stopped/);
    await expect(pool.counters()).resolves.toHaveLength(1);
  }, 60_000);
});
