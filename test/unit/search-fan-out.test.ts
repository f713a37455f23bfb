import { cityArea } from '../support/supplier-destinations.js';
import { describe, expect, it } from 'vitest';
import { fanOut } from '../../functions/search/fan-out.js';
import type { AvailabilityRequest, AvailabilityResult, SupplierOffer, SupplierPort } from '../../functions/suppliers/port.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';

const request: Omit<AvailabilityRequest, 'signal'> = {
  destination: cityArea('PAR'),
  checkIn: '2027-03-01',
  checkOut: '2027-03-03',
  occupancies: [{ adults: 2, childrenAges: [] }],
  nationality: 'GB',
};

const offer = (id: string): SupplierOffer => ({ supplierId: 'x', supplierPropertyId: id, name: id, rates: [] });

/** Only searchAvailability matters to the fan-out; the rest of the port is never called. */
function port(supplierId: string, search: (r: AvailabilityRequest) => Promise<AvailabilityResult>): SupplierPort {
  const unused = () => Promise.reject(new Error('not used by the fan-out'));
  return {
    supplierId,
    searchAvailability: search,
    staticContent: unused,
    checkRate: unused,
    book: unused,
    findBookingByClientReference: unused,
    getBooking: unused,
    cancel: unused,
    modify: unused,
  };
}

const after = <T>(ms: number, value: T, signal?: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(value), ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

describe('fanOut', () => {
  it('reports each supplier: ok with its result count, timeout at the budget, error on failure', async () => {
    let sawAbort = false;
    const started = performance.now();
    const outcomes = await fanOut(
      [
        port('fast', async () => ({ supplierId: 'fast', offers: [offer('a'), offer('b')] })),
        port('slow', (r) => {
          r.signal?.addEventListener('abort', () => (sawAbort = true));
          return after(5_000, { supplierId: 'slow', offers: [offer('c')] }, r.signal);
        }),
        // biome-ignore lint/suspicious/noDuplicateTestHooks: after() is this file's delay helper, not a test hook
        port('deaf', () => after(5_000, { supplierId: 'deaf', offers: [] })), // ignores its signal
        port('broken', () => Promise.reject(new SupplierError('unavailable', 'broken', 'HTTP 503'))),
      ],
      request,
      { budgetMs: 150 },
    );
    const elapsed = performance.now() - started;

    expect(outcomes.map(({ id, status, results }) => ({ id, status, results }))).toEqual([
      { id: 'fast', status: 'ok', results: 2 },
      { id: 'slow', status: 'timeout', results: 0 },
      { id: 'deaf', status: 'timeout', results: 0 },
      { id: 'broken', status: 'error', results: 0 },
    ]);
    expect(outcomes[1]?.tookMs).toBe(150);
    expect(outcomes[2]?.tookMs).toBe(150);
    expect(outcomes[0]?.tookMs).toBeLessThan(150);
    expect(outcomes[3]?.reason).toBe('unavailable: HTTP 503');
    expect(sawAbort).toBe(true);
    // Settles at the budget, not when the deaf supplier would have answered.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('counts an adapter-reported timeout as timeout, and an unexpected exception as error', async () => {
    const outcomes = await fanOut(
      [
        port('t', () => Promise.reject(new SupplierError('timeout', 't', 'deadline'))),
        port('bug', () => Promise.reject(new TypeError('x is undefined'))),
      ],
      request,
      { budgetMs: 1_000 },
    );
    expect(outcomes.map((o) => [o.status, o.tookMs])).toEqual([
      ['timeout', 1_000],
      ['error', expect.any(Number)],
    ]);
    expect(outcomes[1]?.reason).toBe('unexpected adapter failure');
  });
});
