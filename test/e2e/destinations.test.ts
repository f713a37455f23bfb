/**
 * Finding places and a partner's catalogue, end to end over HTTP (API-SPEC "Finding places and hotels"):
 * the type-ahead against the local host, with the property map of a few sandbox cities written by the
 * mapping job, and every suggestion's destination searched as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { getWorld } from '../../sandbox/world/generate-world.js';
import { mapCity, startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  host = await startTestHost();
  for (const city of ['PAR', 'BER', 'MOW']) await mapCity(city);
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
}, 180_000);
afterAll(() => host?.stop());

async function api(path: string, tenant: 'demo' | 'acme', init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${host.url}${path}`, { ...init, headers });
}

interface Suggestion {
  type: 'city' | 'airport' | 'property';
  code?: string;
  propertyId?: string;
  name: string;
  countryCode?: string;
  geo?: { lat: number; lng: number };
  cityCode?: string;
  destination: Record<string, unknown>;
}

async function suggest(q: string, tenant: 'demo' | 'acme' = 'demo', limit?: number): Promise<Suggestion[]> {
  const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await api(`/v1/destinations?${params}`, tenant);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { suggestions: Suggestion[] }).suggestions;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function searchAsIs(destination: Record<string, unknown>, tenant: 'demo' | 'acme' = 'demo') {
  const response = await api('/v1/hotels/search', tenant, {
    method: 'POST',
    body: JSON.stringify({
      destination,
      checkIn: inDays(30),
      checkOut: inDays(32),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      timeoutMs: 15_000,
      limit: 5,
    }),
  });
  return { status: response.status, body: (await response.json()) as { properties: { propertyId: string }[] } };
}

/** A Paris hotel of the sandbox world whose name has a word no other Paris hotel has. */
function distinctiveParisHotel(): { name: string; fragment: string } {
  const hotels = getWorld().hotelsByCity.get('PAR')!;
  const count = new Map<string, number>();
  for (const hotel of hotels)
    for (const word of new Set(hotel.name.toLowerCase().split(/\s+/))) count.set(word, (count.get(word) ?? 0) + 1);
  for (const hotel of hotels) {
    const word = hotel.name.split(/\s+/).find((w) => w.length >= 5 && count.get(w.toLowerCase()) === 1);
    if (word) return { name: hotel.name, fragment: word.slice(0, -1) };
  }
  throw new Error('no distinctive hotel name in Paris');
}

describe('GET /v1/destinations', () => {
  it('finds what a person means by "par", "Paris", "charles de gaulle", "munchen" and "Москва"', async () => {
    const first = async (q: string) => (await suggest(q))[0];
    expect(await first('par')).toMatchObject({ type: 'city', code: 'PAR', name: 'Paris', countryCode: 'FR' });
    const paris = await suggest('Paris');
    expect(paris[0]).toMatchObject({ type: 'city', code: 'PAR', destination: { type: 'city', code: 'PAR' } });
    // Its airports follow the city: their names start with it.
    expect(
      paris
        .slice(1, 3)
        .map((s) => s.code)
        .sort(),
    ).toEqual(['CDG', 'ORY']);
    expect(await first('charles de gaulle')).toMatchObject({
      type: 'airport',
      code: 'CDG',
      cityCode: 'PAR',
      destination: { type: 'airport', code: 'CDG' },
    });
    for (const spelling of ['munchen', 'München', 'Muenchen', 'MÜNCHEN'])
      expect(await first(spelling), spelling).toMatchObject({ code: 'MUC', name: 'Munich' });
    expect(await first('Москва')).toMatchObject({ type: 'city', code: 'MOW', name: 'Moscow', countryCode: 'RU' });
    expect(await first('heathrow')).toMatchObject({ type: 'airport', code: 'LHR', cityCode: 'LON' });
    // One typo in a word of five letters or more is forgiven; not in a shorter word.
    expect(await first('barcelna')).toMatchObject({ code: 'BCN' });
    expect((await suggest('rme')).some((s) => s.code === 'ROM')).toBe(false);
  });

  it("finds a sandbox hotel by a fragment of its name, among the account's properties only", async () => {
    const { name, fragment } = distinctiveParisHotel();
    const found = (await suggest(fragment)).find((s) => s.type === 'property' && s.name === name);
    expect(found, `${fragment} → ${name}`).toMatchObject({ type: 'property', cityCode: 'PAR', countryCode: 'FR' });
    expect(found!.propertyId).toMatch(/^prop_/);
    expect(found!.destination).toEqual({ type: 'properties', propertyIds: [found!.propertyId] });
    // With the city's name beside it, the hotel is still found ("<name words> paris").
    expect((await suggest(`${fragment} paris`)).some((s) => s.propertyId === found!.propertyId)).toBe(true);
    // The city's name alone finds the city and the hotels named after it, not every hotel in it.
    const paris = await suggest('paris', 'demo', 50);
    for (const s of paris.filter((s) => s.type === 'property')) expect(s.name.toLowerCase()).toContain('paris');
  });

  it('answers a destination that POST /v1/hotels/search takes as it is, for every kind of suggestion', async () => {
    const { fragment } = distinctiveParisHotel();
    const suggestions = [
      ...(await suggest('par', 'demo', 3)),
      ...(await suggest('charles de gaulle', 'demo', 1)),
      ...(await suggest('Москва', 'demo', 1)),
      ...(await suggest(fragment, 'demo', 1)),
    ];
    expect(new Set(suggestions.map((s) => s.type))).toEqual(new Set(['city', 'airport', 'property']));
    for (const suggestion of suggestions) {
      const { status, body } = await searchAsIs(suggestion.destination);
      expect(status, JSON.stringify(suggestion.destination)).toBe(200);
      if (suggestion.type === 'property') expect(body.properties.map((p) => p.propertyId)).toContain(suggestion.propertyId);
    }
  }, 120_000);

  it('shows an account only the properties its suppliers carry: acme has no OpenTravel', async () => {
    // Loaded here, after the host set the table names (as mapCity does).
    const { DynamoDestinationIndex } = await import('../../functions/search/mapping/destination-index.js');
    const berlin = await new DynamoDestinationIndex().destination('BER');
    const openTravelOnly = berlin.find((e) => e.supplierRefs.every((r) => r.supplierId === 'opentravel'));
    const shared = berlin.find((e) => e.supplierRefs.some((r) => r.supplierId === 'hotelbeds'));
    expect(openTravelOnly && shared, 'Berlin has OpenTravel-only and Hotelbeds properties').toBeTruthy();
    const byName = async (name: string, tenant: 'demo' | 'acme') => (await suggest(name, tenant, 50)).map((s) => s.propertyId);
    expect(await byName(openTravelOnly!.name, 'demo')).toContain(openTravelOnly!.propertyId);
    expect(await byName(openTravelOnly!.name, 'acme')).not.toContain(openTravelOnly!.propertyId);
    expect(await byName(shared!.name, 'acme')).toContain(shared!.propertyId);
  });

  it('refuses a missing or too long text and a limit out of bounds, naming the field', async () => {
    for (const [query, path] of [
      ['', 'query.q'],
      [`q=${'a'.repeat(101)}`, 'query.q'],
      ['q=paris&limit=0', 'query.limit'],
      ['q=paris&limit=51', 'query.limit'],
    ] as const) {
      const response = await api(`/v1/destinations?${query}`, 'demo');
      expect(response.status, query).toBe(400);
      const problem = (await response.json()) as { errors: { path: string }[] };
      expect(
        problem.errors.map((e) => e.path),
        query,
      ).toContain(path);
    }
    expect(await suggest('zzzzzzqqq')).toEqual([]);
    expect(await suggest('par', 'demo', 2)).toHaveLength(2);
  });
});

interface CataloguePage {
  destination: string;
  asOf: string;
  totalProperties: number;
  properties: { propertyId: string; supplierRefs: { supplierId: string }[]; contentChangedAt?: string; images: { url: string }[] }[];
  next?: string;
}

async function catalogue(query: Record<string, string>, tenant: 'demo' | 'acme' = 'demo'): Promise<CataloguePage[]> {
  const pages: CataloguePage[] = [];
  let cursor: string | undefined;
  do {
    const response = await api(`/v1/hotels/properties?${new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })}`, tenant);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as CataloguePage;
    pages.push(page);
    cursor = page.next;
  } while (cursor);
  return pages;
}

/** Runs the mapping job over Berlin again, one Expedia listing given one more image: its content changes. */
async function remapBerlinWithOneChange(): Promise<string> {
  const [{ runMappingJob }, { worldSupplierContent }, { DynamoPropertyMapStore }, { DynamoDestinationIndex }, { SUPPLIER_IDS }] =
    await Promise.all([
      import('../../functions/search/mapping/mapping-job.js'),
      import('../../sandbox/world/world-content.js'),
      import('../../functions/stores/dynamo-property-map-store.js'),
      import('../../functions/search/mapping/destination-index.js'),
      import('../../sandbox/world/supplier-views.js'),
    ]);
  const berlin = (id: (typeof SUPPLIER_IDS)[number]) => worldSupplierContent(id).filter((p) => p.cityCode === 'BER');
  const expedia = berlin('expedia');
  const changed = expedia[0]!;
  const image = `https://sandbox-images.hotel-api.dev/new/${changed.supplierPropertyId}.jpg`;
  async function* source(id: (typeof SUPPLIER_IDS)[number]) {
    for (const p of id === 'expedia' ? expedia : berlin(id)) yield p === changed ? { ...p, images: [...p.images, image] } : p;
  }
  await runMappingJob({
    sources: SUPPLIER_IDS.map(source),
    store: new DynamoPropertyMapStore(),
    destinations: new DynamoDestinationIndex(),
  });
  return image;
}

describe('GET /v1/hotels/properties', () => {
  it("pages through a city's catalogue with stable cursors, every property once, as its content route shows it", async () => {
    const pages = await catalogue({ destination: 'BER', limit: '40' });
    expect(pages.length).toBeGreaterThan(2);
    const ids = pages.flatMap((page) => page.properties.map((p) => p.propertyId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    expect(ids.length).toBe(pages[0]!.totalProperties);
    expect(pages.every((page) => page.asOf === pages[0]!.asOf && page.properties.length <= 40)).toBe(true);
    const one = pages[1]!.properties[3]!;
    expect(one).toEqual(await (await api(`/v1/hotels/properties/${one.propertyId}`, 'demo')).json());
    expect(one.contentChangedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // acme has no OpenTravel: its catalogue leaves out what only OpenTravel carries, and shows no OpenTravel refs.
    const acme = (await catalogue({ destination: 'BER', limit: '1000' }, 'acme')).flatMap((page) => page.properties);
    expect(acme.length).toBeLessThan(ids.length);
    expect(acme.every((p) => p.supplierRefs.every((ref) => ref.supplierId !== 'opentravel'))).toBe(true);
  });

  it('returns with updatedSince only what changed since the last sync', async () => {
    const first = await catalogue({ destination: 'BER', limit: '1000' });
    const asOf = first[0]!.asOf;
    expect((await catalogue({ destination: 'BER', updatedSince: asOf }))[0]!.properties).toEqual([]);
    const image = await remapBerlinWithOneChange();
    const changed = (await catalogue({ destination: 'BER', updatedSince: asOf, limit: '1000' })).flatMap((page) => page.properties);
    expect(changed.map((p) => p.images.some((i) => i.url === image))).toEqual([true]);
    expect(Date.parse(changed[0]!.contentChangedAt!)).toBeGreaterThanOrEqual(Date.parse(asOf));
  });

  it('refuses an unknown city, a malformed time and a cursor of another query, naming the field', async () => {
    const paged = (await (await api('/v1/hotels/properties?destination=BER&limit=2', 'demo')).json()) as CataloguePage;
    for (const [query, path] of [
      ['destination=QQQ', 'query.destination'],
      ['', 'query.destination'],
      ['destination=BER&updatedSince=yesterday', 'query.updatedSince'],
      ['destination=BER&limit=1001', 'query.limit'],
      [`destination=PAR&cursor=${paged.next}`, 'query.cursor'],
      ['destination=BER&cursor=bm90LWEtY3Vyc29y', 'query.cursor'],
    ] as const) {
      const response = await api(`/v1/hotels/properties?${query}`, 'demo');
      expect(response.status, query).toBe(400);
      expect(
        ((await response.json()) as { errors: { path: string }[] }).errors.map((e) => e.path),
        query,
      ).toContain(path);
    }
  });
});

interface PropertyContent {
  propertyId: string;
  language: string;
  description?: string;
  descriptionLanguage?: string;
  guestRating?: { score: number; scale: number; count: number; source: string };
  roomTypes: { supplierId: string; supplierPropertyId: string; rooms: { code: string; name: string; language: string }[] }[];
  supplierRefs: { supplierId: string; supplierPropertyId: string }[];
}

describe('content in a language, with guest ratings', () => {
  it('answers language=de with German texts where a supplier has them, English elsewhere, each text saying which', async () => {
    const page = (await catalogue({ destination: 'PAR', limit: '60', language: 'de' }))[0]!.properties as unknown as PropertyContent[];
    expect(page.every((p) => p.language === 'de')).toBe(true);
    const german = page.filter((p) => p.descriptionLanguage === 'de');
    const english = page.filter((p) => p.descriptionLanguage === 'en');
    expect(german.length, 'a share of Paris is translated').toBeGreaterThan(0);
    expect(english.length, 'and a share is not').toBeGreaterThan(0);
    for (const p of german) expect(p.description).toMatch(/Sterne-Haus|Gäste schätzen/);
    for (const p of english) expect(p.description).not.toMatch(/Sterne-Haus/);
    const rooms = page.flatMap((p) => p.roomTypes.flatMap((block) => block.rooms));
    expect(rooms.some((room) => room.language.startsWith('de') && /zimmer|Suite|Apartment|Schlafsaal/i.test(room.name))).toBe(true);
    // Each supplier's texts carry the language it answered in: Rapid's "de-DE", the others' "de".
    expect(rooms.every((room) => /^(de|de-DE|en)$/.test(room.language))).toBe(true);
    // The single property route answers the same in German.
    const one = (await (await api(`/v1/hotels/properties/${german[0]!.propertyId}?language=de-DE`, 'demo')).json()) as PropertyContent;
    expect(one).toMatchObject({
      language: 'de-DE',
      descriptionLanguage: expect.stringMatching(/^de/),
      description: german[0]!.description,
    });
    // English, the default, asks no supplier and says so.
    const plain = (await (await api(`/v1/hotels/properties/${german[0]!.propertyId}`, 'demo')).json()) as PropertyContent;
    expect(plain).toMatchObject({ language: 'en', descriptionLanguage: 'en' });
    expect(plain.description).not.toBe(german[0]!.description);
    expect((await api(`/v1/hotels/properties/${german[0]!.propertyId}?language=not_a_tag!`, 'demo')).status).toBe(400);
  }, 120_000);

  it('shows Rapid guest ratings with their source, on properties Rapid carries', async () => {
    const page = (await catalogue({ destination: 'PAR', limit: '200' }))[0]!.properties as unknown as PropertyContent[];
    const rated = page.find((p) => p.guestRating);
    expect(rated?.guestRating).toMatchObject({ scale: 5, source: 'expedia' });
    expect(rated!.guestRating!.score).toBeGreaterThanOrEqual(1);
    expect(rated!.guestRating!.score).toBeLessThanOrEqual(5);
    expect(rated!.supplierRefs.some((ref) => ref.supplierId === 'expedia')).toBe(true);
    expect(page.filter((p) => p.guestRating).every((p) => p.supplierRefs.some((ref) => ref.supplierId === 'expedia'))).toBe(true);
  });
});
