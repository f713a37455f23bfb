/**
 * A booking-side supplier call (check, book, find by our reference, cancel, change) with its latency,
 * timeout and error metrics (per supplier and operation) and its X-Ray subsegment. The call's own result or
 * error passes through unchanged. A supplier's business answer (sold out, price changed, not found) is an
 * answer, not a failure of the supplier, so only timeouts and real failures count against it.
 *
 * It is made in one of the environment's slots for that supplier (in-flight-bounds.ts): past the bound it
 * waits for one until `startBy`, and is refused untried (overload: nothing was sent) once that has passed.
 */
import type { SupplierOperation } from '../../shared/metric-names.js';
import { recordLoadShed, recordSupplierCall, type SupplierCallResult } from '../../shared/metric-events.js';
import { traced } from '../../shared/traced.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import { overloaded } from '../answer-deadline.js';
import { supplierCallsInFlight } from '../in-flight-bounds.js';

const ANSWERS = new Set(['sold_out', 'price_changed', 'not_found']);

export function resultOfFailure(error: unknown): SupplierCallResult {
  if (isSupplierError(error)) return error.kind === 'timeout' ? 'timeout' : ANSWERS.has(error.kind) ? 'ok' : 'error';
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  return 'error';
}

/** How long a call waits for a slot when its caller names no moment it must have started by. */
const DEFAULT_SLOT_WAIT_MS = 2_000;

export function measuredSupplierCall<T>(
  supplier: string,
  operation: SupplierOperation,
  call: () => Promise<T>,
  options: { readonly startBy?: number } = {},
): Promise<T> {
  return inSupplierSlot(supplier, operation, () => timedSupplierCall(supplier, operation, call), options);
}

/** A call made in one of the environment's slots for its supplier, or refused as overload (nothing sent). */
export async function inSupplierSlot<T>(
  supplier: string,
  what: string,
  call: () => Promise<T>,
  options: { readonly startBy?: number } = {},
): Promise<T> {
  const release = await supplierCallsInFlight.of(supplier).enter(options.startBy ?? Date.now() + DEFAULT_SLOT_WAIT_MS);
  if (!release) {
    recordLoadShed(`supplier ${what}`);
    throw overloaded(`Too many calls to ${supplier} are in flight`);
  }
  try {
    return await call();
  } finally {
    release();
  }
}

/** The call measured, for a caller that already holds its supplier's slot (inSupplierSlot). */
export async function timedSupplierCall<T>(supplier: string, operation: SupplierOperation, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const result = await traced(`supplier ${operation}`, { supplier, operation }, call);
    recordSupplierCall({ supplier, operation, result: 'ok', tookMs: took() });
    return result;
  } catch (error) {
    recordSupplierCall({ supplier, operation, result: resultOfFailure(error), tookMs: took() });
    throw error;
  }
}
