import { describe, expect, it } from 'vitest';
import { untilAnswerDue } from '../../functions/booking/in-flight-bounds.js';

describe('untilAnswerDue', () => {
  it('stops the waiting once the answer is due by the clock it is given, and not before', async () => {
    let now = 1_000_000;
    const waiting = untilAnswerDue(now + 5_000, () => now);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(waiting.signal.aborted).toBe(false);
    now += 5_000;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(waiting.signal.aborted).toBe(true);
    expect((waiting.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('is aborted at once when the answer is already due, and stopping it leaves an undue one unaborted', async () => {
    expect(untilAnswerDue(Date.now() - 1).signal.aborted).toBe(true);
    const waiting = untilAnswerDue(Date.now() + 300);
    waiting.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(waiting.signal.aborted).toBe(false);
  });
});
