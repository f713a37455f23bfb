import { gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import type { StoredProperty } from '../../functions/search/search-result.js';
import { DynamoSearchStore, type StoredSearch } from '../../functions/search/search-store.js';
import { searchRequestSchema } from '../../functions/search/search-request.js';
import { freshTables } from '../support/dynamo.js';

const searchOf = (searchId: string, total: number): StoredSearch => ({
  searchId,
  tenant: 'demo',
  request: searchRequestSchema.parse({ destination: { type: 'city', code: 'PAR' }, checkIn: '2099-03-01', checkOut: '2099-03-04', occupancies: [{ adults: 2 }], currency: 'EUR', nationality: 'GB' }),
  currency: 'EUR',
  partial: false,
  suppliers: [{ id: 'hotelbeds', status: 'ok', tookMs: 250, results: total }],
  totalProperties: total,
  createdAt: '2099-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:30:00.000Z',
});

const property = (searchId: string, i: number): StoredProperty => ({
  propertyId: `prop_${String(i).padStart(6, '0')}`,
  name: `Hôtel ${i}`,
  starRating: 1 + (i % 5),
  supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: String(1000 + i) }],
  cheapestRate: {
    ticket: {
      searchId,
      supplierId: 'hotelbeds',
      supplierRateKey: `key|${i}`,
      supplierPropertyId: String(1000 + i),
      propertyId: `prop_${String(i).padStart(6, '0')}`,
      quoted: { net: '100.00', markup: '10.00', tax: '5.00', serviceFee: '0.00', total: `${115 + i}.00`, currency: 'EUR' },
      nights: 3,
      rooms: 1,
      expiresAt: '2099-01-01T00:30:00.000Z',
    },
    supplierId: 'hotelbeds',
    roomTypeName: 'Double',
    boardBasis: 'RO',
    refundable: false,
    cancellationPolicy: [],
    payment: 'net',
    price: { net: 100, markup: 10, tax: 5, serviceFee: 0, total: 115 + i, currency: 'EUR', commission: 0, payableAtHotel: 0, fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity', asOf: '2099-01-01' } },
  },
});

describe('the stored search', () => {
  beforeAll(async () => {
    await freshTables();
  });

  it('pages through what was saved, in order, whether serialised beforehand or not', async () => {
    const store = new DynamoSearchStore();
    for (const [searchId, preSerialised] of [
      ['srch_00000000000000000000000000000001', false],
      ['srch_00000000000000000000000000000002', true],
    ] as const) {
      const ranked = Array.from({ length: 250 }, (_, i) => property(searchId, i));
      await store.save(searchOf(searchId, ranked.length), ranked, preSerialised ? ranked.map((p) => JSON.stringify(p)) : undefined);
      expect(await store.find('demo', searchId, new Date('2099-01-01T00:00:00.000Z'))).toMatchObject({ searchId, totalProperties: 250, expiresAt: '2099-01-01T00:30:00.000Z' });
      expect(await store.slice('demo', searchId, 0, 100)).toEqual(ranked.slice(0, 100));
      expect(await store.slice('demo', searchId, 190, 100)).toEqual(ranked.slice(190, 250));
      expect(await store.all('demo', searchId)).toEqual(ranked);
      expect(await store.slice('other', searchId, 0, 100)).toEqual([]);
    }
  });

  it('still reads a search stored gzipped, as searches were before zstd, for as long as it lives', async () => {
    const store = new DynamoSearchStore();
    const searchId = 'srch_00000000000000000000000000000003';
    const ranked = Array.from({ length: 150 }, (_, i) => property(searchId, i));
    await store.save(searchOf(searchId, ranked.length), []);
    const pk = `demo#search#${searchId}`;
    for (const [index, part] of [ranked.slice(0, 100), ranked.slice(100)].entries()) {
      const Item = { pk, sk: `chunk#${String(index).padStart(5, '0')}`, kind: 'search-chunk', properties: gzipSync(JSON.stringify(part), { level: 1 }), expiresAt: 4_070_908_800 };
      await dynamoClient().send(new PutCommand({ TableName: tableName('searches'), Item }));
    }
    expect(await store.slice('demo', searchId, 50, 100)).toEqual(ranked.slice(50, 150));
  });
});

