/**
 * The destination index: per city, every unified property's summary (id, name, stars, position) and its
 * supplier refs, in one or a few items. Search reads one city per request, so resolving thousands of
 * supplier offers to unified properties costs one or two reads (and nothing once a container has it),
 * instead of a BatchGetItem per hundred refs. The mapping job rewrites it after every run.
 */
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SupplierRef } from '../../domain/property/supplier-ref.js';
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { PLATFORM_OWNER } from '../../shared/keys.js';
import { batchGetAll } from '../../stores/dynamo-batch.js';
import type { GeoPoint } from '../../suppliers/port.js';

export interface DestinationEntry {
  readonly propertyId: string;
  readonly name: string;
  readonly starRating?: number;
  readonly geo?: GeoPoint;
  readonly supplierRefs: readonly SupplierRef[];
  /** The property's contentChangedAt: a catalogue sync picks what changed from the index, reading no content. */
  readonly contentChangedAt?: string;
}

export interface DestinationIndexStore {
  /** Replaces the city's index. */
  putDestination(cityCode: string, entries: readonly DestinationEntry[]): Promise<void>;
  /** Empty when the mapping job has not indexed the city. */
  destination(cityCode: string): Promise<DestinationEntry[]>;
}

export function destinationEntry(property: UnifiedProperty): DestinationEntry {
  return {
    propertyId: property.propertyId,
    name: property.name,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    ...(property.geo ? { geo: property.geo } : {}),
    supplierRefs: property.supplierRefs.map((r) => ({ supplierId: r.supplierId, supplierPropertyId: r.supplierPropertyId })),
    ...(property.contentChangedAt ? { contentChangedAt: property.contentChangedAt } : {}),
  };
}

/** Properties grouped by their city; properties without a catalogue city are not searchable by city. */
export function entriesByCity(properties: readonly UnifiedProperty[]): Map<string, DestinationEntry[]> {
  const byCity = new Map<string, DestinationEntry[]>();
  for (const property of properties) {
    if (!property.cityCode) continue;
    const list = byCity.get(property.cityCode) ?? [];
    list.push(destinationEntry(property));
    byCity.set(property.cityCode, list);
  }
  return byCity;
}

/** About 200 bytes an entry: 1,000 entries keep a part well under DynamoDB's 400 KB item limit. */
const ENTRIES_PER_PART = 1_000;
const pk = (cityCode: string) => `${PLATFORM_OWNER}#destination#${cityCode}`;

export class DynamoDestinationIndex implements DestinationIndexStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('properties');
  }

  async putDestination(cityCode: string, entries: readonly DestinationEntry[]): Promise<void> {
    const generation = new Date().toISOString();
    const parts = Math.max(1, Math.ceil(entries.length / ENTRIES_PER_PART));
    for (let part = 0; part < parts; part++) {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: pk(cityCode),
            sk: `part#${generation}#${String(part).padStart(4, '0')}`,
            kind: 'destination-part',
            entries: entries.slice(part * ENTRIES_PER_PART, (part + 1) * ENTRIES_PER_PART),
          },
        }),
      );
    }
    // The head names the complete generation last, so a reader never sees half of a rewrite.
    await this.client.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: pk(cityCode), sk: 'head', kind: 'destination-head', generation, parts, properties: entries.length },
      }),
    );
  }

  /** Which of these cities the mapping job has indexed (the type-ahead reads every indexed city's properties). */
  async indexedCities(cityCodes: readonly string[]): Promise<string[]> {
    const heads = await batchGetAll(
      this.client,
      this.table,
      cityCodes.map((code) => ({ pk: pk(code), sk: 'head' })),
      { projection: ['pk', 'generation'] },
    );
    const prefix = pk('');
    return heads
      .filter((head) => typeof head.generation === 'string')
      .map((head) => String(head.pk).slice(prefix.length))
      .sort();
  }

  async destination(cityCode: string): Promise<DestinationEntry[]> {
    const head = await this.client.send(new GetCommand({ TableName: this.table, Key: { pk: pk(cityCode), sk: 'head' } }));
    const generation = head.Item?.generation as string | undefined;
    if (!generation) return [];
    const entries: DestinationEntry[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk(cityCode), ':prefix': `part#${generation}#` },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) entries.push(...(item.entries as DestinationEntry[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return entries;
  }
}
