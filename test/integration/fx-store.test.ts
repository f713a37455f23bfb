/**
 * The FX figures in DynamoDB Local (the fxRates table, the real definition): the days the feed job stores and
 * the operators' rates, read back parsed; the quotes' provider reads them at most once per cache window and
 * judges their age on every quote, never keeping a failed read.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedDay } from '../../functions/domain/fx/feed-day.js';
import type { FxFiguresStore } from '../../functions/domain/fx/fx-figures-store.js';
import { FxUnavailableError } from '../../functions/domain/fx/fx-rates.js';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { keys } from '../../functions/shared/keys.js';
import { DynamoFxRateStore } from '../../functions/stores/dynamo-fx-rates.js';
import { storedFxRates } from '../../functions/stores/stored-fx-rates.js';
import { freshTables } from '../support/dynamo.js';

const SOURCE = 'ECB euro foreign exchange reference rates';
const day = (date: string, usd: string): FeedDay => ({ date, source: SOURCE, perEur: { USD: usd, JPY: '156.96', GBP: '0.82608' } });

let store: DynamoFxRateStore;
beforeAll(async () => {
  await freshTables();
  store = new DynamoFxRateStore();
  await store.putFeedDays([day('2026-11-24', '1.0401'), day('2026-11-25', '1.0405'), day('2026-11-26', '1.0411')], new Date());
  await store.putOperatorRate({
    currency: 'KWD',
    perEur: '0.3207',
    source: 'Central Bank of Kuwait',
    asOf: '2026-11-26',
    setAt: '2026-11-26T09:00:00.000Z',
    setBy: 'ops',
  });
});

describe('the fxRates table', () => {
  it('keeps each day under its date: the latest, the one before a day, and those since a day', async () => {
    expect(await store.latestFeedDay()).toEqual(day('2026-11-26', '1.0411'));
    expect((await store.feedDayBefore('2026-11-26'))?.date).toBe('2026-11-25');
    expect((await store.feedDayBefore('2026-11-24'))?.date).toBeUndefined();
    expect((await store.feedDaysSince('2026-11-25')).map((d) => d.date)).toEqual(['2026-11-25', '2026-11-26']);
    // A day read again with other figures (a correction) replaces the stored one.
    await store.putFeedDays([day('2026-11-26', '1.0412')], new Date());
    expect((await store.latestFeedDay())?.perEur.USD).toBe('1.0412');
    await store.putFeedDays([day('2026-11-26', '1.0411')], new Date());
  });

  it("keeps an operator's rate per currency, as set", async () => {
    expect(await store.operatorRates()).toEqual([
      {
        currency: 'KWD',
        perEur: '0.3207',
        source: 'Central Bank of Kuwait',
        asOf: '2026-11-26',
        setAt: '2026-11-26T09:00:00.000Z',
        setBy: 'ops',
      },
    ]);
  });

  it('refuses a stored row of another shape, naming it, rather than quote at a figure nobody wrote', async () => {
    const tampered = new DynamoFxRateStore();
    await dynamoClient().send(
      new PutCommand({ TableName: tableName('fxRates'), Item: { ...keys.fxFeedDay('2026-11-27'), source: SOURCE, perEur: { USD: 1.04 } } }),
    );
    await expect(tampered.latestFeedDay()).rejects.toThrow(/2026-11-27 does not have the shape/);
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('fxRates'),
        Item: { ...keys.fxFeedDay('2026-11-27'), source: SOURCE, perEur: { USD: '1.0413' } },
      }),
    );
  });
});

/** The store, counting its reads; failing them when told. */
function counted(inner: FxFiguresStore) {
  const counts = { reads: 0, failing: false };
  const wrapped: FxFiguresStore = {
    ...inner,
    latestFeedDay: async () => {
      counts.reads += 1;
      if (counts.failing) throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
      return inner.latestFeedDay();
    },
    feedDayBefore: (date) => inner.feedDayBefore(date),
    feedDaysSince: (from) => inner.feedDaysSince(from),
    putFeedDays: (days, at) => inner.putFeedDays(days, at),
    operatorRates: () => inner.operatorRates(),
  };
  return { counts, wrapped };
}

describe('the rates quotes convert with', () => {
  it('reads the table once per cache window, and judges the age of its figures on every quote', async () => {
    const { counts, wrapped } = counted(store);
    let now = new Date('2026-11-28T10:00:00Z');
    const provider = storedFxRates({ maxAgeDays: 4, cacheMs: 60_000 }, { store: wrapped, now: () => now });
    const first = await provider.ratesFor();
    expect(first.rate('EUR', 'USD')).toMatchObject({ rate: '1.0413', asOf: '2026-11-27' });
    expect(first.rate('EUR', 'KWD')).toMatchObject({ rate: '0.3207', source: 'operator rate (Central Bank of Kuwait)' });
    for (let i = 0; i < 20; i += 1) await provider.ratesFor();
    expect(counts.reads).toBe(1);
    // Days later with the same cached figures: KWD (set the 26th) is past the maximum age, USD (the 27th) not yet.
    now = new Date('2026-12-01T10:00:00Z');
    const later = await provider.ratesFor();
    expect(counts.reads).toBe(1);
    expect(later.rate('EUR', 'USD').asOf).toBe('2026-11-27');
    expect(() => later.rate('EUR', 'KWD')).toThrow(FxUnavailableError);
  });

  it('never keeps a failed read: the next quote reads again', async () => {
    const { counts, wrapped } = counted(store);
    const provider = storedFxRates({ maxAgeDays: 4, cacheMs: 60_000 }, { store: wrapped, now: () => new Date('2026-11-28T10:00:00Z') });
    counts.failing = true;
    await expect(provider.ratesFor()).rejects.toThrow('throttled');
    counts.failing = false;
    expect((await provider.ratesFor()).rate('EUR', 'USD').rate).toBe('1.0413');
    expect(counts.reads).toBe(2);
  });
});
