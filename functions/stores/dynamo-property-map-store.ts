/**
 * The property map in the `properties` table (keys in property-map-keys.ts):
 *
 *   platform#ref#<supplierId>#<supplierPropertyId> / map       → {propertyId}
 *   platform#property#<propertyId> / content                  → the unified content (+ its index cell)
 *                                                              or {replacedBy} once the id is retired
 *   platform#cell#<h3 cell> / <propertyId>                     → what on-the-fly matching compares
 *
 * The geographic index uses H3 resolution 7 cells (~5 km², ~2.4 km across): a point's cell and its ring
 * of neighbours cover every property within a kilometre or two, in seven queries.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { ContentStamp, PropertyMapStore, PropertyMatchCandidate } from '../domain/property/property-map.js';
import { refKey, type SupplierRef } from '../domain/property/supplier-ref.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { batchGetAll, batchWriteAll, type BatchOptions, type WriteRequest } from './dynamo-batch.js';
import { DynamoPropertyContent } from './dynamo-property-content.js';
import { propertyMapKeys } from './property-map-keys.js';

export const INDEX_RESOLUTION = 7;

export interface DynamoPropertyMapStoreOptions extends BatchOptions {
  readonly client?: DynamoDBDocumentClient;
  /** Defaults to the PROPERTIES_TABLE environment variable. */
  readonly table?: string;
}

export class DynamoPropertyMapStore implements PropertyMapStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly batch: BatchOptions;
  private readonly content: DynamoPropertyContent;

  constructor(options: DynamoPropertyMapStoreOptions = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('properties');
    this.batch = options.sleep ? { sleep: options.sleep } : {};
    this.content = new DynamoPropertyContent({ client: this.client, table: this.table });
  }

  async propertyIdsOf(refs: readonly SupplierRef[]): Promise<Map<string, string>> {
    const keys = uniqueBy(
      refs.map((ref) => propertyMapKeys.ref(ref.supplierId, ref.supplierPropertyId)),
      (key) => key.pk,
    );
    const items = await batchGetAll(this.client, this.table, keys, {
      ...this.batch,
      projection: ['supplierId', 'supplierPropertyId', 'propertyId'],
    });
    const out = new Map<string, string>();
    for (const item of items) {
      out.set(
        refKey({ supplierId: String(item.supplierId), supplierPropertyId: String(item.supplierPropertyId) }),
        String(item.propertyId),
      );
    }
    return out;
  }

  async putProperties(properties: readonly UnifiedProperty[]): Promise<void> {
    const cells = new Map(properties.map((p) => [p.propertyId, p.geo ? indexCell(p.geo) : undefined]));
    // A property whose position moved to another cell must leave its old cell.
    const previous = await batchGetAll(
      this.client,
      this.table,
      properties.map((p) => propertyMapKeys.property(p.propertyId)),
      { ...this.batch, projection: ['propertyId', 'indexCell'] },
    );
    const requests: WriteRequest[] = [];
    for (const item of previous) {
      const oldCell = typeof item.indexCell === 'string' ? item.indexCell : undefined;
      const propertyId = String(item.propertyId);
      if (oldCell && oldCell !== cells.get(propertyId))
        requests.push({ DeleteRequest: { Key: propertyMapKeys.cell(oldCell, propertyId) } });
    }
    for (const property of properties) {
      const cell = cells.get(property.propertyId);
      requests.push({
        PutRequest: {
          Item: { ...propertyMapKeys.property(property.propertyId), kind: 'property', ...property, ...(cell ? { indexCell: cell } : {}) },
        },
      });
      for (const ref of property.supplierRefs) {
        requests.push({
          PutRequest: {
            Item: { ...propertyMapKeys.ref(ref.supplierId, ref.supplierPropertyId), kind: 'ref', ...ref, propertyId: property.propertyId },
          },
        });
      }
      if (cell)
        requests.push({
          PutRequest: { Item: { ...propertyMapKeys.cell(cell, property.propertyId), kind: 'cell', ...matchCandidate(property) } },
        });
    }
    await batchWriteAll(this.client, this.table, requests, this.batch);
  }

  async retireProperties(retired: readonly { readonly propertyId: string; readonly replacedBy?: string }[]): Promise<void> {
    const previous = await batchGetAll(
      this.client,
      this.table,
      retired.map((r) => propertyMapKeys.property(r.propertyId)),
      { ...this.batch, projection: ['propertyId', 'indexCell'] },
    );
    const requests: WriteRequest[] = [];
    for (const item of previous) {
      if (typeof item.indexCell === 'string')
        requests.push({ DeleteRequest: { Key: propertyMapKeys.cell(item.indexCell, String(item.propertyId)) } });
    }
    for (const { propertyId, replacedBy } of retired) {
      // Kept as a pointer: partners may hold the old id from an earlier search.
      requests.push({
        PutRequest: {
          Item: { ...propertyMapKeys.property(propertyId), kind: 'retired', propertyId, ...(replacedBy ? { replacedBy } : {}) },
        },
      });
    }
    await batchWriteAll(this.client, this.table, requests, this.batch);
  }

  getProperty(propertyId: string): Promise<UnifiedProperty | undefined> {
    return this.content.getProperty(propertyId);
  }

  /** Several properties' content in BatchGetItem calls, retired ids not followed: what a catalogue page reads. */
  getProperties(propertyIds: readonly string[]): Promise<UnifiedProperty[]> {
    return this.content.getProperties(propertyIds);
  }

  async contentStamps(propertyIds: readonly string[]): Promise<Map<string, ContentStamp>> {
    const items = await batchGetAll(
      this.client,
      this.table,
      propertyIds.map((id) => propertyMapKeys.property(id)),
      { ...this.batch, projection: ['propertyId', 'contentHash', 'contentChangedAt'] },
    );
    const stamps = new Map<string, ContentStamp>();
    for (const item of items) {
      if (typeof item.contentHash === 'string' && typeof item.contentChangedAt === 'string')
        stamps.set(String(item.propertyId), { contentHash: item.contentHash, contentChangedAt: item.contentChangedAt });
    }
    return stamps;
  }

  async propertiesNear(point: GeoPoint, radiusMetres: number): Promise<PropertyMatchCandidate[]> {
    const across = Math.sqrt(3) * getHexagonEdgeLengthAvg(INDEX_RESOLUTION, UNITS.m);
    const rings = Math.max(1, Math.ceil(radiusMetres / across));
    const cells = gridDisk(indexCell(point), rings);
    const pages = await Promise.all(cells.map((cell) => this.queryCell(cell)));
    return pages.flat();
  }

  private async queryCell(cell: string): Promise<PropertyMatchCandidate[]> {
    const out: PropertyMatchCandidate[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': propertyMapKeys.cellPartition(cell) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) out.push(asCandidate(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }
}

export function indexCell(point: GeoPoint): string {
  return latLngToCell(point.lat, point.lng, INDEX_RESOLUTION);
}

function matchCandidate(property: UnifiedProperty): PropertyMatchCandidate {
  return {
    propertyId: property.propertyId,
    name: property.name,
    supplierRefs: property.supplierRefs,
    members: property.members,
    ...(property.geo ? { geo: property.geo } : {}),
  };
}

function asCandidate(item: Record<string, unknown>): PropertyMatchCandidate {
  const { pk: _pk, sk: _sk, kind: _kind, ...candidate } = item;
  return candidate as unknown as PropertyMatchCandidate;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
