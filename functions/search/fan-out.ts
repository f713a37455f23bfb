/**
 * One search, every contracted supplier, in parallel, each under the same time budget. A supplier past
 * its budget is aborted (its HTTP request really cancelled through the AbortSignal) and reported as
 * `timeout` with `tookMs` equal to the budget and no results; one that fails is `error`, and a warning line
 * says why in codes, never in the supplier's words. The fan-out itself never throws for a supplier's sake
 * and settles at the budget even if an adapter ignored its signal.
 */
import type { AvailabilityRequest, SupplierOffer, SupplierPort } from '../suppliers/port.js';
import { isSupplierError, supplierFailureReason } from '../suppliers/supplier-error.js';
import { logger } from '../shared/observability.js';
import { traced } from '../shared/traced.js';

export type SupplierStatus = 'ok' | 'timeout' | 'error';

export interface SupplierOutcome {
  readonly id: string;
  readonly status: SupplierStatus;
  readonly tookMs: number;
  /** Properties this supplier answered with; 0 unless ok. */
  readonly results: number;
  readonly offers: readonly SupplierOffer[];
  /** Why each rate it sent and we could not read was left out (the adapter's words: a field, never a value). */
  readonly unreadable?: readonly string[];
}

export interface FanOutOptions {
  readonly budgetMs: number;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
  /** Called as each supplier settles, before the slowest has, so its answer can be processed meanwhile. */
  readonly onOutcome?: (outcome: SupplierOutcome) => void;
}

const TIMED_OUT = Symbol('timed out');

/** One question for every supplier, or each supplier its own (a property list asks each for its own hotel codes). */
export type SupplierQuestion = Omit<AvailabilityRequest, 'signal'> | ((supplierId: string) => Omit<AvailabilityRequest, 'signal'>);

export async function fanOut(
  suppliers: readonly SupplierPort[],
  question: SupplierQuestion,
  options: FanOutOptions,
): Promise<SupplierOutcome[]> {
  const now = options.now ?? (() => performance.now());
  return Promise.all(
    suppliers.map(async (supplier) => {
      const request = typeof question === 'function' ? question(supplier.supplierId) : question;
      const outcome = await traced('supplier search', { supplier: supplier.supplierId, operation: 'search' }, () =>
        querySupplier(supplier, request, options.budgetMs, now),
      );
      options.onOutcome?.(outcome);
      return outcome;
    }),
  );
}

async function querySupplier(
  supplier: SupplierPort,
  request: Omit<AvailabilityRequest, 'signal'>,
  budgetMs: number,
  now: () => number,
): Promise<SupplierOutcome> {
  const started = now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`budget of ${budgetMs} ms exceeded`, 'TimeoutError'));
      resolve(TIMED_OUT);
    }, budgetMs);
  });
  const timedOut = (): SupplierOutcome => ({ id: supplier.supplierId, status: 'timeout', tookMs: budgetMs, results: 0, offers: [] });
  try {
    const answer = await Promise.race([supplier.searchAvailability({ ...request, signal: controller.signal }), budget]);
    if (answer === TIMED_OUT) return timedOut();
    const tookMs = Math.min(budgetMs, Math.round(now() - started));
    return {
      id: supplier.supplierId,
      status: 'ok',
      tookMs,
      results: answer.offers.length,
      offers: answer.offers,
      ...(answer.unreadable?.length ? { unreadable: answer.unreadable } : {}),
    };
  } catch (error) {
    // An adapter that noticed the abort (or its own deadline) reports a timeout: the budget decided it.
    if (controller.signal.aborted || (isSupplierError(error) && error.kind === 'timeout')) return timedOut();
    logger.warn('supplier search failed', { supplierId: supplier.supplierId, reason: supplierFailureReason(error) });
    return { id: supplier.supplierId, status: 'error', tookMs: Math.round(now() - started), results: 0, offers: [] };
  } finally {
    clearTimeout(timer);
  }
}
