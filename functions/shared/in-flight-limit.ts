/**
 * A bound on work in flight in one execution environment, with a queue that never outlives the caller's
 * deadline. Work past the bound waits its turn (first come, first served) only while it could still start
 * in time; once its latest start has passed it is refused without having started, which the caller answers
 * as overload (503 with Retry-After). So a burst the environment can absorb is served in full, and one it
 * cannot turns into early refusals instead of late timeouts: nothing waits past the moment it could still
 * be finished, and nothing refused has begun.
 *
 * One Lambda environment serves one request at a time unless it runs on Managed Instances (many at once,
 * AWS_LAMBDA_MAX_CONCURRENCY), and the local host runs every function in one process: there the bound is
 * what keeps a flood from slowing every request in it past its deadline.
 */

/** Gives the slot back; calling it twice gives it back once. */
export type Release = () => void;

interface Waiter {
  readonly admit: (release: Release) => void;
  readonly timer: NodeJS.Timeout;
}

export class InFlightLimit {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`an in-flight limit is a whole number of at least 1, not ${limit}`);
  }

  /** How many hold a slot now. */
  get active(): number {
    return this.inFlight;
  }

  /** How many wait for one. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * A slot, as soon as one is free and no later than `latestStartMs` (epoch ms); undefined when none was
   * free by then (the caller refuses the work, having started nothing).
   */
  enter(latestStartMs: number, now: number = Date.now()): Promise<Release | undefined> {
    const wait = latestStartMs - now;
    // Too late already: refused even with a slot free, as it could not be done in time.
    if (wait <= 0) return Promise.resolve(undefined);
    if (this.inFlight < this.limit && this.waiting.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(undefined);
        }, wait),
      };
      // A queued caller must not keep a Lambda environment (or a test process) alive by itself.
      waiter.timer.unref?.();
      this.waiting.push(waiter);
    });
  }

  private take(): Release {
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit(this.take());
      }
    };
  }
}

/** One limit per key (a supplier), made at its first use with the same bound. */
export class KeyedInFlightLimits {
  private readonly limits = new Map<string, InFlightLimit>();

  constructor(readonly limit: number) {}

  of(key: string): InFlightLimit {
    let found = this.limits.get(key);
    if (!found) this.limits.set(key, (found = new InFlightLimit(this.limit)));
    return found;
  }
}
