/**
 * The type-ahead without I/O: folding, match ranks and order over the real catalogue and its other names
 * (place-names.json), and the account's properties as the mapping job's destination index lists them.
 */
import { describe, expect, it } from 'vitest';
import { destinationSchema } from '../../functions/domain/destinations/index.js';
import { findPlaces } from '../../functions/search/places/find-places.js';
import { foldText } from '../../functions/search/places/fold-text.js';
import { MATCH_RANKS, matchRank } from '../../functions/search/places/match-rank.js';
import { catalogueIndex } from '../../functions/search/places/place-indexes.js';
import { PlaceIndex } from '../../functions/search/places/place-index.js';
import { propertyPlace } from '../../functions/search/places/property-places.js';
import { otherNames } from '../../bin/destinations/place-names.js';

const properties = new PlaceIndex([
  propertyPlace(
    {
      propertyId: 'prop_adlon000000000001',
      name: 'Hotel Adlon Kempinski',
      starRating: 5,
      geo: { lat: 52.516, lng: 13.38 },
      supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: '1' }],
    },
    'BER',
    undefined,
    'berlin',
  ),
  propertyPlace(
    {
      propertyId: 'prop_heathrow00000000001',
      name: 'Holiday Inn London Heathrow',
      starRating: 3,
      supplierRefs: [{ supplierId: 'opentravel', supplierPropertyId: 'H1' }],
    },
    'LON',
    undefined,
    'london',
  ),
]);

async function suggest(q: string, suppliers: readonly string[] = ['hotelbeds', 'expedia', 'opentravel'], limit = 10) {
  return findPlaces(
    { catalogue: catalogueIndex, properties: async () => properties, contractedSuppliers: async () => new Set(suppliers) },
    { q, limit },
  );
}
const top = async (q: string) => (await suggest(q))[0];

describe('folding', () => {
  it('makes case, accents, scripts and the umlaut spellings one', () => {
    expect(new Set(['munchen', 'München', 'Muenchen', 'MÜNCHEN'].map(foldText))).toEqual(new Set(['munchen']));
    expect(foldText('Москва')).toBe('moskva');
    expect(foldText('Αθήνα')).toBe('athina');
    expect(foldText('  São   Paulo! ')).toBe('sao paulo');
    // A prefix folds to a prefix of the word's fold, which prefix search needs.
    for (const word of ['Muenchen', 'Queens', 'Düsseldorf', 'Goethe'])
      for (let n = 1; n <= word.length; n++) expect(foldText(word).startsWith(foldText(word.slice(0, n))), `${word} ${n}`).toBe(true);
  });

  it("keeps a city's other names once, Latin and other scripts apart, without codes and wrappers", () => {
    const names = otherNames('Munich', [
      'München',
      'Muenchen',
      'Munchen',
      'MUC',
      'Lungsod ng Muenchen',
      'Мюнхен',
      'ミュンヘン',
      '80331',
      'Munich',
    ]);
    expect(names).toEqual({ latin: ['munchen'], script: ['miyunhen', 'myunkhen'] });
  });
});

describe('type-ahead over the catalogue and the properties', () => {
  it('finds what a person means', async () => {
    expect(await top('par')).toMatchObject({ type: 'city', code: 'PAR', name: 'Paris' });
    expect((await suggest('Paris')).slice(0, 3).map((s) => s.code)).toEqual(['PAR', 'ORY', 'CDG']);
    expect(await top('charles de gaulle')).toMatchObject({ type: 'airport', code: 'CDG', cityCode: 'PAR', countryCode: 'FR' });
    expect(await top('jfk')).toMatchObject({ type: 'airport', code: 'JFK', cityCode: 'NYC' });
    expect(await top('new york')).toMatchObject({ type: 'city', code: 'NYC' });
    for (const [q, code] of [
      ['munchen', 'MUC'],
      ['Москва', 'MOW'],
      ['Moskau', 'MOW'],
      ['東京', 'TYO'],
      ['北京', 'BJS'],
      ['Αθήνα', 'ATH'],
      ['ミュンヘン', 'MUC'],
      ['القاهرة', 'CAI'],
      ['Praha', 'PRG'],
      ['Roma', 'ROM'],
      ['Bombay', 'BOM'],
      ['zuerich', 'ZRH'],
    ] as const)
      expect((await top(q))?.code, q).toBe(code);
  });

  it('forgives one typo in a word of five letters or more, not in a shorter one', async () => {
    expect(await top('barcelna')).toMatchObject({ code: 'BCN' });
    expect(await top('lisbom')).toMatchObject({ code: 'LIS' });
    expect((await suggest('rme')).map((s) => s.code)).not.toContain('ROM');
  });

  it("finds the account's properties by name, with their city, and only the account's", async () => {
    expect(await top('adlon')).toMatchObject({ type: 'property', propertyId: 'prop_adlon000000000001', cityCode: 'BER' });
    expect(await top('adlon berlin')).toMatchObject({ propertyId: 'prop_adlon000000000001' });
    expect(await suggest('adlon', ['expedia'])).toEqual([]);
    // "heathrow": the airport, then the hotel named after it.
    expect((await suggest('heathrow')).map((s) => s.code ?? s.propertyId)).toEqual(['LHR', 'prop_heathrow00000000001']);
    // A city's name reaches a property only through the property's own name.
    expect((await suggest('berlin')).some((s) => s.type === 'property')).toBe(false);
  });

  it('ranks exact names, whole words, own-name prefixes, word starts, other names, then typos', async () => {
    const [paris] = catalogueIndex().places.filter((p) => p.kind === 'city' && p.id === 'PAR');
    expect(matchRank(paris!, 'par', false)).toBe(MATCH_RANKS.exact);
    expect(matchRank(paris!, 'pa', false)).toBe(MATCH_RANKS.prefix);
    expect(matchRank(paris!, 'paris', false)).toBe(MATCH_RANKS.exact);
    const orly = catalogueIndex().places.find((p) => p.kind === 'airport' && p.id === 'ORY')!;
    expect(matchRank(orly, 'paris', false)).toBe(MATCH_RANKS.words);
    expect(matchRank(orly, 'paris or', false)).toBe(MATCH_RANKS.prefix);
    expect(matchRank(orly, 'orl', false)).toBe(MATCH_RANKS.wordStarts);
    expect(matchRank(paris!, 'lutece', false)).toBe(MATCH_RANKS.exact);
    expect(matchRank(paris!, 'lute', false)).toBe(MATCH_RANKS.other);
    expect(matchRank(paris!, 'parus', false)).toBe(MATCH_RANKS.typo);
  });

  it('answers a destination the search schema takes as it is', async () => {
    for (const q of ['par', 'charles de gaulle', 'adlon']) {
      for (const suggestion of await suggest(q)) expect(destinationSchema.safeParse(suggestion.destination).success, q).toBe(true);
    }
  });

  it('answers nothing for text that folds to nothing, and at most the limit', async () => {
    expect(await suggest('!!!')).toEqual([]);
    expect(await suggest('a', undefined, 3)).toHaveLength(3);
  });
});
