/**
 * Keys of the property map in the properties table.
 *
 * The property map is platform content, not tenant data: suppliers' catalogues are the same for every
 * tenant, a hotel is the same hotel whoever sells it, and a propertyId must mean the same thing in every
 * tenant's results (a partner with two accounts, support looking across tenants). So its keys start with
 * the fixed owner `platform` where tenant data starts with the tenant (functions/shared/keys.ts). No
 * tenant value can equal `platform` (the client registry refuses it), so none reaches these items by accident. What a tenant may sell stays per
 * tenant, in its contracts; the map says only which supplier properties are one hotel.
 */
import { PLATFORM_OWNER } from '../shared/keys.js';

export { PLATFORM_OWNER };

export const propertyMapKeys = {
  /** One item per supplier ref: which unified property it belongs to. */
  ref: (supplierId: string, supplierPropertyId: string) => ({ pk: `${PLATFORM_OWNER}#ref#${supplierId}#${supplierPropertyId}`, sk: 'map' }),
  /** The unified content of one property (or a pointer to the id that replaced it). */
  property: (propertyId: string) => ({ pk: `${PLATFORM_OWNER}#property#${propertyId}`, sk: 'content' }),
  /** Geographic index: properties per H3 cell, for matching unmapped supplier properties near a point. */
  cell: (cell: string, propertyId: string) => ({ pk: `${PLATFORM_OWNER}#cell#${cell}`, sk: propertyId }),
  cellPartition: (cell: string) => `${PLATFORM_OWNER}#cell#${cell}`,
  /** The mapping job's lock: one run at a time rewrites the map. */
  mappingLock: () => ({ pk: `${PLATFORM_OWNER}#mapping-lock`, sk: 'lock' }),
  /** One mapping run's record, newest last in the partition (run ids sort by time). */
  mappingRun: (runId: string) => ({ pk: `${PLATFORM_OWNER}#mapping-run`, sk: runId }),
  mappingRuns: () => `${PLATFORM_OWNER}#mapping-run`,
};
