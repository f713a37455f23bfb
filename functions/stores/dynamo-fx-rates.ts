/**
 * The FX figures in the fxRates table (domain port FxFiguresStore), the deployment's, not a tenant's: every
 * account of a stack converts with the same figures, so their keys start with the platform owner.
 *
 * - A day of the feed: `platform#fx#feed` / `<YYYY-MM-DD>`, with each currency's figure as the feed wrote it,
 *   the feed's name, and when it was read. Days sort by their sort key, so the latest is one Query.
 * - An operator's rate: `platform#fx#operator` / `<currency>`, the latest set (set-operator-rate in accounts
 *   writes it with its audit entry, in one transaction).
 *
 * What is read is parsed here into the domain's types: a row of the wrong shape fails loudly, naming the key,
 * rather than quoting at a figure nobody wrote.
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { FeedDay, OperatorRate } from '../domain/fx/feed-day.js';
import type { FxFiguresStore } from '../domain/fx/fx-figures-store.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import type { TransactItem } from '../shared/transact-item.js';
import { batchWriteAll } from './dynamo-batch.js';

const day = z.iso.date();
const figure = z.string().regex(/^\d+(\.\d+)?$/);
const currency = z.string().regex(/^[A-Z]{3}$/);

const feedDayItem = z.object({
  sk: day,
  source: z.string().min(1),
  perEur: z.record(currency, figure),
});

const operatorRateItem = z.object({
  sk: currency,
  perEur: figure,
  source: z.string().min(1),
  asOf: day,
  setAt: z.iso.datetime(),
  setBy: z.string(),
});

function feedDayOf(item: Record<string, unknown>): FeedDay {
  const parsed = feedDayItem.safeParse(item);
  if (!parsed.success) throw new Error(`the stored FX feed day ${String(item.sk)} does not have the shape the feed job writes`);
  return { date: parsed.data.sk, source: parsed.data.source, perEur: parsed.data.perEur };
}

function operatorRateOf(item: Record<string, unknown>): OperatorRate {
  const parsed = operatorRateItem.safeParse(item);
  if (!parsed.success) throw new Error(`the stored operator FX rate ${String(item.sk)} does not have the shape fx set writes`);
  const { sk, ...rest } = parsed.data;
  return { currency: sk, ...rest };
}

export class DynamoFxRateStore implements FxFiguresStore {
  private readonly client: DynamoDBDocumentClient;

  constructor(options: { readonly client?: DynamoDBDocumentClient } = {}) {
    this.client = options.client ?? dynamoClient();
  }

  private get table(): string {
    return tableName('fxRates');
  }

  async latestFeedDay(): Promise<FeedDay | undefined> {
    return (await this.queryFeedDays({ newestFirst: true, limit: 1 }))[0];
  }

  async feedDayBefore(date: string): Promise<FeedDay | undefined> {
    return (await this.queryFeedDays({ newestFirst: true, limit: 1, before: date }))[0];
  }

  async feedDaysSince(from: string): Promise<FeedDay[]> {
    return this.queryFeedDays({ newestFirst: false, from });
  }

  async putFeedDays(days: readonly FeedDay[], readAt: Date): Promise<void> {
    const items = days.map((d) => ({
      ...keys.fxFeedDay(d.date),
      kind: 'fx-feed-day',
      source: d.source,
      perEur: { ...d.perEur },
      readAt: readAt.toISOString(),
    }));
    await batchWriteAll(
      this.client,
      this.table,
      items.map((Item) => ({ PutRequest: { Item } })),
    );
  }

  async operatorRates(): Promise<OperatorRate[]> {
    const rates: OperatorRate[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.fxOperatorRates().pk },
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) rates.push(operatorRateOf(item));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return rates;
  }

  /** Writes an operator's rate, with `also` (its audit entry) in the same transaction. */
  operatorRatePut(rate: OperatorRate): TransactItem {
    const { currency: code, ...rest } = rate;
    return { Put: { TableName: this.table, Item: { ...keys.fxOperatorRate(code), kind: 'fx-operator-rate', ...rest } } };
  }

  /** The same write on its own (tests, seeding). */
  async putOperatorRate(rate: OperatorRate): Promise<void> {
    const put = this.operatorRatePut(rate).Put!;
    await this.client.send(new PutCommand({ TableName: put.TableName, Item: put.Item }));
  }

  private async queryFeedDays(options: { newestFirst: boolean; limit?: number; before?: string; from?: string }): Promise<FeedDay[]> {
    const days: FeedDay[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    const range = options.before ? ' AND sk < :before' : options.from ? ' AND sk >= :from' : '';
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: `pk = :pk${range}`,
          ExpressionAttributeValues: {
            ':pk': keys.fxFeedDays().pk,
            ...(options.before ? { ':before': options.before } : {}),
            ...(options.from ? { ':from': options.from } : {}),
          },
          ScanIndexForward: !options.newestFirst,
          ...(options.limit ? { Limit: options.limit } : {}),
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) days.push(feedDayOf(item));
      ExclusiveStartKey = options.limit && days.length >= options.limit ? undefined : page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return days;
  }
}
