/**
 * How late this environment's event loop runs: a timer due every TICK_MS notes how late it fired, and the
 * last minute of notes is kept. A loop that runs seconds late cannot read a supplier's answer in time, nor
 * anyone else's: what looks like a supplier timing out is then our own overload, and is answered as such
 * (503 with Retry-After) rather than blamed on the supplier (502), and new work is refused before it starts.
 *
 * The timer is unref'd (it never keeps a process or a Lambda environment alive) and costs one callback per
 * TICK_MS; a frozen Lambda environment's first tick after it thaws is not counted (it was not running).
 */
const TICK_MS = 100;
const KEPT_MS = 60_000;
/** A tick later than this was a thaw (the environment was frozen between invocations), not load. */
const THAW_MS = 30_000;

interface Tick {
  readonly at: number;
  readonly lateMs: number;
}

const ticks: Tick[] = [];
let timer: NodeJS.Timeout | undefined;

function start(): void {
  if (timer) return;
  let due = Date.now() + TICK_MS;
  const tick = () => {
    const now = Date.now();
    const lateMs = now - due;
    if (lateMs < THAW_MS) ticks.push({ at: now, lateMs: Math.max(0, lateMs) });
    while (ticks.length > 0 && ticks[0]!.at < now - KEPT_MS) ticks.shift();
    due = now + TICK_MS;
    timer = setTimeout(tick, TICK_MS);
    timer.unref?.();
  };
  timer = setTimeout(tick, TICK_MS);
  timer.unref?.();
}

/**
 * The most the loop ran late between `from` and `to` (epoch ms), a tick that was still due at `to` included:
 * a loop so busy that no tick fired in the window ran at least as late as the window is long.
 */
export function maxLagBetween(from: number, to: number = Date.now()): number {
  start();
  let max = 0;
  let lastAt = from;
  for (const { at, lateMs } of ticks) {
    if (at < from) continue;
    if (at > to) break;
    max = Math.max(max, lateMs);
    lastAt = at;
  }
  // No tick since `lastAt`: the loop has not run its timers for that long.
  return Math.max(max, to - lastAt - TICK_MS);
}

/** The most the loop ran late over the last `windowMs`. */
export const recentLag = (windowMs: number, now: number = Date.now()): number => maxLagBetween(now - windowMs, now);

start();
