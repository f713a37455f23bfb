/**
 * The time budgets add up: every chain a partner waits on ends inside API Gateway's 29 s integration timeout
 * (AWS "Amazon API Gateway quotas"), a cold start included, whatever the suppliers do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';
import {
  ANSWER_RESERVE_MS,
  API_GATEWAY_INTEGRATION_TIMEOUT_MS,
  BOOKING_FLOW_BUDGET,
  COLD_START_ALLOWANCE_MS,
  deadlineSignal,
  functionTimeoutMs,
  RATE_CHECK_SUPPLIER_MS,
  SEARCH_BUDGET_MS,
  SEARCH_RANKING_ALLOWANCE_MS,
} from '../../functions/shared/time-budgets.js';

describe('the time budgets', () => {
  it('keep every function behind API Gateway under its integration timeout', () => {
    for (const fn of ['auth', 'authorizer', 'search', 'booking', 'vouchers', 'webhooks', 'cars', 'docs'] as const) {
      expect(functionTimeoutMs(fn), fn).toBeLessThan(API_GATEWAY_INTEGRATION_TIMEOUT_MS);
    }
  });

  it('fit the largest search budget, its ranking and a cold start in the search function', () => {
    expect(SEARCH_BUDGET_MS.max + SEARCH_RANKING_ALLOWANCE_MS + COLD_START_ALLOWANCE_MS).toBeLessThanOrEqual(functionTimeoutMs('search'));
  });

  it('fit a rate check at its slowest supplier in the booking function', () => {
    expect(RATE_CHECK_SUPPLIER_MS + COLD_START_ALLOWANCE_MS + ANSWER_RESERVE_MS).toBeLessThanOrEqual(functionTimeoutMs('booking'));
  });

  it("fit the flow's longest path (every supplier wait used up) in the state machine, and the machine in the booking function", () => {
    const { checkRateMs, bookMs, supplierCallMs, writesAllowanceMs, machineSeconds } = BOOKING_FLOW_BUDGET;
    // CheckRate, BookWithSupplier timing out, ReconcileBooking's lookup: the longest path through the ASL.
    const longestPath = checkRateMs + bookMs + supplierCallMs + writesAllowanceMs + COLD_START_ALLOWANCE_MS;
    expect(longestPath).toBeLessThanOrEqual(machineSeconds * 1000);
    // The booking function waits for the machine (StartSyncExecution) after its own cold start.
    expect(machineSeconds * 1000 + COLD_START_ALLOWANCE_MS).toBeLessThanOrEqual(API_GATEWAY_INTEGRATION_TIMEOUT_MS);
    expect(machineSeconds * 1000).toBeLessThan(functionTimeoutMs('booking'));
    for (const step of [checkRateMs, bookMs, supplierCallMs]) expect(step).toBeLessThan(functionTimeoutMs('bookingFlow'));
  });

  it('are the TimeoutSeconds of the booking ASL file the local runner executes', () => {
    const asl = JSON.parse(readFileSync(repositoryPath('statemachines/booking.asl.json'), 'utf8')) as { TimeoutSeconds: number };
    expect(asl.TimeoutSeconds).toBe(BOOKING_FLOW_BUDGET.machineSeconds);
  });

  it('bound a deadline by what the invocation has left, less the answer reserve', async () => {
    const aborted = (signal: AbortSignal) => new Promise<number>((resolve) => signal.addEventListener('abort', () => resolve(Date.now())));
    const started = Date.now();
    const [nearlyOut, out] = await Promise.all([
      aborted(deadlineSignal(10_000, ANSWER_RESERVE_MS + 50)),
      aborted(deadlineSignal(10_000, 0)),
    ]);
    expect(nearlyOut - started).toBeLessThan(1_000);
    expect(out - started).toBeLessThan(1_000);
  });
});
