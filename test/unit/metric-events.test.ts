/**
 * The metrics as CloudWatch will read them: each an EMF line in the deployment's namespace, with exactly
 * the dimension sets of functions/shared/metric-names.ts (no `service`, so every function's lines make one
 * series), and booking-side supplier calls classified as on-call counts them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectEmf, withDimensions, type EmfMetric } from '../support/emf-lines.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_METRICS_NAMESPACE = 'HotelApi/unit/sandbox';
});

const { recordSupplierCall, recordBookingOutcome, emitMetric, recordAnswerRefusals } = await import(
  '../../functions/shared/metric-events.js'
);
const { guardedSupplier } = await import('../../functions/suppliers/guarded-supplier.js');
const { supplierRate } = await import('../../functions/suppliers/rate-shape.js');
const { measuredSupplierCall } = await import('../../functions/booking/flow/measured-supplier-call.js');
const { SupplierError } = await import('../../functions/suppliers/supplier-error.js');

let emf: ReturnType<typeof collectEmf>;
beforeAll(() => {
  emf = collectEmf();
  return () => emf.stop();
});
afterEach(() => emf.clear());

const only = (metrics: readonly EmfMetric[]): EmfMetric => {
  expect(metrics).toHaveLength(1);
  return metrics[0]!;
};

describe('metric events', () => {
  it('publish a supplier call per operation and per supplier, with no service dimension', () => {
    recordSupplierCall({ supplier: 'beta', operation: 'search', result: 'timeout', tookMs: 1500, offers: 0 });
    const timeout = only(emf.metrics.filter((m) => m.name === 'SupplierTimeout'));
    expect(timeout).toMatchObject({ namespace: 'HotelApi/unit/sandbox', unit: 'Count', value: 1 });
    expect(timeout.dimensionSets).toEqual([{ operation: 'search' }, { operation: 'search', supplier: 'beta' }]);
    expect(only(withDimensions(emf.metrics, 'SupplierLatency', { operation: 'search', supplier: 'beta' }))).toMatchObject({
      unit: 'Milliseconds',
      value: 1500,
    });
    expect(only(emf.metrics.filter((m) => m.name === 'SupplierError')).value).toBe(0);
    expect(only(emf.metrics.filter((m) => m.name === 'SupplierOffers')).value).toBe(0);
  });

  it('publish a booking outcome under its outcome only', () => {
    recordBookingOutcome('compensated');
    expect(only(emf.metrics).dimensionSets).toEqual([{ outcome: 'compensated' }]);
  });

  it('publish answer refusals: what was dropped in the total and per supplier, every reason per supplier and reason', () => {
    recordAnswerRefusals('gamma', { price_not_positive: 2, text_cut: 1 });
    const [dropped, cut] = [
      only(withDimensions(emf.metrics, 'SupplierAnswerRefused', { supplier: 'gamma', reason: 'price_not_positive' })),
      only(withDimensions(emf.metrics, 'SupplierAnswerRefused', { supplier: 'gamma', reason: 'text_cut' })),
    ];
    expect(dropped).toMatchObject({ unit: 'Count', value: 2 });
    expect(dropped.dimensionSets).toEqual([
      {},
      { supplier: 'gamma' },
      { reason: 'price_not_positive' },
      { supplier: 'gamma', reason: 'price_not_positive' },
    ]);
    // A text cut keeps its item: not in the total the alarm watches.
    expect(cut.dimensionSets).toEqual([{ supplier: 'gamma', reason: 'text_cut' }]);
  });

  it('the supplier boundary counts what it dropped of an answer under the supplier it guards', async () => {
    const rate = (key: string, amount: string) =>
      supplierRate({
        supplierRateKey: key,
        roomTypeCode: 'DBL',
        roomTypeName: 'Double',
        boardBasis: 'RO',
        refundable: true,
        payment: 'net',
        price: { amount, currency: 'EUR' },
        cancellationPolicy: [],
        taxes: [],
      });
    const port = {
      supplierId: 'delta',
      searchAvailability: async () => ({
        supplierId: 'delta',
        offers: [{ supplierId: 'delta', supplierPropertyId: 'H1', name: 'Hotel', rates: [rate('a', '0.00'), rate('b', '90.00')] }],
      }),
    } as unknown as Parameters<typeof guardedSupplier>[0];
    const result = await guardedSupplier(port).searchAvailability({
      destination: { kind: 'hotels', supplierPropertyIds: ['H1'] },
      checkIn: '2027-03-01',
      checkOut: '2027-03-03',
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    expect(result.offers[0]!.rates.map((r) => r.supplierRateKey)).toEqual(['b']);
    expect(result.refused).toEqual({ price_not_positive: 1 });
    expect(only(withDimensions(emf.metrics, 'SupplierAnswerRefused', { supplier: 'delta', reason: 'price_not_positive' })).value).toBe(1);
  });

  it('publish a metric without dimensions under the empty set, so CloudWatch still extracts it', () => {
    emitMetric('OldestPendingBookingAge', 'Seconds', 960, [{}]);
    expect(only(emf.metrics)).toMatchObject({ value: 960, dimensionSets: [{}] });
  });

  it('count a supplier timeout and a failure against the supplier, and a sold-out answer not', async () => {
    await expect(
      measuredSupplierCall('alpha', 'book', () => Promise.reject(new SupplierError('timeout', 'alpha', 'no answer'))),
    ).rejects.toThrow('no answer');
    await expect(
      measuredSupplierCall('alpha', 'book', () => Promise.reject(new SupplierError('unavailable', 'alpha', 'HTTP 503'))),
    ).rejects.toThrow('503');
    await expect(
      measuredSupplierCall('alpha', 'book', () => Promise.reject(new SupplierError('sold_out', 'alpha', 'gone'))),
    ).rejects.toThrow('gone');
    await expect(measuredSupplierCall('alpha', 'cancel', () => Promise.resolve('done'))).resolves.toBe('done');
    const book = { operation: 'book', supplier: 'alpha' };
    expect(withDimensions(emf.metrics, 'SupplierTimeout', book).map((m) => m.value)).toEqual([1, 0, 0]);
    expect(withDimensions(emf.metrics, 'SupplierError', book).map((m) => m.value)).toEqual([0, 1, 0]);
    expect(withDimensions(emf.metrics, 'SupplierLatency', { operation: 'cancel' })).toHaveLength(1);
  });
});

describe('the reconciler pass', () => {
  it('publishes what it left pending by age, the oldest age, and each booking it could not settle', async () => {
    const { settleAllPending } = await import('../../functions/booking/reconcile/settle-pending.js');
    const now = new Date('2026-03-01T12:00:00Z');
    const pending = (bookingId: string, minutesAgo: number) =>
      ({
        tenant: 'demo',
        bookingId,
        status: 'pending',
        supplierId: 'hotelbeds',
        createdAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      }) as never;
    // The supplier's contract is gone, so neither booking can be asked about: both stay pending.
    const deps = {
      bookings: { pending: async () => [pending('b1', 2), pending('b2', 20)] },
      guests: { get: async () => undefined },
      contracts: async () => [],
      now: () => now,
      supplierCallTimeoutMs: 1000,
    } as never;

    expect(await settleAllPending('demo', deps)).toEqual({ checked: 2, settled: 0 });
    const byAge = Object.fromEntries(
      emf.metrics.filter((m) => m.name === 'PendingBookings').map((m) => [m.dimensionSets[0]!.age, m.value]),
    );
    expect(byAge).toEqual({ 'under-5m': 1, '5m-15m': 0, 'over-15m': 1 });
    expect(only(emf.metrics.filter((m) => m.name === 'OldestPendingBookingAge'))).toMatchObject({
      value: 1200,
      unit: 'Seconds',
      dimensionSets: [{}],
    });
    expect(emf.metrics.filter((m) => m.name === 'ReconcileFailures').map((m) => m.value)).toEqual([1, 1]);
  });

  it('publishes a booking it settled, with the outcome, and measures the lookup at the supplier', async () => {
    const { settleAllPending } = await import('../../functions/booking/reconcile/settle-pending.js');
    const now = new Date('2026-03-01T12:00:00Z');
    const record = {
      tenant: 'demo',
      bookingId: 'b3',
      status: 'pending',
      supplierId: 'hotelbeds',
      createdAt: new Date(now.getTime() - 30 * 60_000).toISOString(),
    };
    // The supplier holds nothing under our reference half an hour on: nothing was booked, the booking fails.
    const deps = {
      bookings: { pending: async () => [record], transition: async () => ({ ...record, status: 'failed' }) },
      contracts: async () => [{ supplierId: 'hotelbeds' }],
      adapterFor: async () => ({ findBookingByClientReference: async () => undefined }),
      guests: { get: async () => undefined },
      now: () => now,
      supplierCallTimeoutMs: 1000,
    } as never;

    expect(await settleAllPending('demo', deps)).toEqual({ checked: 1, settled: 1 });
    expect(only(emf.metrics.filter((m) => m.name === 'PendingSettled'))).toMatchObject({
      value: 1,
      dimensionSets: [{ outcome: 'failed' }],
    });
    expect(
      withDimensions(emf.metrics, 'SupplierTimeout', { operation: 'find-booking', supplier: 'hotelbeds' }).map((m) => m.value),
    ).toEqual([0]);
    expect(only(emf.metrics.filter((m) => m.name === 'OldestPendingBookingAge')).value).toBe(0);
  });

  it('publishes zeros when nothing is pending, so the 15-minute alarm clears', async () => {
    const { settleAllPending } = await import('../../functions/booking/reconcile/settle-pending.js');
    const deps = { bookings: { pending: async () => [] }, now: () => new Date() } as never;
    await settleAllPending('demo', deps);
    expect(only(emf.metrics.filter((m) => m.name === 'OldestPendingBookingAge')).value).toBe(0);
    expect(emf.metrics.filter((m) => m.name === 'PendingBookings').map((m) => m.value)).toEqual([0, 0, 0]);
  });
});
