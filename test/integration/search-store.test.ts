import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import type { FxQuote } from '../../functions/domain/fx/fx-rates.js';
import { DynamoSearchStore, type StoredSearch } from '../../functions/search/search-store.js';
import { searchRequestSchema } from '../../functions/search/search-request.js';
import type { ShownProperty } from '../../functions/search/shown-property.js';
import { FxStamps, rateRowText, rowText } from '../../functions/search/stored-row.js';
import { freshTables } from '../support/dynamo.js';

const searchOf = (searchId: string, total: number): Omit<StoredSearch, 'rows'> => ({
  searchId,
  tenant: 'demo',
  request: searchRequestSchema.parse({
    destination: { type: 'city', code: 'PAR' },
    checkIn: '2099-03-01',
    checkOut: '2099-03-04',
    occupancies: [{ adults: 2 }],
    currency: 'EUR',
    nationality: 'GB',
  }),
  currency: 'EUR',
  partial: false,
  suppliers: [{ id: 'hotelbeds', status: 'ok', tookMs: 250, results: total }],
  totalProperties: total,
  createdAt: '2099-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:30:00.000Z',
});

const STAMPS: FxQuote[] = [
  { from: 'EUR', to: 'EUR', rate: '1', source: 'identity', asOf: '2099-01-01' },
  { from: 'USD', to: 'EUR', rate: '0.9213', source: 'ECB reference rates (embedded snapshot)', asOf: '2099-01-01' },
];

/** Rate keys as long as Rapid's (about 1 KB) and as random, so 1,200 rows compress past one item's size. */
const property = (i: number): ShownProperty => ({
  propertyId: `prop_${String(i).padStart(6, '0')}`,
  name: `Hôtel "${i}" ☆`,
  ...(i % 7 === 0 ? {} : { starRating: 1 + (i % 5) }),
  ...(i % 11 === 0 ? {} : { geo: { lat: 48.85 + i / 1e5, lng: 2.35 } }),
  supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: String(1000 + i) }],
  rate: {
    supplierId: 'hotelbeds',
    supplierPropertyId: String(1000 + i),
    rate: {
      supplierRateKey: `key|${i}|${randomBytes(700).toString('base64url')}`,
      roomTypeName: 'Double\nroom',
      payment: i % 2 ? 'net' : 'pay_at_hotel',
    },
    boardBasis: 'RO',
    refundable: i % 3 === 0,
    cancellationPolicy: i % 3 === 0 ? [{ from: '2099-02-27T23:00:00.000Z', penalty: { amount: '12.50', currency: 'USD' } }] : [],
    price: {
      net: '100.00',
      markup: '10.00',
      commission: '0.00',
      tax: '5.00',
      serviceFee: '0.00',
      total: `${115 + i}.00`,
      currency: 'EUR',
      payableAtHotel: '0.00',
      fx: STAMPS[i % 2]!,
    },
  },
});

function rowsOf(properties: readonly ShownProperty[]): { rows: string[]; fx: FxQuote[] } {
  const fx = new FxStamps();
  const rows = properties.map((p) => rowText(p, rateRowText(p.rate, fx)));
  return { rows, fx: fx.list };
}

describe('the stored search', () => {
  beforeAll(async () => {
    await freshTables();
  });

  it('pages through what was saved, in order, across chunks', async () => {
    const store = new DynamoSearchStore();
    const searchId = 'srch_00000000000000000000000000000001';
    const ranked = Array.from({ length: 1200 }, (_, i) => property(i));
    const { rows, fx } = rowsOf(ranked);
    await store.save(searchOf(searchId, ranked.length), rows, fx);
    const search = await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'));
    expect(search).toMatchObject({ searchId, totalProperties: 1200, expiresAt: '2099-01-01T00:30:00.000Z' });
    if (!search || search === 'expired' || 'rowsPending' in search) throw new Error('not found with rows');
    expect(search.rows!.chunkStarts.length).toBeGreaterThan(2);
    expect(await store.slice(search, 0, 100)).toEqual(ranked.slice(0, 100));
    for (const offset of [search.rows!.chunkStarts[1]! - 1, search.rows!.chunkStarts[2]!, 1150]) {
      expect(await store.slice(search, offset, 100)).toEqual(ranked.slice(offset, offset + 100));
    }
    expect(await store.slice(search, 1200, 100)).toEqual([]);
    expect(await store.property(search, 'prop_001154')).toEqual(ranked[1154]);
    expect(await store.property(search, 'prop_000065')).toEqual(ranked[65]);
    expect(await store.property(search, 'prop_999999')).toBeUndefined();
    expect(await store.find('other', searchId)).toBeUndefined();
  });

  it('keeps a search pending from its header until its rows are stored with the rest of it', async () => {
    const store = new DynamoSearchStore();
    const searchId = 'srch_00000000000000000000000000000004';
    const { partial: _p, suppliers: _s, totalProperties: _t, ...header } = searchOf(searchId, 1);
    await store.savePending(header);
    expect(await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'))).toEqual({ ...header, rowsPending: true });
    const { rows, fx } = rowsOf([property(0)]);
    await store.save(searchOf(searchId, 1), rows, fx);
    const search = await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'));
    expect(search).toMatchObject({ ...searchOf(searchId, 1), rows: { fx, chunkStarts: [0] } });
    expect(search).not.toHaveProperty('rowsPending');
  });

  it('stores a search without properties', async () => {
    const store = new DynamoSearchStore();
    const searchId = 'srch_00000000000000000000000000000002';
    await store.save(searchOf(searchId, 0), [], []);
    const search = await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'));
    if (!search || search === 'expired' || 'rowsPending' in search) throw new Error('not found with rows');
    expect(await store.slice(search, 0, 100)).toEqual([]);
    expect(await store.property(search, 'prop_000001')).toBeUndefined();
  });

  it('answers a search stored before the row format as expired: its pages cannot be read, the partner searches again', async () => {
    const store = new DynamoSearchStore();
    const searchId = 'srch_00000000000000000000000000000003';
    const { tenant: _t, ...meta } = searchOf(searchId, 150);
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('searches'),
        Item: {
          pk: `demo#search#${searchId}`,
          sk: 'meta',
          kind: 'search',
          tenant: 'demo',
          ...meta,
          expiresAt: 4_070_908_800,
          expiresAtIso: meta.expiresAt,
        },
      }),
    );
    const search = await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'));
    if (!search || search === 'expired' || 'rowsPending' in search) throw new Error('not found with rows');
    expect(await store.slice(search, 0, 100)).toBe('expired');
    expect(await store.property(search, 'prop_000001')).toBe('expired');
  });
});
