/**
 * The whole API against hostile suppliers: a hostile fake (test/support/hostile-supplier.ts) stands in each
 * sandbox supplier's contract of the demo tenant, speaking that supplier's wire format, and misbehaves on the
 * test's word. Over HTTP against the local host:
 *
 * - a search whose supplier answers endlessly, redirects, or sends an error with 200 still answers within its
 *   budget, `partial`, naming that supplier `error` and the others `ok`: never a 5xx;
 * - a free room and a megabyte name are never shown; a property's rates never include a hotel nobody asked for;
 * - a booking whose supplier booked and then answered 60 MB, or a redirect, is confirmed once, found under our
 *   reference; the partner's retry with the same key never books a second time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../functions/search/search-result.js';
import type { LocalHost } from '../../local/host.js';
import { type Journey, startJourney, timedSearch } from '../support/booking-journey.js';
import { type Hostility, type HostileSupplier, type Matcher, startHostileSupplier, type WireShape } from '../support/hostile-supplier.js';
import { startTestHost } from '../support/local-host.js';
import { contractThrough } from '../support/supplier-in-between.js';

const SEARCH_BUDGET_MS = 3_000;
/** What the machine may add to a budget: the gateway, pricing and ranking, a loaded CI runner. */
const SLACK_MS = 3_000;
const MB = 1024 * 1024;
const SUPPLIERS: readonly WireShape[] = ['hotelbeds', 'expedia', 'opentravel'];

let host: LocalHost;
let journey: Journey;
const hostile: Partial<Record<WireShape, HostileSupplier>> = {};

beforeAll(async () => {
  host = await startTestHost();
  for (const supplierId of SUPPLIERS) {
    const fake = await startHostileSupplier(host.suppliers.find((s) => s.supplierId === supplierId)!.endpoint, supplierId);
    hostile[supplierId] = fake;
    await contractThrough(host, supplierId, fake.url);
  }
  journey = await startJourney(host);
}, 180_000);
afterAll(async () => {
  await Promise.all(Object.values(hostile).map((h) => h.close()));
  await host?.stop();
});

const AVAILABILITY: Record<WireShape, Matcher> = {
  hotelbeds: (method, path) => method === 'POST' && path === '/hotel-api/1.0/hotels',
  expedia: (method, path) => method === 'GET' && path === '/v3/properties/availability',
  opentravel: (method, path, body) => method === 'POST' && path === '/ota' && body.includes('OTA_HotelAvailRQ'),
};

const BOOKING: Record<WireShape, Matcher> = {
  hotelbeds: (method, path) => method === 'POST' && path === '/hotel-api/1.0/bookings',
  expedia: (method, path) => method === 'POST' && path === '/v3/itineraries',
  opentravel: (method, path, body) => method === 'POST' && path === '/ota' && body.includes('OTA_HotelResRQ') && body.includes('"Commit"'),
};

let stay = 80;
async function searchWhile(supplierId: WireShape, matches: Matcher, hostility: Hostility): Promise<{ body: SearchResponse; ms: number }> {
  hostile[supplierId]!.set(matches, hostility);
  try {
    stay += 3; // a stay not searched before, so every supplier is asked
    const { status, body, ms } = await timedSearch(journey, stay, SEARCH_BUDGET_MS);
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
    return { body, ms };
  } finally {
    hostile[supplierId]!.set(undefined);
  }
}

const ENVELOPES: Record<WireShape, Hostility> = {
  hotelbeds: {
    kind: 'answer',
    status: 200,
    body: JSON.stringify({ auditData: {}, error: { code: 'SYSTEM_ERROR-653FFA26827746AE80B5583439DC985D', message: 'Internal error' } }),
  },
  expedia: { kind: 'answer', status: 200, body: JSON.stringify({ type: 'service_unavailable', message: 'Unavailable.' }) },
  opentravel: {
    kind: 'answer',
    status: 200,
    contentType: 'application/xml',
    body: '<?xml version="1.0" encoding="UTF-8"?><OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05"><Warnings><Warning Type="3"/></Warnings></OTA_HotelAvailRS>',
  },
};

describe('search with a hostile supplier', () => {
  const cases: readonly [string, (id: WireShape) => Hostility][] = [
    ['answers without end', () => ({ kind: 'endless' })],
    ['redirects to another host', () => ({ kind: 'redirect', status: 302, location: 'http://127.0.0.2:9/elsewhere' })],
    ['sends an error with 200', (id) => ENVELOPES[id]],
  ];
  for (const [what, hostility] of cases) {
    it.each(SUPPLIERS)(`%s ${what}: the search answers within its budget, partial, naming it`, async (id) => {
      const { body, ms } = await searchWhile(id, AVAILABILITY[id], hostility(id));
      console.log(`[hostile search] ${id} ${what}: answered 200 in ${Math.round(ms)} ms (budget ${SEARCH_BUDGET_MS} ms)`);
      expect(ms).toBeLessThan(SEARCH_BUDGET_MS + SLACK_MS);
      expect(body.partial).toBe(true);
      const statuses = Object.fromEntries(body.suppliers.map((s) => [s.id, s.status]));
      // An endless answer is cut at the byte limit (error), or, on a machine too loaded to read 24 MB within the
      // budget, at the budget (timeout): either way the search answers in time (the integration test shows the cut).
      const named = what === 'answers without end' ? ['error', 'timeout'] : ['error'];
      expect(named).toContain(statuses[id]);
      expect({ ...statuses, [id]: 'named' }).toEqual({ hotelbeds: 'ok', expedia: 'ok', opentravel: 'ok', [id]: 'named' });
      expect(body.properties.length).toBeGreaterThan(0);
      expect(body.properties.every((p) => p.cheapestRate.supplierId !== id)).toBe(true);
    });
  }

  it('hotelbeds sends a free room and a megabyte name: neither is shown, the rest of its answer is', async () => {
    const { body } = await searchWhile('hotelbeds', AVAILABILITY.hotelbeds, {
      kind: 'rewrite',
      body: (answer) => {
        const parsed = JSON.parse(answer) as { hotels: { hotels: { name: string; rooms: { rates: Record<string, unknown>[] }[] }[] } };
        // One megabyte name (more would pass the byte limit: the whole answer refused, as the size tests show).
        parsed.hotels.hotels[0]!.name = 'N'.repeat(MB);
        for (const hotel of parsed.hotels.hotels) {
          const rate = hotel.rooms[0]!.rates[0]!;
          rate.net = '0.00';
          rate.sellingRate = '0.00';
          delete rate.taxes;
        }
        return JSON.stringify(parsed);
      },
    });
    const statuses = Object.fromEntries(body.suppliers.map((s) => [s.id, s.status]));
    expect(statuses.hotelbeds).toBe('ok');
    expect(body.properties.some((p) => p.cheapestRate.supplierId === 'hotelbeds')).toBe(true);
    for (const property of body.properties) {
      expect(property.cheapestRate.price.total).toBeGreaterThan(0);
      expect(property.name.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("a property's rates with a supplier answering for another hotel", () => {
  it('never shows the other hotel under the asked property (hotel_not_asked)', async () => {
    const property = journey.search.properties.find((p) => p.supplierRefs.some((r) => r.supplierId === 'hotelbeds'))!;
    const path = `/v1/hotels/searches/${journey.search.searchId}/properties/${property.propertyId}/rates`;
    const honest = (await (await journey.call(path, 'demo')).json()) as { rates: { supplierId: string; price: { total: number } }[] };
    hostile.hotelbeds!.set(AVAILABILITY.hotelbeds, {
      kind: 'rewrite',
      body: (answer) => {
        const parsed = JSON.parse(answer) as { hotels: { hotels: Record<string, unknown>[] } };
        // Another hotel, at a price far below the asked one's: booking its rate would book that hotel.
        const other = structuredClone(parsed.hotels.hotels[0]!) as { code: number; rooms: { rates: Record<string, unknown>[] }[] };
        other.code = 987654;
        for (const room of other.rooms)
          for (const rate of room.rates) {
            rate.net = '1.00';
            rate.rateKey = `${String(rate.rateKey)}-other`;
            delete rate.taxes;
            delete rate.cancellationPolicies;
          }
        parsed.hotels.hotels.push(other);
        return JSON.stringify(parsed);
      },
    });
    let response: Response;
    try {
      response = await journey.call(path, 'demo');
    } finally {
      hostile.hotelbeds!.set(undefined);
    }
    expect(response.status).toBe(200);
    const hostileRates = (await response.json()) as typeof honest;
    expect(hostileRates.rates.length).toBe(honest.rates.length);
    expect(hostileRates.rates.filter((r) => r.supplierId === 'hotelbeds').every((r) => r.price.total > 2)).toBe(true);
  });
});

describe('booking with a supplier that books, then answers what we never read', () => {
  const cases: readonly [string, Hostility][] = [
    ['60 MB', { kind: 'huge', bytes: 60 * MB, declareLength: false, afterForwarding: true }],
    ['a redirect', { kind: 'redirect', status: 302, location: 'http://127.0.0.2:9/booked', afterForwarding: true }],
  ];
  for (const [what, hostility] of cases) {
    it.each(SUPPLIERS)(
      `%s books, then answers ${what}: confirmed once, found by our reference; a retry books nothing more`,
      async (id) => {
        const supplier = host.suppliers.find((s) => s.supplierId === id)!;
        const rate = journey.rateOf(id);
        const body = journey.bookingBody(rate, { clientReference: `HOSTILE-${randomUUID().slice(0, 8)}` });
        const key = randomUUID();
        hostile[id]!.set(BOOKING[id], hostility);
        let first: Awaited<ReturnType<Journey['book']>>;
        try {
          first = await journey.book(rate, { key, body });
        } finally {
          hostile[id]!.set(undefined);
        }
        // Never a 5xx: the supplier made it, so it is found under our reference (201), or still being settled (202).
        expect([201, 202], JSON.stringify(first.body)).toContain(first.response.status);
        const bookingId = String(first.body.bookingId);
        expect(supplier.bookingsUnder(bookingId)).toBe(1);
        const retried = await journey.book(rate, { key, body });
        expect([200, 201, 202]).toContain(retried.response.status);
        expect(retried.body.bookingId).toBe(bookingId);
        expect(supplier.bookingsUnder(bookingId)).toBe(1);
        const record = (await (await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo')).json()) as {
          status: string;
          propertyName: string;
        };
        if (first.response.status === 201) expect(record.status).toBe('confirmed');
        expect(record.propertyName).not.toMatch(/^prop_/);
      },
      60_000,
    );
  }
});
