/**
 * Stored searches: what GET /v1/hotels/searches/{searchId} pages through and what the property-rates call
 * looks a property up in, kept for SEARCH_TTL_SECONDS under the caller's tenant (another tenant's
 * searchId is simply not found).
 *
 * Layout: the search's `meta` item in DynamoDB (the search, its fx stamps and where each chunk starts; its
 * layout is functions/stores/dynamo-search-headers.ts', since booking reads it too), and the ranked rows
 * (stored-row.ts) in zstd chunks, usually one (see CHUNK_BYTES), as S3 objects
 * (functions/stores/s3-search-chunks.ts): S3 bills a write per request, DynamoDB per KB, and a search's
 * rows are ~100 KB. The chunks are written first, then the meta that points to them. A page is the meta
 * read and one GET of the one or two chunks it falls in.
 *
 * Searches stored before the row format (chunks of described properties) have no `rows` in their meta:
 * their pages answer as expired (410, search again), which is what a partner does when a search ends.
 */
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FxQuote } from '../domain/fx/fx-rates.js';
import type { SearchHeader as DomainSearchHeader, SearchHeaders } from '../domain/stay/search-header.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { DynamoSearchHeaders, searchMetaItem } from '../stores/dynamo-search-headers.js';
import { S3SearchChunks } from '../stores/s3-search-chunks.js';
import type { SearchRequest } from './search-request.js';
import type { SupplierSummary } from './search-result.js';
import type { ShownProperty } from './shown-property.js';
import { isRowOf, readRow } from './stored-row.js';

export const SEARCH_TTL_SECONDS = 30 * 60;
/**
 * A chunk is at most CHUNK_CHARS of row text and, compressed, at most CHUNK_BYTES; a chunk that compresses
 * worse is split in two until it fits. A PAR search's ~1,450 rows (~850,000 characters, ~170 KB
 * compressed) are one chunk: one PUT, and a page reads one object.
 */
const CHUNK_CHARS = 1_500_000;
const CHUNK_BYTES = 380_000;
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

export class DynamoSearchStore implements SearchStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;
  /** The header (`meta`) item, whose layout booking reads too. */
  private readonly headers: DynamoSearchHeaders;
  private readonly chunks: S3SearchChunks;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string; chunks?: S3SearchChunks } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('searches');
    this.headers = new DynamoSearchHeaders({ client: this.client, table: this.table });
    this.chunks = options.chunks ?? new S3SearchChunks();
  }

  async savePending(search: SearchHeader): Promise<void> {
    const pending: PendingSearch = { ...search, rowsPending: true };
    await this.client.send(new PutCommand({ TableName: this.table, Item: searchMetaItem(pending) }));
  }

  async save(search: SearchToStore, rows: readonly string[], fx: readonly FxQuote[]): Promise<void> {
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
    // The chunks first: the meta that replaces the pending header points to them, so it must not be seen before them.
    await Promise.all(chunks.map((rowsText, index) => this.chunks.put(search.tenant, search.searchId, index, rowsText)));
    const stored: StoredSearch = { ...search, rows: { fx, chunkStarts } };
    await this.client.send(new PutCommand({ TableName: this.table, Item: searchMetaItem(stored) }));
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
    if (texts === 'expired') return 'expired';
    const skip = offset - layout.chunkStarts[first]!;
    return texts.slice(skip, skip + (end - offset)).map((text) => readRow(text, { fx: layout.fx, currency: search.currency }));
  }

  async property(search: StoredSearch, propertyId: string): Promise<ShownProperty | undefined | 'expired'> {
    const layout = search.rows;
    if (!layout) return 'expired';
    if (layout.chunkStarts.length === 0) return undefined;
    // Only the one row is parsed; the others are only looked at for their leading propertyId.
    const texts = await this.chunkRows(search, 0, layout.chunkStarts.length - 1);
    if (texts === 'expired') return 'expired';
    const text = texts.find((row) => isRowOf(row, propertyId));
    return text === undefined ? undefined : readRow(text, { fx: layout.fx, currency: search.currency });
  }

  /** The row texts of chunks first..last, in order; 'expired' when one is gone (removed with its search). */
  private async chunkRows(search: StoredSearch, first: number, last: number): Promise<string[] | 'expired'> {
    const indexes = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    const chunks = await Promise.all(indexes.map((index) => this.chunks.get(search.tenant, search.searchId, index)));
    if (chunks.some((chunk) => chunk === undefined)) return 'expired';
    return chunks.flatMap((chunk) => zstdDecompressSync(chunk!).toString('utf8').split('\n'));
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
