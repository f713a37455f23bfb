/**
 * How late this environment's event loop runs: a timer due every TICK_MS notes how late it fired, and the
 * last minute of notes is kept. A loop that runs seconds late cannot read a supplier's answer in time, nor
 * anyone else's: what looks like a supplier timing out is then our own overload, and is answered as such
 * (503 with Retry-After) rather than blamed on the supplier (502), and new work is refused before it starts.
 *
 * The timer is unref'd (it never keeps a process or a Lambda environment alive) and costs one callback per
 * TICK_MS. Lambda freezes an environment between invocations: the Lambda entries say when one starts and ends
 * (invocationStarted, invocationEnded), and a tick due while none was in flight is late only from the moment
 * the next one started, so an environment idle for a few seconds is not taken for one that far behind. Before
 * the first tick, and before any tick since the environment resumed, nothing is counted as late.
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
let startedAt = 0;
/** Invocations in flight, as the Lambda entries report them. */
let inFlight = 0;
/** When the environment last went from no invocation in flight to one (it may have been frozen before). */
let resumedAt = 0;
/** Whether no invocation was in flight at some moment since the last tick (the environment could freeze). */
let idleSinceTick = true;

/** An invocation starts: an environment that had none in flight may just have been thawed. */
export function invocationStarted(now: number = Date.now()): void {
  if (inFlight === 0) resumedAt = now;
  inFlight += 1;
}

/** An invocation ended: with none left in flight, Lambda may freeze the environment. */
export function invocationEnded(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0) idleSinceTick = true;
}

function start(): void {
  if (timer) return;
  startedAt = Date.now();
  let due = startedAt + TICK_MS;
  const tick = () => {
    const now = Date.now();
    // A tick that came due while the environment may have been frozen is late only since it resumed.
    const lateMs = now - (idleSinceTick ? Math.max(due, resumedAt) : due);
    idleSinceTick = inFlight === 0;
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
  // Nothing is late before the measuring started, nor before the environment last resumed.
  let lastAt = Math.max(from, startedAt, resumedAt);
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
