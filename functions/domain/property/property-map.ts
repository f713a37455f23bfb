/**
 * The property map port: supplier ref → unified propertyId, and the unified content per id. Search
 * resolves supplier offers through it and the mapping job rewrites it; booking reads a property's content
 * for its record and voucher. Its DynamoDB adapter is functions/stores/dynamo-property-map-store.ts.
 */
import type { GeoPoint } from './geo-point.js';
import type { SupplierRef } from './supplier-ref.js';
import type { UnifiedProperty } from './unified-property.js';

/** What on-the-fly matching needs of a stored property: its members as their suppliers show them. */
export type PropertyMatchCandidate = Pick<UnifiedProperty, 'propertyId' | 'name' | 'supplierRefs' | 'members'> &
  Partial<Pick<UnifiedProperty, 'geo'>>;

export interface PropertyMapStore {
  /** The stored propertyId of each ref that has one, keyed by refKey(ref). */
  propertyIdsOf(refs: readonly SupplierRef[]): Promise<Map<string, string>>;
  /**
   * Writes what changed (a property whose content hash is the stored one is left alone) and answers the
   * contentChangedAt each property has after the write, by propertyId: what a destination index carries.
   */
  putProperties(properties: readonly UnifiedProperty[]): Promise<ReadonlyMap<string, string>>;
  /**
   * Properties a search matched on the fly (the job has not mapped their refs yet), and refs it joined to
   * stored properties: each written only where the map holds nothing under its key, so the job's content
   * and mappings always win; the ids search answered with are then usable on every route at once.
   */
  rememberProperties(
    properties: readonly UnifiedProperty[],
    refs: readonly { readonly ref: SupplierRef; readonly propertyId: string }[],
  ): Promise<void>;
  /** Ids that no cluster carries any more: their content is replaced by a pointer to the id that took over. */
  retireProperties(retired: readonly { readonly propertyId: string; readonly replacedBy?: string }[]): Promise<void>;
  getProperty(propertyId: string): Promise<UnifiedProperty | undefined>;
  /** Stored properties around a point (at least `radiusMetres` around it), for on-the-fly matching. */
  propertiesNear(point: GeoPoint, radiusMetres: number): Promise<PropertyMatchCandidate[]>;
}
