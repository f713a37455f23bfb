/**
 * BookWithSupplier reads the account's pricing rules while the supplier books, not after its answer: the
 * confirmed price is locked with the rules so read, and a read that fails still fails the step only once the
 * supplier has booked (where the flow's compensation expects a failure of the lock), never before.
 */
import { describe, expect, it } from 'vitest';
import { checkedFlowState, DEMO_RULES, SAMPLE_PRICE } from '../support/flow-state.js';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import type { PricingRules } from '../../functions/domain/pricing/pricing-rules.js';
import { bookWithSupplierStep } from '../../functions/booking/flow/book-with-supplier-step.js';
import type { FlowDeps } from '../../functions/booking/flow/flow-deps.js';
import type { FlowState } from '../../functions/booking/flow/flow-state.js';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { SupplierBooking, SupplierPort } from '../../functions/suppliers/port.js';

const rules = DEMO_RULES;
const price = SAMPLE_PRICE;
const state: FlowState = checkedFlowState();

const confirmed: SupplierBooking = {
  supplierId: 'hotelbeds',
  supplierReference: 'HB-1',
  status: 'confirmed',
  supplierPropertyId: 'H1',
  price: { amount: '250.19', currency: 'EUR' },
  cancellationPolicy: [],
} as unknown as SupplierBooking;

/** Deps whose every call is written to `log`; the supplier answers when `answer` is called. */
function depsLogging(log: string[], rulesRead: () => Promise<PricingRules>) {
  let answer!: (booking: SupplierBooking) => void;
  const adapter = {
    supplierId: 'hotelbeds',
    book: () => {
      log.push('supplier asked');
      return new Promise<SupplierBooking>((resolve) => {
        answer = (booking) => {
          log.push('supplier answered');
          resolve(booking);
        };
      });
    },
  } as unknown as SupplierPort;
  const deps = {
    now: () => new Date('2026-11-25T12:00:01.000Z'),
    fx: async () => embeddedFxRates,
    pricingRules: () => {
      log.push('rules read');
      return rulesRead();
    },
    contracts: async () => [{ supplierId: 'hotelbeds' }],
    adapterFor: async () => adapter,
    property: async () => undefined,
    guests: { create: async () => void log.push('guests written') },
    bookings: {
      create: async (record: BookingRecord) => {
        log.push('record written');
        return { created: true, record };
      },
    },
    wallets: {},
    bookTimeoutMs: 8_000,
  } as unknown as FlowDeps;
  return { deps, answer: (booking: SupplierBooking) => answer(booking) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('BookWithSupplier', () => {
  it('reads the pricing rules while the supplier books, and locks the confirmed price with them', async () => {
    const log: string[] = [];
    const { deps, answer } = depsLogging(log, async () => rules);
    const step = bookWithSupplierStep(state, deps);
    await flush();
    expect(log).toEqual(['guests written', 'record written', 'rules read', 'supplier asked']);
    answer(confirmed);
    const next = await step;
    expect(log.filter((line) => line === 'rules read')).toHaveLength(1);
    expect(next.locked).toEqual(price);
    expect(next.priceAccepted).toBe(true);
    expect(next.supplierBooking).toBe(confirmed);
  });

  it('fails on a rules read that failed only once the supplier has booked, as when it was read after', async () => {
    const log: string[] = [];
    const { deps, answer } = depsLogging(log, async () => {
      throw new Error('the contracts table is out of reach');
    });
    let settled = false;
    const step = bookWithSupplierStep(state, deps).finally(() => {
      settled = true;
    });
    await flush();
    await flush();
    expect(settled).toBe(false);
    answer(confirmed);
    await expect(step).rejects.toThrow('the contracts table is out of reach');
    expect(log).toContain('supplier answered');
  });
});
