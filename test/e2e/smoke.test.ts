/**
 * `npm run smoke` against `npm start`, as CI runs it and as an operator runs it after a deploy
 * (docs/operators.md, "First deploy"): token, search, rate check, booking, the voucher as PDF bytes with
 * `Accept: *` + `/*`, cancellation. Both are started as their own processes, on a free port.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';

let started: ChildProcess | undefined;
let url = '';

beforeAll(async () => {
  const child = spawn('npm', ['start'], {
    cwd: repositoryPath('.'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', SUPPLIER_LATENCY_MS: '0' },
  });
  started = child;
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready in [\d.]+ s at (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  if (!started?.pid) return;
  const exited = new Promise<void>((resolve) => started!.once('exit', () => resolve()));
  // The whole process group: npm, the host's Node, DynamoDB Local's java.
  process.kill(-started.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  try {
    process.kill(-started.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}, 30_000);

describe('npm run smoke against npm start', () => {
  it('passes every step: token, search, rate check, booking, voucher as PDF with Accept: */*, cancellation', async () => {
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', repositoryPath('bin/smoke.ts'), '--base-url', url],
        { cwd: repositoryPath('.'), timeout: 150_000 },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      ),
    );
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/voucher, Accept: \*\/\*.* bytes of PDF/);
    expect(run.stdout).toContain('All 6 steps passed.');
  }, 180_000);
});
