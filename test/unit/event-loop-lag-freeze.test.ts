/**
 * Lambda freezes an environment between invocations; its timers fire late when it thaws. A busy loop with no
 * invocation in flight stands in for the freeze (the timers cannot run either), one inside an invocation for
 * load: only the second is the environment running behind.
 */
import { describe, expect, it } from 'vitest';
import { invocationEnded, invocationStarted, maxLagBetween, recentLag } from '../../functions/shared/event-loop-lag.js';

const block = (ms: number) => {
  for (const until = Date.now() + ms; Date.now() < until; );
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the event loop lag measure', () => {
  it('does not count the time an environment with no invocation in flight was stopped, and counts it inside one', async () => {
    await settle();
    const frozenFrom = Date.now();
    block(1_500); // idle: as a frozen environment
    invocationStarted();
    await settle();
    expect(recentLag(3_000)).toBeLessThan(500);
    invocationEnded();

    invocationStarted();
    const busyFrom = Date.now();
    block(1_500); // inside an invocation: the environment itself running behind
    await settle();
    expect(maxLagBetween(busyFrom)).toBeGreaterThanOrEqual(1_300);
    invocationEnded();
    expect(frozenFrom).toBeLessThan(busyFrom);
  });
});
