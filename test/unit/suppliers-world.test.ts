import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMinor, parseMinor, scaleMinor } from '../../functions/domain/money/money.js';
import { hasScenario, parseScenarios, requestedScenarios } from '../../functions/suppliers/scenario.js';
import { toLocalIsoWithOffset, zonedLocalToUtc } from '../../functions/suppliers/time-zone.js';
import { CITIES, findCity } from '../../sandbox/world/cities.js';
import { distanceMetres, generateWorld, getWorld } from '../../sandbox/world/generate-world.js';
import { quoteStay } from '../../sandbox/world/rates.js';
import { getSupplierView, overlapStats, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';

const SEED = 4242;
const world = getWorld(SEED);
const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('sandbox world', () => {
  it('is the same byte for byte for the same seed, and different for another seed', () => {
    const a = generateWorld(SEED);
    const b = generateWorld(SEED);
    expect(sha(a.hotels)).toBe(sha(b.hotels));
    expect(sha(generateWorld(SEED + 1).hotels)).not.toBe(sha(a.hotels));
  });

  it('has at least 30 real cities with IATA codes, zones and centres, sized by market', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(30);
    for (const code of [
      'LON',
      'PAR',
      'NYC',
      'BCN',
      'ROM',
      'BER',
      'AMS',
      'MAD',
      'LIS',
      'DXB',
      'SIN',
      'TYO',
      'BKK',
      'IST',
      'PRG',
      'VIE',
      'MIL',
    ]) {
      expect(findCity(code)?.code).toBe(code);
    }
    expect(findCity('XXX')).toBeUndefined();
    for (const city of CITIES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: city.timeZone })).not.toThrow();
      const hotels = world.hotelsByCity.get(city.code) ?? [];
      expect(hotels.length).toBeGreaterThanOrEqual(100);
      for (const hotel of hotels) expect(distanceMetres(hotel.geo, city.centre)).toBeLessThanOrEqual(city.radiusKm * 1000 + 1);
    }
    for (const code of ['PAR', 'LON', 'NYC']) expect(world.hotelsByCity.get(code)!.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(world.hotels.map((h) => h.id)).size).toBe(world.hotels.length);
  });

  it('gives every hotel the content a property page needs', () => {
    for (const hotel of world.hotels.slice(0, 500)) {
      expect(hotel.stars).toBeGreaterThanOrEqual(1);
      expect(hotel.stars).toBeLessThanOrEqual(5);
      expect(hotel.address.street && hotel.address.number && hotel.address.postalCode).toBeTruthy();
      expect(hotel.roomTypes.length).toBeGreaterThan(0);
      expect(hotel.images.length).toBeGreaterThanOrEqual(3);
      expect(hotel.checkInTime).toMatch(/^\d\d:\d\d$/);
      expect(hotel.email).toMatch(/@.+\.example$/);
    }
  });

  it('contains the traps real mapping meets', () => {
    const trapped = (trap: string) => world.hotels.filter((h) => h.traps.includes(trap as never));
    // Same brand, several addresses, one city.
    const paris = world.hotelsByCity.get('PAR')!;
    const ibis = paris.filter((h) => h.brand === 'Ibis');
    expect(new Set(ibis.map((h) => `${h.address.street} ${h.address.number}`)).size).toBeGreaterThan(1);
    // Two different hotels in one building.
    const shared = trapped('shared_building');
    const pair = shared.find((h) => shared.some((o) => o !== h && o.geo.lat === h.geo.lat && o.geo.lng === h.geo.lng && o.name !== h.name));
    expect(pair).toBeDefined();
    // Other scripts and diacritics.
    const locals = world.hotels.map((h) => h.localName ?? '');
    expect(locals.some((n) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(n))).toBe(true); // Japanese
    expect(locals.some((n) => /[\u0600-\u06ff]/.test(n))).toBe(true); // Arabic
    expect(locals.some((n) => /[\u0400-\u04ff]/.test(n))).toBe(true); // Cyrillic
    expect(world.hotelsByCity.get('PRG')!.some((h) => /[ěščřžýáíéůú]/i.test(h.name))).toBe(true); // Czech
    // Renamed hotels, and a supplier still showing the old name.
    const renamed = trapped('renamed');
    expect(renamed.length).toBeGreaterThan(50);
    const stale = SUPPLIER_IDS.flatMap((id) => getSupplierView(id, SEED).properties).filter(
      (p) => p.hotel.previousName && p.name.includes(p.hotel.previousName.split(' ')[1] ?? '#') && p.name !== p.hotel.name,
    );
    expect(stale.length).toBeGreaterThan(0);
  });
});

describe('supplier views', () => {
  it('each supplier covers 50–85 % of the hotels, overlapping, with its own ids and ground truth back to the world', () => {
    const stats = overlapStats(SEED);
    for (const id of SUPPLIER_IDS) {
      const share = stats.bySupplier[id] / stats.total;
      expect(share).toBeGreaterThanOrEqual(0.5);
      expect(share).toBeLessThanOrEqual(0.85);
      const view = getSupplierView(id, SEED);
      expect(view.byPropertyId.size).toBe(view.properties.length);
      for (const [supplierPropertyId, hotelId] of [...view.groundTruth].slice(0, 200)) {
        expect(world.hotelsById.get(hotelId)).toBeDefined();
        expect(supplierPropertyId).not.toBe(hotelId);
      }
    }
    expect(stats.all).toBeGreaterThan(0.2 * stats.total);
    expect(Object.values(stats.pairs).every((n) => n > stats.all)).toBe(true);
  });

  it('distorts names, coordinates and stars the way real suppliers do', () => {
    const view = getSupplierView('opentravel', SEED);
    const props = view.properties;
    const renamed = props.filter((p) => p.name !== p.hotel.name && p.name !== p.hotel.localName);
    expect(renamed.length / props.length).toBeGreaterThan(0.2);
    expect(renamed.length / props.length).toBeLessThan(0.8);
    const distances = props.map((p) => distanceMetres(p.geo, p.hotel.geo));
    expect(distances.filter((d) => d < 150).length / distances.length).toBeGreaterThan(0.9);
    expect(distances.some((d) => d > 500)).toBe(true);
    const starDiffs = props.map((p) => Math.abs(p.stars - p.hotel.stars));
    expect(Math.max(...starDiffs)).toBe(1);
    expect(starDiffs.filter((d) => d === 1).length / starDiffs.length).toBeLessThan(0.2);
    const hotelbeds = getSupplierView('hotelbeds', SEED).properties[0]!;
    const expedia = getSupplierView('expedia', SEED).properties[0]!;
    expect(hotelbeds.roomTypes[0]!.name).not.toBe(expedia.roomTypes[0]!.name);
  });

  it("prices stays deterministically, in each supplier's currency, with availability varying by date", () => {
    const now = new Date('2026-06-01T10:00:00Z');
    const request = (supplier: (typeof SUPPLIER_IDS)[number], checkIn: string, checkOut: string, hotelId: string) => {
      const property = getSupplierView(supplier, SEED).properties.find((p) => p.worldHotelId === hotelId)!;
      return quoteStay({ seed: SEED, property, checkIn, checkOut, occupancy: { adults: 2, childrenAges: [] }, rooms: 1, now });
    };
    const inAll = world.hotels.find(
      (h) =>
        SUPPLIER_IDS.every((id) => getSupplierView(id, SEED).properties.some((p) => p.worldHotelId === h.id)) &&
        request('hotelbeds', '2026-07-10', '2026-07-12', h.id).length > 0 &&
        request('expedia', '2026-07-10', '2026-07-12', h.id).length > 0 &&
        request('opentravel', '2026-07-10', '2026-07-12', h.id).length > 0,
    )!;
    const hb = request('hotelbeds', '2026-07-10', '2026-07-12', inAll.id);
    expect(request('hotelbeds', '2026-07-10', '2026-07-12', inAll.id)).toEqual(hb);
    expect(hb[0]!.currency).toBe('EUR');
    expect(request('expedia', '2026-07-10', '2026-07-12', inAll.id)[0]!.currency).toBe('USD');
    expect(request('opentravel', '2026-07-10', '2026-07-12', inAll.id)[0]!.currency).toBe('GBP');
    for (const rate of hb) {
      expect(rate.cancellation.map((t) => t.from)).toEqual([...rate.cancellation.map((t) => t.from)].sort());
      if (!rate.refundable) expect(rate.cancellation).toEqual([{ from: '2026-06-01T10:00:00.000Z', amountMinor: rate.totalMinor }]);
    }
    // Some nights close: a hotel is sold out for some stays and open for others.
    const dates = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 6, 1 + i)).toISOString().slice(0, 10));
    const open = dates.map((d, i) => request('hotelbeds', d, dates[i + 1] ?? '2026-09-01', inAll.id).length > 0);
    expect(open.some(Boolean)).toBe(true);
    expect(open.some((o) => !o)).toBe(true);
    // All five board bases, refundable and not, net and pay-at-hotel occur across the world.
    const sample = getSupplierView('hotelbeds', SEED)
      .byCity.get('DXB')!
      .slice(0, 200)
      .flatMap((p) =>
        quoteStay({
          seed: SEED,
          property: p,
          checkIn: '2026-07-10',
          checkOut: '2026-07-12',
          occupancy: { adults: 2, childrenAges: [] },
          rooms: 1,
          now,
        }),
      );
    expect(new Set(sample.map((r) => r.board))).toEqual(new Set(['RO', 'BB', 'HB', 'FB', 'AI']));
    expect(sample.some((r) => r.payment === 'pay_at_hotel' && r.commissionMinor > 0)).toBe(true);
  });
});

describe('money, time zones and scenarios used by the suppliers', () => {
  it('keeps money exact in minor units', () => {
    expect(formatMinor(12345, 'EUR')).toBe('123.45');
    expect(formatMinor(-5, 'EUR')).toBe('-0.05');
    expect(formatMinor(1500, 'JPY')).toBe('1500');
    expect(formatMinor(1234, 'BHD')).toBe('1.234');
    expect(parseMinor('0.10', 'EUR') + parseMinor('0.20', 'EUR')).toBe(30);
    expect(parseMinor('10.500', 'EUR')).toBe(1050);
    expect(() => parseMinor('10.5', 'JPY')).toThrow();
    expect(() => parseMinor('abc', 'EUR')).toThrow();
    expect(scaleMinor(1005, 1, 10)).toBe(101);
    expect(scaleMinor(-1005, 1, 10)).toBe(-101);
  });

  it('converts hotel local time to UTC across daylight saving', () => {
    expect(zonedLocalToUtc('2026-07-10T18:00:00', 'Europe/Paris').toISOString()).toBe('2026-07-10T16:00:00.000Z');
    expect(zonedLocalToUtc('2026-01-10T18:00:00', 'Europe/Paris').toISOString()).toBe('2026-01-10T17:00:00.000Z');
    expect(zonedLocalToUtc('2026-03-08T02:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedLocalToUtc('2026-07-10T18:00:00', 'Asia/Tokyo').toISOString()).toBe('2026-07-10T09:00:00.000Z');
    expect(toLocalIsoWithOffset(new Date('2026-07-10T16:00:00Z'), 'Europe/Paris')).toBe('2026-07-10T18:00:00+02:00');
  });

  it('parses the sandbox scenario header', () => {
    const scenarios = parseScenarios('slow:hotelbeds, reprice,bogus,error:expedia');
    expect(hasScenario(scenarios, 'slow', 'hotelbeds')).toBe(true);
    expect(hasScenario(scenarios, 'slow', 'expedia')).toBe(false);
    expect(hasScenario(scenarios, 'reprice', 'opentravel')).toBe(true);
    expect(hasScenario(scenarios, 'error', 'expedia')).toBe(true);
    expect(scenarios).toHaveLength(3);
  });

  it("takes a call's scenarios on a sandbox stack only (headers as the handlers read them, lower-cased)", () => {
    const headers = { 'x-sandbox-scenario': 'slow:hotelbeds,book-timeout', 'content-type': 'application/json' };
    expect(requestedScenarios('sandbox', headers)).toEqual([{ name: 'slow', supplierId: 'hotelbeds' }, { name: 'book-timeout' }]);
    expect(requestedScenarios('production', headers)).toEqual([]);
    expect(requestedScenarios('sandbox', { 'content-type': 'application/json' })).toEqual([]);
  });
});
