/**
 * A booking-side supplier call (book, find by our reference, cancel) with its latency, timeout and error
 * metrics (per supplier and operation) and its X-Ray subsegment. The call's own result or error passes
 * through unchanged. A supplier's business answer (sold out, price changed, not found) is an answer, not a
 * failure of the supplier, so only timeouts and real failures count against it.
 */
import type { SupplierOperation } from '../../shared/metric-names.js';
import { recordSupplierCall, type SupplierCallResult } from '../../shared/metric-events.js';
import { traced } from '../../shared/traced.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';

const ANSWERS = new Set(['sold_out', 'price_changed', 'not_found']);

export function resultOfFailure(error: unknown): SupplierCallResult {
  if (isSupplierError(error)) return error.kind === 'timeout' ? 'timeout' : ANSWERS.has(error.kind) ? 'ok' : 'error';
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  return 'error';
}

export async function measuredSupplierCall<T>(supplier: string, operation: SupplierOperation, call: () => Promise<T>): Promise<T> {
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
