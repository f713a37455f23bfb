/**
 * What a wallet-paid booking holds (functions/booking/wallet/wallet-hold-amount.ts): the most the partner
 * agreed to pay, so that every confirmed total the flow accepts (within the priceTolerance, flow/booking-draft.ts)
 * fits in the hold and the capture never pays more than was held. Then the flow's side of it: a confirmed
 * total is accepted only where the hold covers it (BookWithSupplier and ReconcileBooking, through
 * confirmedByTheSupplier).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedFlowState, DEMO_RULES, SAMPLE_PRICE } from '../support/flow-state.js';
import { confirmedByTheSupplier } from '../../functions/booking/flow/book-with-supplier-step.js';
import { withinTolerance } from '../../functions/booking/flow/booking-draft.js';
import type { FlowDeps } from '../../functions/booking/flow/flow-deps.js';
import type { FlowState } from '../../functions/booking/flow/flow-state.js';
import { walletHoldMinor } from '../../functions/booking/wallet/wallet-hold-amount.js';
import { withinWalletHold } from '../../functions/booking/wallet/wallet-payment.js';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { formatMinor } from '../../functions/domain/money/money.js';
import type { BookingRequest } from '../../functions/booking/booking-request.js';
import type { SupplierBooking } from '../../functions/suppliers/port.js';

const tolerance = (maxIncreasePercent: number): Pick<BookingRequest, 'priceTolerance'> => ({ priceTolerance: { maxIncreasePercent } });

describe('the amount a wallet-paid booking holds', () => {
  it('is the binding total when no priceTolerance was sent: no rise was agreed', () => {
    expect(walletHoldMinor({}, { quotedTotal: '200.00', bindingTotal: '203.10', currency: 'EUR' })).toBe(203_10);
  });

  it('is the searched total raised by the priceTolerance, rounded down to a minor unit', () => {
    expect(walletHoldMinor(tolerance(5), { quotedTotal: '200.00', bindingTotal: '203.10', currency: 'EUR' })).toBe(210_00);
    // 100.01 × 1.03 = 103.0103: 103.01 is the most an accepted total can be.
    expect(walletHoldMinor(tolerance(3), { quotedTotal: '100.01', bindingTotal: '100.01', currency: 'EUR' })).toBe(103_01);
    expect(walletHoldMinor(tolerance(3), { quotedTotal: '10001', bindingTotal: '10001', currency: 'JPY' })).toBe(10301);
    expect(walletHoldMinor(tolerance(0), { quotedTotal: '200.00', bindingTotal: '190.00', currency: 'EUR' })).toBe(200_00);
    // A percentage JavaScript prints with an exponent is read exactly, as the tolerance check reads it.
    expect(walletHoldMinor(tolerance(1e-7), { quotedTotal: '200.00', bindingTotal: '200.00', currency: 'EUR' })).toBe(200_00);
  });

  it('is never less than the binding total', () => {
    expect(walletHoldMinor(tolerance(1), { quotedTotal: '100.00', bindingTotal: '150.00', currency: 'EUR' })).toBe(150_00);
  });

  it('covers every total the tolerance accepts, and the tolerance accepts the total it holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.constantFrom('EUR', 'JPY', 'BHD'),
        (quotedMinor, basisPoints, totalMinor, currency) => {
          const request = tolerance(basisPoints / 100);
          const quotedTotal = formatMinor(quotedMinor, currency);
          const total = formatMinor(totalMinor, currency);
          const held = walletHoldMinor(request, { quotedTotal, bindingTotal: quotedTotal, currency });
          const asBooking = { ...request } as BookingRequest;
          if (withinTolerance(asBooking, quotedTotal, total)) expect(totalMinor).toBeLessThanOrEqual(held);
          expect(withinTolerance(asBooking, quotedTotal, formatMinor(held, currency))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

const price = SAMPLE_PRICE;
const flowState = (request: Partial<BookingRequest>): FlowState => checkedFlowState({ bookingId: 'bk_hold', request });

const deps = { fx: async () => embeddedFxRates, pricingRules: async () => DEMO_RULES } as unknown as FlowDeps;
const confirmedAt = (amount: string) =>
  ({
    supplierId: 'hotelbeds',
    supplierReference: 'HB-1',
    status: 'confirmed',
    price: { amount, currency: 'EUR' },
    cancellationPolicy: [],
  }) as unknown as SupplierBooking;
const wallet = { payment: { method: 'agent_wallet', walletId: 'wal_1' } } as const;

describe("the supplier's confirmed total, against a wallet-paid booking's hold", () => {
  it('is accepted within the priceTolerance, which the hold covers', async () => {
    const next = await confirmedByTheSupplier(flowState({ ...wallet, ...tolerance(5) }), confirmedAt('260.00'), deps);
    expect(Number(next.locked!.total)).toBeGreaterThan(Number(price.total));
    expect(next.priceAccepted).toBe(true);
    const agreed = { quotedTotal: price.total, bindingTotal: price.total, currency: 'EUR' };
    expect(withinWalletHold({ ...wallet, ...tolerance(5) }, agreed, next.locked!.total)).toBe(true);
  });

  it('is undone above the binding total when no priceTolerance was sent: the wallet held only that', async () => {
    const above = await confirmedByTheSupplier(flowState(wallet), confirmedAt('250.20'), deps);
    expect(above.priceAccepted).toBe(false);
    expect((await confirmedByTheSupplier(flowState(wallet), confirmedAt('250.19'), deps)).priceAccepted).toBe(true);
    expect((await confirmedByTheSupplier(flowState(wallet), confirmedAt('240.00'), deps)).priceAccepted).toBe(true);
  });

  it('is accepted as before for a booking paid otherwise: there is no hold to fit in', async () => {
    expect((await confirmedByTheSupplier(flowState({}), confirmedAt('300.00'), deps)).priceAccepted).toBe(true);
  });
});
