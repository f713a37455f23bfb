/**
 * When a rate counts as free cancellation: it is refundable and no penalty applies now, i.e. the
 * penalty in force at `now` (the last entry whose `from` is not after now) is absent or zero. An empty
 * policy on a refundable rate is free until arrival (the port's convention). A non-refundable rate is
 * never free, whatever its policy says.
 */
import { parseDecimal } from '../money/decimal.js';
import { parseUnsignedDecimal } from '../money/scaled-integer.js';
import type { CancellationPenalty } from './cancellation-penalty.js';

export interface CancellableRate {
  readonly refundable: boolean;
  readonly cancellationPolicy: readonly CancellationPenalty[];
}

export function isFreeCancellation(rate: CancellableRate, now: Date): boolean {
  if (!rate.refundable) return false;
  const inForce = penaltyInForce(rate.cancellationPolicy, now);
  return inForce === undefined || !chargesSomething(inForce);
}

/**
 * The absolute free-cancellation deadline: the `from` of the first entry that charges something.
 * undefined when nothing ever does (free until arrival).
 */
export function cancellationDeadline(policy: readonly CancellationPenalty[]): string | undefined {
  return policy.find(chargesSomething)?.from;
}

/** The entry in force at `now`: the last whose `from` is not after it; undefined before the first. */
export function penaltyInForce(policy: readonly CancellationPenalty[], now: Date): CancellationPenalty | undefined {
  let inForce: CancellationPenalty | undefined;
  for (const entry of policy) {
    const from = Date.parse(entry.from);
    if (Number.isNaN(from)) throw new RangeError(`cancellation penalty has no valid instant: "${entry.from}"`);
    if (from <= now.getTime()) inForce = entry;
  }
  return inForce;
}

function chargesSomething(entry: CancellationPenalty): boolean {
  // Plain unsigned decimal text (every supplier's amounts) is read exactly on BigInt, several times faster
  // than decimal.js, which still decides anything else (and refuses what is not a number, as before).
  const plain = parseUnsignedDecimal(entry.penalty.amount);
  return plain ? plain.units > 0n : parseDecimal(entry.penalty.amount).greaterThan(0);
}
