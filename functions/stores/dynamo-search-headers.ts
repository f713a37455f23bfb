/**
 * The header of a stored search in the searches table: its `meta` item, the first item of the search's
 * partition (its rows follow in chunks, functions/search/search-store.ts). Search writes it while its
 * suppliers are asked and again with its rows; search's pages and booking read it. The item's layout is
 * here, in one place both may import: booking may not import search.
 *
 *   pk = <tenant>#search#<searchId>, sk = meta → the header (and, once stored, the rows' layout), kind,
 *   expiresAt (epoch seconds, the table's TTL attribute) and expiresAtIso (the header's own expiresAt)
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SearchHeader, SearchHeaders } from '../domain/stay/search-header.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';

/** The partition of one search: its header and its rows. Starts with the tenant, as every stored key. */
export const searchPartition = (tenant: string, searchId: string): string => `${tenant}#search#${searchId}`;
const META = 'meta';

/** DynamoDB TTL (epoch seconds): the sweeper removes the search some time after it expired. */
export const searchTtl = (search: { readonly expiresAt: string }): number => Math.floor(Date.parse(search.expiresAt) / 1000);

/** The `meta` item of a header and whatever else the search keeps beside it (its rows' layout, its summary). */
export function searchMetaItem(search: SearchHeader): Record<string, unknown> {
  return {
    pk: searchPartition(search.tenant, search.searchId),
    sk: META,
    kind: 'search',
    ...search,
    expiresAt: searchTtl(search),
    expiresAtIso: search.expiresAt,
  };
}

export class DynamoSearchHeaders implements SearchHeaders {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('searches');
  }

  /** The header as searchMetaItem stored it; `Stored` names what the writer stored beside it. */
  async find<Stored extends SearchHeader = SearchHeader>(
    tenant: string,
    searchId: string,
    now: Date = new Date(),
  ): Promise<Stored | 'expired' | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: { pk: searchPartition(tenant, searchId), sk: META } }),
    );
    if (!Item) return undefined;
    // TTL deletion lags by up to days; expiry is decided here, not by the sweeper.
    if (Date.parse(String(Item.expiresAtIso)) <= now.getTime()) return 'expired';
    const { pk: _pk, sk: _sk, kind: _kind, expiresAt: _ttl, expiresAtIso, ...rest } = Item;
    return { ...(rest as Omit<Stored, 'expiresAt'>), expiresAt: String(expiresAtIso) } as Stored;
  }
}
