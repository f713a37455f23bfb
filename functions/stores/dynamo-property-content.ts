/**
 * Reads one unified property's content from the property map table: what booking needs of a property (its
 * record and voucher) and search's content route. Kept apart from the map store's geographic index, whose
 * H3 library (200 KB) booking would otherwise load in every container for nothing.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './dynamo-batch.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { propertyMapKeys } from './property-map-keys.js';

export class DynamoPropertyContent {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { readonly client?: DynamoDBDocumentClient; readonly table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('properties');
  }

  /** The property, following a retired id to the one that replaced it (once; chains are not kept). */
  async getProperty(propertyId: string): Promise<UnifiedProperty | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.table, Key: propertyMapKeys.property(propertyId) }));
    const item = result.Item;
    if (!item) return undefined;
    if (item.kind === 'retired') {
      if (typeof item.replacedBy !== 'string' || item.replacedBy === propertyId) return undefined;
      const next = await this.client.send(new GetCommand({ TableName: this.table, Key: propertyMapKeys.property(item.replacedBy) }));
      return next.Item?.kind === 'property' ? asUnified(next.Item) : undefined;
    }
    return asUnified(item);
  }

  /** The current content of each of these ids, in their order; an id retired or unknown is left out. */
  async getProperties(propertyIds: readonly string[]): Promise<UnifiedProperty[]> {
    const items = await batchGetAll(
      this.client,
      this.table,
      propertyIds.map((id) => propertyMapKeys.property(id)),
    );
    const byId = new Map(items.filter((item) => item.kind === 'property').map((item) => [String(item.propertyId), asUnified(item)]));
    return propertyIds.flatMap((id) => byId.get(id) ?? []);
  }
}

function asUnified(item: Record<string, unknown>): UnifiedProperty {
  const { pk: _pk, sk: _sk, kind: _kind, indexCell: _cell, ...content } = item;
  return content as unknown as UnifiedProperty;
}
