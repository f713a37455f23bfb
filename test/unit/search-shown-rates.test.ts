import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import type { DestinationEntry } from '../../functions/search/mapping/destination-index.js';
import { NO_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import type { PricingRules } from '../../functions/domain/pricing/pricing-rules.js';
import { cheapestRate, sortProperties } from '../../functions/search/ranking/property-sort.js';
import { applySearchFilters } from '../../functions/search/ranking/search-filters.js';
import { runSearch } from '../../functions/search/run-search.js';
import { searchRequestSchema, type SearchRequest } from '../../functions/search/search-request.js';
import type { FxQuote } from '../../functions/domain/fx/fx-rates.js';
import { nightsBetween } from '../../functions/domain/stay/nights.js';
import { type ShownProperty, showProperty } from '../../functions/search/shown-property.js';
import { readRow } from '../../functions/search/stored-row.js';
import { verifyRateId } from '../../functions/domain/rate/rate-id.js';
import type { SearchStore, StoredSearch } from '../../functions/search/search-store.js';
import type { SupplierContract } from '../../functions/suppliers/contracts.js';
import type { BoardBasis, SupplierOffer, SupplierPort, SupplierRate } from '../../functions/suppliers/port.js';
import { Rng } from '../../sandbox/world/prng.js';
import { mergeOffers } from '../../functions/search/offer-merger.js';
import type { SearchDeps } from '../../functions/search/search-ports.js';

/**
 * Search places, prices and describes each supplier's offers as it answers. What a partner sees (which
 * properties, in which order, each with which rate) must not depend on which supplier answered first, and
 * must be what filtering, ranking and picking the cheapest rate over every offer at once gives.
 */
const SUPPLIERS = ['alpha', 'bravo', 'charlie'] as const;
const NOW = new Date('2027-01-10T12:00:00.000Z');
const CHECK_IN = '2027-02-10';
const CHECK_OUT = '2027-02-13';
const BOARDS: readonly BoardBasis[] = ['RO', 'BB', 'HB'];
// Few distinct prices, so equal totals across suppliers (the tie-breaks) are common.
const NETS = ['300.00', '320.00', '300.00', '310.50'];

function world(seed: number): { destination: DestinationEntry[]; offers: Map<string, SupplierOffer[]> } {
  const rng = new Rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  const destination: DestinationEntry[] = [];
  const offers = new Map<string, SupplierOffer[]>(SUPPLIERS.map((s) => [s, []]));
  for (let i = 0; i < 60; i++) {
    const propertyId = `prop_test${String(i).padStart(3, '0')}`;
    const stars = 1 + Math.floor(rng.next() * 5);
    const geo = { lat: 48.8 + rng.next() / 10, lng: 2.3 + rng.next() / 10 };
    const refs = SUPPLIERS.filter(() => rng.next() < 0.7).map((supplierId) => ({ supplierId, supplierPropertyId: `${supplierId}-${i}` }));
    if (refs.length === 0) continue;
    destination.push({ propertyId, name: `Hotel ${pick(['Lumière', 'Opéra', 'Seine'])} ${i}`, starRating: stars, geo, supplierRefs: refs });
    for (const ref of refs) {
      const rates: SupplierRate[] = Array.from({ length: Math.floor(rng.next() * 4) }, (_, r) => {
        const refundable = rng.next() < 0.5;
        const net = pick(NETS);
        return {
          supplierRateKey: `${ref.supplierPropertyId}|${r}`,
          roomTypeCode: 'DBL',
          roomTypeName: 'Double room',
          boardBasis: pick(BOARDS),
          refundable,
          payment: 'net',
          price: { amount: net, currency: 'EUR' },
          cancellationPolicy: refundable
            ? rng.next() < 0.5
              ? []
              : [{ from: pick(['2027-01-09T00:00:00.000Z', '2027-02-08T00:00:00.000Z']), penalty: { amount: '100.00', currency: 'EUR' } }]
            : [{ from: '2027-01-01T00:00:00.000Z', penalty: { amount: net, currency: 'EUR' } }],
          taxes: [],
        };
      });
      offers
        .get(ref.supplierId)!
        .push({ supplierId: ref.supplierId, supplierPropertyId: ref.supplierPropertyId, name: `Offer ${i}`, stars, geo, rates });
    }
  }
  return { destination, offers };
}

class MemorySearchStore implements SearchStore {
  readonly pending = new Set<string>();
  async savePending(search: Omit<StoredSearch, 'rows'>): Promise<void> {
    this.pending.add(search.searchId);
  }
  readonly saved = new Map<string, { search: Omit<StoredSearch, 'rows'>; rows: readonly string[]; fx: readonly FxQuote[] }>();
  async save(search: Omit<StoredSearch, 'rows'>, rows: readonly string[], fx: readonly FxQuote[]): Promise<void> {
    this.saved.set(search.searchId, { search, rows, fx });
  }
  async find(): Promise<undefined> {
    return undefined;
  }
  async slice(): Promise<ShownProperty[]> {
    return [];
  }
  async property(): Promise<undefined> {
    return undefined;
  }
}

function port(supplierId: string, offers: readonly SupplierOffer[], delayMs: number, asked?: () => void): SupplierPort {
  const unused = () => Promise.reject(new Error('not used by search'));
  return {
    supplierId,
    searchAvailability: () => {
      asked?.();
      return new Promise((resolve) => setTimeout(() => resolve({ supplierId, offers }), delayMs));
    },
    staticContent: unused,
    checkRate: unused,
    book: unused,
    findBookingByClientReference: unused,
    getBooking: unused,
    cancel: unused,
    modify: unused,
    quoteCancellation: unused,
    quoteStayChange: unused,
    changeStay: unused,
    hotelConfirmationNumber: unused,
  };
}

async function search(input: {
  seed: number;
  delays: readonly number[];
  filters?: SearchRequest['filters'];
  sort?: SearchRequest['sort'];
  /** The account's rules as the store reads them; by default at once. */
  pricingRules?: (asked: () => number) => Promise<PricingRules>;
}) {
  const { destination, offers } = world(input.seed);
  const store = new MemorySearchStore();
  const fx = await embeddedFxRates.ratesFor();
  let asked = 0;
  const deps: SearchDeps = {
    contracts: async () => SUPPLIERS.map((supplierId) => ({ supplierId }) as SupplierContract),
    adapterFor: async (contract) =>
      port(
        contract.supplierId,
        offers.get(contract.supplierId)!,
        input.delays[SUPPLIERS.indexOf(contract.supplierId as (typeof SUPPLIERS)[number])]!,
        () => asked++,
      ),
    destination: async () => destination,
    propertiesNear: async () => [],
    rememberProperties: async () => undefined,
    knownProperties: async () => new Map(),
    fx: async () => fx,
    pricingRules: input.pricingRules ? () => input.pricingRules!(() => asked) : async () => NO_PRICING_RULES,
    searches: store,
    rateIdKey: async () => KEY,
    cursorKey: async () => KEY,
    now: () => NOW,
  };
  const request = searchRequestSchema.parse({
    destination: { type: 'city', code: 'PAR' },
    checkIn: CHECK_IN,
    checkOut: CHECK_OUT,
    occupancies: [{ adults: 2 }],
    currency: 'EUR',
    nationality: 'GB',
    limit: 10,
    ...(input.sort ? { sort: input.sort } : {}),
    ...(input.filters ? { filters: input.filters } : {}),
  });
  const { response, storeRows } = await runSearch({ tenant: 'demo', request, scenarios: [], traveller: { ip: '203.0.113.7' } }, deps);
  // The search answers once it is stored as pending; its rows are written after the answer.
  expect(store.pending.has(response.searchId)).toBe(true);
  expect(store.saved.has(response.searchId)).toBe(false);
  await storeRows();
  const saved = store.saved.get(response.searchId)!;

  // The same search the way it was done before answers were merged one by one: every offer at once.
  const merged = await mergeOffers([...offers.values()].flat(), destination, deps.propertiesNear, {
    rules: NO_PRICING_RULES,
    quoteCurrency: 'EUR',
    fx,
    nights: nightsBetween(CHECK_IN, CHECK_OUT),
    rooms: 1,
  });
  const ranked = sortProperties(applySearchFilters(merged, request.filters, NOW), {
    sort: request.sort,
    centre: { lat: 48.8566, lng: 2.3522 },
  });
  const stay = {
    searchId: response.searchId,
    checkIn: CHECK_IN,
    nights: 3,
    rooms: 1,
    expiresAt: saved.search.expiresAt,
    tenant: 'demo',
    rateIdKey: KEY,
  };
  const expected = ranked.map((property) => showProperty({ ...property, rate: cheapestRate(property.rates)! }, stay));
  // What the store keeps, read back and shown as a later page would show it.
  const stored = saved.rows.map((text) => showProperty(readRow(text, { fx: saved.fx, currency: 'EUR' }), stay));
  return { response, stored, expected };
}

const KEY = randomBytes(32);

describe('search merging each supplier as it answers', () => {
  const orders = [
    [0, 15, 30],
    [30, 15, 0],
    [15, 30, 0],
  ];

  const cases: [string, SearchRequest['filters'], SearchRequest['sort'] | undefined][] = [
    ['no filters', undefined, undefined],
    ['a board basis filter', { boardBasis: ['BB', 'HB'] }, undefined],
    ['free cancellation and a minimum star rating, by star rating', { freeCancellationOnly: true, minStarRating: 3 }, 'starRating'],
  ];
  for (const [label, filters, sort] of cases) {
    it(`shows and stores what ranking every offer at once gives, whatever the answer order (${label})`, async () => {
      for (const seed of [1, 2, 3]) {
        const runs = await Promise.all(
          orders.map((delays) => search({ seed, delays, ...(filters ? { filters } : {}), ...(sort ? { sort } : {}) })),
        );
        for (const { response, stored, expected } of runs) {
          expect(expected.length).toBeGreaterThan(5);
          // Rows written while waiting or after the last answer read back as what ranking every offer at once shows.
          expect(stored).toEqual(expected);
          expect(response.totalProperties).toBe(expected.length);
          expect(response.properties).toEqual(expected.slice(0, 10));
        }
        const orderOf = (run: (typeof runs)[number]) =>
          run.stored.map((p) => [p.propertyId, verifyRateId(p.cheapestRate.rateId, 'demo', KEY, NOW).supplierRateKey]);
        expect(orderOf(runs[1]!)).toEqual(orderOf(runs[0]!));
        expect(orderOf(runs[2]!)).toEqual(orderOf(runs[0]!));
      }
    });
  }
});

describe("the account's pricing rules, read while the suppliers are asked", () => {
  it('asks every supplier before the rules have been read, and prices with them once they are', async () => {
    let askedWhenRead = -1;
    const { response, stored, expected } = await search({
      seed: 4,
      delays: [5, 10, 15],
      pricingRules: async (asked) => {
        // The read answers only after the fan-out has begun.
        await new Promise((resolve) => setTimeout(resolve, 1));
        askedWhenRead = asked();
        return NO_PRICING_RULES;
      },
    });
    expect(askedWhenRead).toBe(SUPPLIERS.length);
    expect(stored).toEqual(expected);
    expect(response.properties).toEqual(expected.slice(0, 10));
  });

  it("fails the search with the read's own error when the rules cannot be read, once the suppliers have answered", async () => {
    const failure = new Error('the contracts table is out of reach');
    await expect(search({ seed: 4, delays: [5, 10, 15], pricingRules: () => Promise.reject(failure) })).rejects.toBe(failure);
  });
});
