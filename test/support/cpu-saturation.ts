/**
 * Other work on the machine: busy loops in processes of their own, beside the local host, each ending by
 * itself after `seconds` (and stopped earlier by `stop`), so a test or a benchmark can see what the API answers
 * when the CPU it runs on is saturated, the way a flash sale or a noisy neighbour leaves it. Loopback and this
 * machine only.
 *
 * `shareOneCore`: the loops and this process are pinned to one core (Linux `taskset`), so the host gets the
 * sliver of CPU that six loops on two cores leave it, while the other cores stay free for the rest of the
 * test suite running beside it (vitest's other worker), which is not this test's subject. Where `taskset`
 * is missing or the machine has one core, nothing is pinned and every core is saturated.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuSaturation {
  readonly workers: number;
  /** Whether the loops and this process share one core (see shareOneCore). */
  readonly pinned: boolean;
  /** Stops every loop still running, waits for it to exit, and gives this process its cores back. */
  stop(): Promise<void>;
}

function taskset(args: string[]): boolean {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `workers` busy loops (six saturate two cores several times over), each bounded to `seconds`. */
export async function saturateCpu(workers: number, seconds: number, options: { shareOneCore?: boolean } = {}): Promise<CpuSaturation> {
  const loop = `const end = Date.now() + ${Math.round(seconds * 1000)}; let x = 0; while (Date.now() < end) { x = (x * 31 + 7) % 1000003; }`;
  const cores = availableParallelism();
  const core = String(cores - 1);
  const pinned = Boolean(options.shareOneCore) && cores > 1 && taskset(['-a', '-p', '-c', core, String(process.pid)]);
  const children: ChildProcess[] = [];
  for (let i = 0; i < workers; i++) {
    children.push(
      pinned
        ? spawn('taskset', ['-c', core, process.execPath, '-e', loop], { stdio: 'ignore' })
        : spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }),
    );
  }
  // Started: each has a pid, or the spawn failed.
  await Promise.all(children.map((child) => new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
  const exited = children.map(
    (child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))),
  );
  return {
    workers,
    pinned,
    async stop() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(exited);
      if (pinned) taskset(['-a', '-p', '-c', `0-${cores - 1}`, String(process.pid)]);
    },
  };
}
