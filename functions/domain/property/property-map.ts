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

/** What the mapping job last recorded of a property's content: its digest and when it last changed. */
export interface ContentStamp {
  readonly contentHash: string;
  readonly contentChangedAt: string;
}

export interface PropertyMapStore {
  /** The stored propertyId of each ref that has one, keyed by refKey(ref). */
  propertyIdsOf(refs: readonly SupplierRef[]): Promise<Map<string, string>>;
  /** Writes the properties' content, their refs' mappings and their place in the geographic index. */
  putProperties(properties: readonly UnifiedProperty[]): Promise<void>;
  /** Ids that no cluster carries any more: their content is replaced by a pointer to the id that took over. */
  retireProperties(retired: readonly { readonly propertyId: string; readonly replacedBy?: string }[]): Promise<void>;
  getProperty(propertyId: string): Promise<UnifiedProperty | undefined>;
  /** The stamps stored with these properties' content, for those that have one. */
  contentStamps(propertyIds: readonly string[]): Promise<Map<string, ContentStamp>>;
  /** Stored properties around a point (at least `radiusMetres` around it), for on-the-fly matching. */
  propertiesNear(point: GeoPoint, radiusMetres: number): Promise<PropertyMatchCandidate[]>;
}
