/**
 * The metrics on-call reads, as the functions write them, through the local host with metrics turned on:
 * a search where one supplier times out, a booking compensated because its save failed, a confirmed
 * booking and its idempotent replay. Each must leave the EMF line the alarms and the dashboard
 * (lib/observability.ts) read: the metric name and the dimension set they query.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { inDays } from '../support/stay-dates.js';
import { collectEmf, withDimensions } from '../support/emf-lines.js';
import { startTestHost } from '../support/local-host.js';
import { metricNamespace } from '../../functions/shared/metric-names.js';

// Before any handler module loads: Powertools reads it when the Metrics objects are made.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  // The demo sandbox stack's namespace (metricNamespace), which a function served from its bundle gets from the template.
  process.env.POWERTOOLS_METRICS_NAMESPACE = 'HotelApi/demo/sandbox';
});

const SAVE_FAILS = 'SAVE-FAILS';
const emf = collectEmf();
let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  host = await startTestHost({
    interceptFlowStep: async (invocation: FlowInvocation, run) => {
      if (invocation.step === 'SaveBooking' && (invocation.input?.request?.clientReference ?? '').startsWith(SAVE_FAILS)) {
        throw Object.assign(new Error('The conditional request failed: table unavailable'), { name: 'InternalFailure' });
      }
      return run();
    },
  });
  journey = await startJourney(host);
}, 120_000);
afterAll(async () => {
  await host?.stop();
  emf.stop();
});

/** The HTTP middleware's status count for a route (its set is [service, route]; the service is the function's). */
const statusOf = (name: string, route: string) =>
  emf.metrics.filter((m) => m.name === name && m.dimensionSets.some((set) => set.route === route && 'service' in set));

describe('metrics through the local host', () => {
  it('a search with a timed-out supplier: SupplierTimeout 1 for it, 0 for the others, per operation and per supplier', async () => {
    emf.clear();
    const response = await journey.call('/v1/hotels/search', 'demo', {
      method: 'POST',
      scenario: 'slow:expedia',
      body: JSON.stringify({
        destination: { type: 'city', code: 'RAK' },
        checkIn: inDays(30),
        checkOut: inDays(32),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        timeoutMs: 600,
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { suppliers: { id: string; status: string; results: number }[] };
    expect(body.suppliers.find((s) => s.id === 'expedia')?.status).toBe('timeout');

    for (const supplier of body.suppliers) {
      const timeout = withDimensions(emf.metrics, 'SupplierTimeout', { operation: 'search', supplier: supplier.id });
      expect(
        timeout.map((m) => m.value),
        supplier.id,
      ).toEqual([supplier.status === 'timeout' ? 1 : 0]);
      // The alarm's series: the same line, under the set without the supplier.
      expect(timeout[0]!.dimensionSets).toContainEqual({ operation: 'search' });
      expect(timeout[0]!.namespace).toBe(metricNamespace('demo', 'sandbox'));
      expect(withDimensions(emf.metrics, 'SupplierOffers', { operation: 'search', supplier: supplier.id }).map((m) => m.value)).toEqual([
        supplier.results,
      ]);
    }
    expect(withDimensions(emf.metrics, 'SupplierLatency', { operation: 'search', supplier: 'expedia' }).map((m) => m.value)).toEqual([600]);
    expect(statusOf('Status2xx', 'searchHotels')).toHaveLength(1);
  });

  it('a booking whose save failed: BookingOutcome compensated, the cancel at the supplier measured, the step errors counted', async () => {
    emf.clear();
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const { response, body } = await journey.book(rate, {
      body: journey.bookingBody(rate, { clientReference: `${SAVE_FAILS}-${randomUUID().slice(0, 6)}` }),
    });
    expect(response.status).toBe(502);
    expect(body).toMatchObject({ undone: true });

    expect(withDimensions(emf.metrics, 'BookingOutcome', { outcome: 'compensated' }).map((m) => m.value)).toEqual([1]);
    expect(withDimensions(emf.metrics, 'BookingOutcome', { outcome: 'confirmed' })).toEqual([]);
    // UndoBooking ends the flow with the problem, so its run is an error step.
    expect(withDimensions(emf.metrics, 'BookingStep', { step: 'UndoBooking', result: 'error' })).toHaveLength(1);
    expect(withDimensions(emf.metrics, 'BookingStep', { step: 'BookWithSupplier', result: 'ok' })).toHaveLength(1);
    expect(withDimensions(emf.metrics, 'SupplierError', { operation: 'book', supplier: 'hotelbeds' }).map((m) => m.value)).toEqual([0]);
    expect(withDimensions(emf.metrics, 'SupplierTimeout', { operation: 'cancel', supplier: 'hotelbeds' }).map((m) => m.value)).toEqual([0]);
    expect(statusOf('Status5xx', 'createBooking')).toHaveLength(1);
  });

  it('a confirmed booking and its replay: BookingOutcome confirmed once, IdempotentReplay for the route', async () => {
    emf.clear();
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const body = journey.bookingBody(rate);
    const first = await journey.book(rate, { body });
    expect(first.response.status).toBe(201);
    const replay = await journey.book(rate, { key: first.key, body });
    expect(replay.response.headers.get('Idempotent-Replayed')).toBe('true');

    expect(withDimensions(emf.metrics, 'BookingOutcome', { outcome: 'confirmed' }).map((m) => m.value)).toEqual([1]);
    expect(withDimensions(emf.metrics, 'IdempotentReplay', { route: 'createBooking' }).map((m) => m.value)).toEqual([1]);
  });
});
