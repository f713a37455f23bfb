/**
 * Other work on the machine: busy loops in processes of their own, beside the local host, each ending by
 * itself after `seconds` (and stopped earlier by `stop`), so a test or a benchmark can see what the API answers
 * when the cores it runs on are saturated, the way a flash sale or a noisy neighbour leaves them. Loopback
 * and this machine only.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface CpuSaturation {
  readonly workers: number;
  /** Stops every loop still running and waits for it to exit. */
  stop(): Promise<void>;
}

/** `workers` busy loops (six saturate two cores several times over), each bounded to `seconds`. */
export async function saturateCpu(workers: number, seconds: number): Promise<CpuSaturation> {
  const loop = `const end = Date.now() + ${Math.round(seconds * 1000)}; let x = 0; while (Date.now() < end) { x = (x * 31 + 7) % 1000003; }`;
  const children: ChildProcess[] = [];
  for (let i = 0; i < workers; i++) {
    const child = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
    children.push(child);
  }
  // Started: each has a pid, or the spawn failed.
  await Promise.all(children.map((child) => new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
  const exited = children.map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))));
  return {
    workers,
    async stop() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(exited);
    },
  };
}
