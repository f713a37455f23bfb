/**
 * Stored searches: what GET /v1/hotels/searches/{searchId} pages through and what the property-rates call
 * looks a property up in, kept for SEARCH_TTL_SECONDS under the caller's tenant (another tenant's
 * searchId is simply not found).
 *
 * Layout, one partition per search: `meta` (the search, its fx stamps and where each chunk starts; its
 * layout is functions/stores/dynamo-search-headers.ts', since booking reads it too) and the ranked rows
 * (stored-row.ts) in zstd chunks, usually one (see CHUNK_BYTES), all written in one
 * BatchWriteItem. A page is the meta read and one query of the one or two chunks it falls in.
 *
 * Searches stored before the row format (chunks of described properties) have no `rows` in their meta:
 * their pages answer as expired (410, search again), which is what a partner does when a search ends.
 */
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { BatchWriteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FxQuote } from '../domain/fx/fx-rates.js';
import type { SearchHeader as DomainSearchHeader, SearchHeaders } from '../domain/stay/search-header.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { DynamoSearchHeaders, searchMetaItem, searchPartition, searchTtl } from '../stores/dynamo-search-headers.js';
import type { SearchRequest } from './search-request.js';
import type { SupplierSummary } from './search-result.js';
import type { ShownProperty } from './shown-property.js';
import { isRowOf, readRow } from './stored-row.js';

export const SEARCH_TTL_SECONDS = 30 * 60;
/**
 * A chunk is at most CHUNK_CHARS of row text and, compressed, at most CHUNK_BYTES (an item holds 400 KB;
 * the rest is its key and attributes); a chunk that compresses worse is split in two until it fits. A PAR
 * search's ~1,450 rows (~850,000 characters, ~170 KB compressed) are one chunk: DynamoDB Local writes one
 * item of that size in the time of a small one, where 8 or 16 items take longer and vary more.
 */
const CHUNK_CHARS = 1_500_000;
const CHUNK_BYTES = 380_000;
/** As many items as one BatchWriteItem takes; larger searches write several batches in parallel. */
const WRITE_BATCH = 25;
const ZSTD_FAST = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

/** Where a search's rows are: how to read them, and the index of each chunk's first row. */
export interface StoredRows {
  readonly fx: readonly FxQuote[];
  readonly chunkStarts: readonly number[];
}

/** What is known of a search before any supplier answers (functions/domain/stay/search-header.ts), with its whole request. */
export type SearchHeader = DomainSearchHeader<SearchRequest>;

export interface StoredSearch extends SearchHeader {
  readonly partial: boolean;
  readonly suppliers: readonly SupplierSummary[];
  readonly totalProperties: number;
  /** Set by the store with the rows (absent on searches stored before the row format). */
  readonly rows?: StoredRows;
}

/** A search whose rows are not stored yet: it is being searched, or it answered and its rows follow. */
export interface PendingSearch extends SearchHeader {
  readonly rowsPending: true;
}

type SearchToStore = Omit<StoredSearch, 'rows'>;

export interface SearchStore extends SearchHeaders {
  /**
   * Stores the search's header while its suppliers are asked, its rows to follow: what a rate check and a
   * booking validate a rateId against (the request, the expiry) is there before the search answers.
   */
  savePending(search: SearchHeader): Promise<void>;
  /** Stores the whole search and its ranked rows (stored-row.ts texts, whose fx indexes point into `fx`). */
  save(search: SearchToStore, rows: readonly string[], fx: readonly FxQuote[]): Promise<void>;
  /** undefined when unknown or another tenant's; 'expired' once past its expiry (410, not 404). */
  find(tenant: string, searchId: string, now?: Date): Promise<StoredSearch | PendingSearch | 'expired' | undefined>;
  /** The ranked properties [offset, offset + count); 'expired' for a search stored in an older layout. */
  slice(search: StoredSearch, offset: number, count: number): Promise<ShownProperty[] | 'expired'>;
  /** One property of the search; 'expired' for a search stored in an older layout. */
  property(search: StoredSearch, propertyId: string): Promise<ShownProperty | undefined | 'expired'>;
}

const chunkKey = (index: number) => `chunk#${String(index).padStart(5, '0')}`;

export class DynamoSearchStore implements SearchStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;
  /** The header (`meta`) item, whose layout booking reads too. */
  private readonly headers: DynamoSearchHeaders;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('searches');
    this.headers = new DynamoSearchHeaders({ client: this.client, table: this.table });
  }

  async savePending(search: SearchHeader): Promise<void> {
    const pending: PendingSearch = { ...search, rowsPending: true };
    await this.client.send(new PutCommand({ TableName: this.table, Item: searchMetaItem(pending) }));
  }

  async save(search: SearchToStore, rows: readonly string[], fx: readonly FxQuote[]): Promise<void> {
    const ttl = searchTtl(search);
    const key = searchPartition(search.tenant, search.searchId);
    const chunks: Uint8Array[] = [];
    const chunkStarts: number[] = [];
    for (let start = 0; start < rows.length; ) {
      let end = start;
      let chars = 0;
      // At least one row per chunk, however long (a row's rate key is the supplier's, of its own length).
      while (end < rows.length && (end === start || chars + rows[end]!.length + 1 <= CHUNK_CHARS)) chars += rows[end++]!.length + 1;
      let compressed = compressRows(rows, start, end);
      while (compressed.length > CHUNK_BYTES && end - start > 1) {
        end = start + Math.ceil((end - start) / 2);
        compressed = compressRows(rows, start, end);
      }
      chunkStarts.push(start);
      chunks.push(compressed);
      start = end;
    }
    const stored: StoredSearch = { ...search, rows: { fx, chunkStarts } };
    // The meta goes in the same batch as the rows it points to, replacing the pending one.
    const items: Record<string, unknown>[] = [searchMetaItem(stored)];
    chunks.forEach((rowsText, index) => items.push({ pk: key, sk: chunkKey(index), kind: 'search-chunk', rows: rowsText, expiresAt: ttl }));
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

  find(tenant: string, searchId: string, now: Date = new Date()): Promise<StoredSearch | PendingSearch | 'expired' | undefined> {
    return this.headers.find<StoredSearch | PendingSearch>(tenant, searchId, now);
  }

  async slice(search: StoredSearch, offset: number, count: number): Promise<ShownProperty[] | 'expired'> {
    const layout = search.rows;
    if (!layout) return 'expired';
    const end = Math.min(offset + count, search.totalProperties);
    if (count <= 0 || offset >= end) return [];
    const first = chunkOf(layout, offset);
    const texts = await this.chunkRows(search, first, chunkOf(layout, end - 1));
    const skip = offset - layout.chunkStarts[first]!;
    return texts.slice(skip, skip + (end - offset)).map((text) => readRow(text, { fx: layout.fx, currency: search.currency }));
  }

  async property(search: StoredSearch, propertyId: string): Promise<ShownProperty | undefined | 'expired'> {
    const layout = search.rows;
    if (!layout) return 'expired';
    if (layout.chunkStarts.length === 0) return undefined;
    // Only the one row is parsed; the others are only looked at for their leading propertyId.
    const text = (await this.chunkRows(search, 0, layout.chunkStarts.length - 1)).find((row) => isRowOf(row, propertyId));
    return text === undefined ? undefined : readRow(text, { fx: layout.fx, currency: search.currency });
  }

  /** The row texts of chunks first..last, in order. */
  private async chunkRows(search: StoredSearch, first: number, last: number): Promise<string[]> {
    const texts: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': searchPartition(search.tenant, search.searchId), ':from': chunkKey(first), ':to': chunkKey(last) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) texts.push(...zstdDecompressSync(item.rows as Uint8Array).toString('utf8').split('\n'));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return texts;
  }
}

/**
 * Rows [start, end) as one zstd frame of newline-separated text (JSON never holds a raw newline). Level 1:
 * on a PAR search's rows a few ms where gzip took several times longer for more bytes. Synchronously: on
 * libuv's threads the same work waited 15 to 60 ms behind others on a busy machine.
 */
function compressRows(rows: readonly string[], start: number, end: number): Uint8Array {
  return zstdCompressSync(rows.slice(start, end).join('\n'), ZSTD_FAST);
}

/** The chunk holding row `index`: the last whose first row is not after it. */
function chunkOf(layout: StoredRows, index: number): number {
  let low = 0;
  let high = layout.chunkStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (layout.chunkStarts[mid]! <= index) low = mid;
    else high = mid - 1;
  }
  return low;
}
