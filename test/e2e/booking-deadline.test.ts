/**
 * The whole booking chain answers within API Gateway's 29 s integration timeout whatever the supplier does,
 * with the budgets the stack deploys (functions/shared/time-budgets.ts), none shortened: the worst case, where
 * the supplier takes nearly all of the rate check's budget, never answers the booking, and never answers the
 * lookup by our reference either. The partner gets 202 (pending, settled later by our reference) in time,
 * never API Gateway's 504. Under `npm run test:bundles` the booking and flow functions start cold on this call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_GATEWAY_INTEGRATION_TIMEOUT_MS, BOOKING_FLOW_BUDGET } from '../../functions/shared/time-budgets.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { proxySupplierOf, type FaultProxy } from '../support/fault-proxy.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
let journey: Journey;
let proxy: FaultProxy;
beforeAll(async () => {
  // The deployed budgets, whatever another file of this worker set.
  delete process.env.SUPPLIER_BOOK_TIMEOUT_MS;
  delete process.env.SUPPLIER_CALL_TIMEOUT_MS;
  host = await startTestHost();
  proxy = await proxySupplierOf(host, 'hotelbeds');
  journey = await startJourney(host);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await host?.stop();
});

describe('the booking chain at its worst', () => {
  it("answers 202 within API Gateway's 29 s when the supplier uses up every budget", async () => {
    const rate = journey.rateOf('hotelbeds');
    proxy.setFault([
      // The rate check answers just inside its budget.
      {
        matches: (method, path) => method === 'POST' && path.startsWith('/hotel-api/1.0/checkrates'),
        mode: { kind: 'late-answer', delayMs: BOOKING_FLOW_BUDGET.checkRateMs - 750 },
      },
      // The booking and the lookup by our reference never answer.
      { matches: (_method, path) => path.startsWith('/hotel-api/1.0/bookings'), mode: { kind: 'hang' } },
    ]);
    const started = performance.now();
    let booked;
    try {
      booked = await journey.book(rate, { body: journey.bookingBody(rate, { clientReference: `WORST-${randomUUID().slice(0, 8)}` }) });
    } finally {
      proxy.setFault(undefined);
    }
    const took = performance.now() - started;
    expect(booked.response.status, JSON.stringify(booked.body)).toBe(202);
    expect(booked.body).toMatchObject({ status: 'pending' });
    // Every supplier wait was used up, and still the answer came before API Gateway's limit.
    expect(took).toBeGreaterThan(BOOKING_FLOW_BUDGET.checkRateMs - 750 + BOOKING_FLOW_BUDGET.bookMs);
    expect(took).toBeLessThan(API_GATEWAY_INTEGRATION_TIMEOUT_MS);
  }, 60_000);

  it("answers within the flow's rate check budget, nothing booked, when the supplier never confirms the rate", async () => {
    const rate = journey.rateOf('hotelbeds');
    proxy.setFault({
      matches: (method, path) => method === 'POST' && path.startsWith('/hotel-api/1.0/checkrates'),
      mode: { kind: 'hang' },
    });
    const started = performance.now();
    let booked;
    try {
      booked = await journey.book(rate);
    } finally {
      proxy.setFault(undefined);
    }
    const took = performance.now() - started;
    expect(booked.response.status, JSON.stringify(booked.body)).toBe(502);
    expect(String(booked.body.type)).toMatch(/supplier-timeout$/);
    expect(took).toBeLessThan(BOOKING_FLOW_BUDGET.checkRateMs + 5_000);
  }, 60_000);
});
