/**
 * Stored searches: what GET /v1/hotels/searches/{searchId} pages through and what the property-rates call
 * re-queries, kept for SEARCH_TTL_SECONDS under the caller's tenant (another tenant's searchId is simply
 * not found). The ranked property list is cut into chunks of CHUNK_SIZE, written in one batch, so a page
 * is one or two reads whatever the search's size.
 */
import { constants, gunzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { BatchWriteCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import type { SearchRequest } from './search-request.js';
import type { StoredProperty, SupplierSummary } from './search-result.js';

export const SEARCH_TTL_SECONDS = 30 * 60;
const CHUNK_SIZE = 100;
/**
 * As many items as one BatchWriteItem takes: a search (meta and up to 24 chunks, 2,400 properties) is one
 * request. Measured on DynamoDB Local, one batch of 16 items lands in about half the time of four
 * parallel batches of 4; on AWS one request also means one round trip.
 */
const WRITE_BATCH = 25;
const ZSTD_FAST = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

export interface StoredSearch {
  readonly searchId: string;
  readonly tenant: string;
  readonly request: SearchRequest;
  readonly currency: string;
  readonly partial: boolean;
  readonly suppliers: readonly SupplierSummary[];
  readonly totalProperties: number;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface SearchStore {
  /**
   * Stores the search and its ranked properties. `serialised`, when given, is JSON.stringify of each ranked
   * property, made while the slower suppliers were still awaited, so it is not serialised again.
   */
  save(search: StoredSearch, ranked: readonly StoredProperty[], serialised?: readonly string[]): Promise<void>;
  /** undefined when unknown or another tenant's; 'expired' once past its expiry (410, not 404). */
  find(tenant: string, searchId: string, now?: Date): Promise<StoredSearch | 'expired' | undefined>;
  /** Every ranked property, in order (the property-rates call looks one up). */
  all(tenant: string, searchId: string): Promise<StoredProperty[]>;
  /** The ranked properties [offset, offset + count). */
  slice(tenant: string, searchId: string, offset: number, count: number): Promise<StoredProperty[]>;
}

/** zstd's frame magic; chunks stored before zstd are gzip (1f 8b) and still read for as long as they live. */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

function chunkProperties(item: Record<string, unknown>): StoredProperty[] {
  const bytes = item.properties as Uint8Array;
  const zstd = ZSTD_MAGIC.every((byte, i) => bytes[i] === byte);
  return JSON.parse((zstd ? zstdDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8')) as StoredProperty[];
}

const pk = (tenant: string, searchId: string) => `${tenant}#search#${searchId}`;
const chunkKey = (index: number) => `chunk#${String(index).padStart(5, '0')}`;

export class DynamoSearchStore implements SearchStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('searches');
  }

  async save(search: StoredSearch, ranked: readonly StoredProperty[], serialised?: readonly string[]): Promise<void> {
    const ttl = Math.floor(Date.parse(search.expiresAt) / 1000);
    const items: Record<string, unknown>[] = [{ pk: pk(search.tenant, search.searchId), sk: 'meta', kind: 'search', ...search, expiresAt: ttl, expiresAtIso: search.expiresAt }];
    const texts = serialised ?? ranked.map((property) => JSON.stringify(property));
    // Compressed: rate keys make a chunk large, and fewer bytes write (and bill) faster. zstd at level 1:
    // on a PAR search's chunks (2.1 MB of JSON) 3.7 ms and 232 KB where gzip level 1 took 15 ms for
    // 317 KB. Synchronously: on libuv's threads the same work took 15 to 60 ms on a busy machine.
    const chunks = Array.from({ length: Math.ceil(texts.length / CHUNK_SIZE) }, (_, index) =>
      zstdCompressSync(`[${texts.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE).join(',')}]`, ZSTD_FAST),
    );
    chunks.forEach((properties, index) => items.push({ pk: pk(search.tenant, search.searchId), sk: chunkKey(index), kind: 'search-chunk', properties, expiresAt: ttl }));
    const batches: Record<string, unknown>[][] = [];
    for (let i = 0; i < items.length; i += WRITE_BATCH) batches.push(items.slice(i, i + WRITE_BATCH));
    await Promise.all(batches.map((batch) => this.writeAll(batch)));
  }

  private async writeAll(items: Record<string, unknown>[]): Promise<void> {
    let pending = items.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      if (attempt > 8) throw new Error('searches table kept refusing writes');
      const result = await this.client.send(new BatchWriteCommand({ RequestItems: { [this.table]: pending } }));
      pending = (result.UnprocessedItems?.[this.table] ?? []) as typeof pending;
    }
  }

  async find(tenant: string, searchId: string, now: Date = new Date()): Promise<StoredSearch | 'expired' | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: { pk: pk(tenant, searchId), sk: 'meta' } }));
    if (!Item) return undefined;
    // TTL deletion lags by up to days; expiry is decided here, not by the sweeper.
    if (Date.parse(String(Item.expiresAtIso)) <= now.getTime()) return 'expired';
    const { pk: _pk, sk: _sk, kind: _kind, expiresAt: _ttl, expiresAtIso, ...rest } = Item;
    return { ...(rest as Omit<StoredSearch, 'expiresAt'>), expiresAt: String(expiresAtIso) };
  }

  async all(tenant: string, searchId: string): Promise<StoredProperty[]> {
    const out: StoredProperty[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
          ExpressionAttributeValues: { ':pk': pk(tenant, searchId), ':chunk': 'chunk#' },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) out.push(...chunkProperties(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }

  async slice(tenant: string, searchId: string, offset: number, count: number): Promise<StoredProperty[]> {
    if (count <= 0) return [];
    const first = Math.floor(offset / CHUNK_SIZE);
    const last = Math.floor((offset + count - 1) / CHUNK_SIZE);
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk(tenant, searchId), ':from': chunkKey(first), ':to': chunkKey(last) },
      }),
    );
    const properties = Items.flatMap(chunkProperties);
    const skip = offset - first * CHUNK_SIZE;
    return properties.slice(skip, skip + count);
  }
}
