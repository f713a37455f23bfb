/**
 * With the FX feed stopped past the maximum age (the sandbox ECB feed serving figures six days old): a
 * converted quote answers 503 fx-unavailable naming the pair, with Retry-After, on search, rate check and
 * booking, and books nothing; a quote in the supplier's own currency still answers; the feed job fails loudly
 * when the feed cannot be reached.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysBefore, utcDay } from '../../functions/domain/fx/calendar-day.js';
import { DynamoFxRateStore } from '../../functions/stores/dynamo-fx-rates.js';
import type { LocalHost } from '../../local/host.js';
import { collectEmf, withDimensions } from '../support/emf-lines.js';
import { admin, bookingOf, partnerOf, rates, type Partner } from '../support/fx-partner.js';
import { startTestHost } from '../support/local-host.js';

vi.hoisted(() => {
  // Every quote reads the figures afresh (FX_CACHE_SECONDS, read as the functions load), so a figure aged under
  // the running host counts at once.
  process.env.FX_CACHE_SECONDS = '0';
  // The metrics the FX alarms read, written as on AWS (Powertools reads these as its Metrics objects are made).
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_METRICS_NAMESPACE = 'HotelApi/demo/sandbox';
});

const emf = collectEmf();

let host: LocalHost;
let partner: Partner;
beforeAll(async () => {
  // The feed published last six days ago: its figures are past the 4-day maximum age.
  host = await startTestHost({ fxFeed: { ageDays: 6 } });
  partner = await partnerOf(host);
}, 180_000);
afterAll(async () => {
  await host?.stop();
  emf.stop();
});

/** The FxQuotesStale alarm's input, counted for the route that refused. */
const staleQuotes = (route: string) => withDimensions(emf.metrics, 'FxQuotesStale', { route }).length;

describe('with the feed stopped past the maximum age', () => {
  it('answers a converted search 503 fx-unavailable naming the pair, with Retry-After', async () => {
    const { response, body } = await partner.search('USD');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body).toMatchObject({ type: 'https://hotel-api.dev/problems/fx-unavailable', status: 503, pair: { from: 'EUR', to: 'USD' } });
    expect(body.detail).toMatch(/EUR→USD .*past the maximum age of 4 days/);
    expect(staleQuotes('searchHotels')).toBeGreaterThan(0);
  });

  it("still answers a quote in the supplier's own currency, and leaves out what it cannot convert", async () => {
    const { response, body } = await partner.search('EUR');
    expect(response.status).toBe(200);
    const shown = rates(body);
    expect(shown.length).toBeGreaterThan(0);
    // The EUR supplier's rates need no figure; the USD and GBP suppliers' cannot be converted.
    for (const rate of shown) expect(rate.price.fx).toMatchObject({ from: 'EUR', to: 'EUR', rate: '1' });
  });

  it('answers a rate check and a booking 503 once a figure they need aged, books nothing, and books once a fresh one is set', async () => {
    // An operator stands in for the stopped feed: USD is quotable again.
    expect((await admin(host, 'fx', 'set', 'USD', '--per-eur', '1.0411', '--source', 'treasury desk')).code).toBe(0);
    const { response, body } = await partner.search('USD');
    expect(response.status).toBe(200);
    const rate = rates(body).find((r) => r.price.fx.from === 'EUR' && r.price.fx.to === 'USD');
    expect(rate?.price.fx.source).toBe('operator rate (treasury desk)');

    // Days later (the stand-in aged too) the same rate cannot be quoted.
    const store = new DynamoFxRateStore();
    const usd = (await store.operatorRates()).find((r) => r.currency === 'USD')!;
    await store.putOperatorRate({ ...usd, asOf: daysBefore(utcDay(new Date()), 5) });
    const checked = await partner.call(`/v1/hotels/rates/${rate!.rateId}/check`, 'demo', { method: 'POST' });
    expect(checked.status).toBe(503);
    expect(await checked.json()).toMatchObject({ type: 'https://hotel-api.dev/problems/fx-unavailable', pair: { from: 'EUR', to: 'USD' } });
    expect(checked.headers.get('retry-after')).not.toBeNull();
    expect(staleQuotes('checkRate')).toBe(1);

    const request = bookingOf(rate!.rateId, body.searchId);
    const key = randomUUID();
    const refused = await partner.call('/v1/hotels/bookings', 'demo', {
      method: 'POST',
      idempotencyKey: key,
      body: JSON.stringify(request),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ type: 'https://hotel-api.dev/problems/fx-unavailable', pair: { from: 'EUR', to: 'USD' } });
    expect(staleQuotes('createBooking')).toBe(1);
    const listed = await partner.call(`/v1/hotels/bookings?clientReference=${request.clientReference}`, 'demo');
    expect(((await listed.json()) as { bookings: unknown[] }).bookings).toEqual([]);

    // A fresh figure, and the same request with the same key books, once.
    expect((await admin(host, 'fx', 'set', 'USD', '--per-eur', '1.0411', '--source', 'treasury desk')).code).toBe(0);
    const booked = await partner.call('/v1/hotels/bookings', 'demo', {
      method: 'POST',
      idempotencyKey: key,
      body: JSON.stringify(request),
    });
    expect(booked.status).toBe(201);
    const bookingId = ((await booked.json()) as { bookingId: string }).bookingId;
    expect(host.suppliers.find((s) => s.supplierId === rate!.supplierId)!.bookingsUnder(bookingId)).toBe(1);
  });

  it('fails the feed job loudly when the feed cannot be reached, stores nothing, and says how far behind the figures are', async () => {
    const latest = await new DynamoFxRateStore().latestFeedDay();
    emf.clear();
    await host.fxFeed.close();
    await expect(host.runFxFeed()).rejects.toThrow(/eurofxref-daily\.xml/);
    expect((await new DynamoFxRateStore().latestFeedDay())?.date).toBe(latest?.date);
    expect(withDimensions(emf.metrics, 'FxFeedFailures', { reason: 'unreachable' })).toHaveLength(1);
    // Six days without a new day: working days are due and not stored (the FxFeedNotRead alarm's input).
    const behind = withDimensions(emf.metrics, 'FxFeedWorkingDaysBehind', {});
    expect(behind).toHaveLength(1);
    expect(behind[0]!.value).toBeGreaterThanOrEqual(2);
  });
});
