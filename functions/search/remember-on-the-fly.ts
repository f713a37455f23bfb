/**
 * Search's answer carries a propertyId for every property it shows, the ones it matched on the fly too (the
 * mapping job has not mapped their refs yet). Those are stored before the answer goes, under the ids it
 * gave them (the ids the job would mint: mapping/property-id.ts), so content, the `properties` destination
 * and a later search know each id at once; the job's own content, where it has some, is never overwritten,
 * and its next run keeps these ids (it votes for the ids refs hold).
 */
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import type { SupplierRef } from '../domain/property/supplier-ref.js';
import type { SupplierOffer, SupplierPropertyContent } from '../suppliers/port.js';
import type { OfferMerger, ShownAccumulated } from './offer-merger.js';
import type { SearchDeps } from './search-ports.js';

export async function rememberOnTheFly(
  merger: Pick<OfferMerger, 'matchedOnTheFly'>,
  shown: readonly ShownAccumulated[],
  deps: Pick<SearchDeps, 'rememberProperties'>,
): Promise<void> {
  const { minted, joined } = merger.matchedOnTheFly();
  if (minted.size === 0 && joined.length === 0) return;
  const answered = new Set(shown.map((property) => property.propertyId));
  // Loaded only when a search matched on the fly (the time-zone lookup is large): most searches never do.
  const { unifyProperty } = await import('./mapping/unify-property.js');
  const properties: UnifiedProperty[] = [];
  for (const [propertyId, offers] of minted)
    if (answered.has(propertyId)) properties.push(unifyProperty(propertyId, offers.map(asContent)));
  const refs: { ref: SupplierRef; propertyId: string }[] = joined
    .filter(({ propertyId }) => answered.has(propertyId))
    .map(({ offer, propertyId }) => ({ ref: { supplierId: offer.supplierId, supplierPropertyId: offer.supplierPropertyId }, propertyId }));
  if (properties.length > 0 || refs.length > 0) await deps.rememberProperties(properties, refs);
}

/** What an offer says of its property: its name, stars, position and address; no descriptive content. */
function asContent(offer: SupplierOffer): SupplierPropertyContent {
  return {
    supplierId: offer.supplierId,
    supplierPropertyId: offer.supplierPropertyId,
    name: offer.name,
    ...(offer.stars !== undefined ? { stars: offer.stars } : {}),
    ...(offer.geo ? { geo: offer.geo } : {}),
    ...(offer.address ? { address: offer.address } : {}),
    amenities: [],
    images: [],
    roomTypes: [],
  };
}
