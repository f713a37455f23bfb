/**
 * Search's matching stage for offers the destination index does not know: each gets the unified propertyId
 * the mapping job would give it (functions/search/mapping/).
 */
import type { PropertyMapStore } from '../domain/property/property-map.js';
import { compareRefs } from '../domain/property/supplier-ref.js';
import type { SupplierOffer } from '../suppliers/port.js';
import type { DestinationEntry } from './mapping/destination-index.js';
import { mintPropertyId } from './mapping/property-id.js';
import { RefMap } from './ref-map.js';

/**
 * The matcher (transliteration tables, edit distance, H3 blocking) is loaded at the first offer the index
 * does not know, not at a cold start: once the mapping job has run, most searches never need it.
 */
const matcher = () => Promise.all([import('./mapping/match-unmapped.js'), import('./mapping/match-properties.js')]);

/** Stored properties near a point, for offers the index does not know (the property map's propertiesNear). */
export type PropertiesNear = PropertyMapStore['propertiesNear'];

/** Beyond this many offers the mapping job has not seen, they are matched among themselves in memory. */
const NEARBY_LOOKUPS_MAX = 25;

/** Every offer's id, and the ids matching minted (no stored property carries them yet). */
export interface ResolvedPropertyIds {
  readonly ids: RefMap<string>;
  readonly minted: ReadonlySet<string>;
}

/**
 * Every offer's unified propertyId: from the destination index when the mapping job knows its ref; a few
 * unknown ones are matched against the stored properties near them; many unknown ones (a catalogue the job
 * has not read yet) are clustered among themselves with the job's own matcher, so the same hotel from
 * two suppliers still appears once, under the id the job would give it.
 */
export async function resolvePropertyIds(
  offers: readonly SupplierOffer[],
  known: RefMap<DestinationEntry>,
  propertiesNear: PropertiesNear,
): Promise<ResolvedPropertyIds> {
  const ids = new RefMap<string>();
  const minted = new Set<string>();
  const unknown: SupplierOffer[] = [];
  for (const offer of offers) {
    const entry = known.get(offer);
    if (entry) ids.set(offer, entry.propertyId);
    else unknown.push(offer);
  }
  if (unknown.length === 0) return { ids, minted };
  const [{ matchUnmapped, ON_THE_FLY_RADIUS_METRES }, { matchProperties }] = await matcher();
  if (unknown.length <= NEARBY_LOOKUPS_MAX) {
    await Promise.all(
      unknown.map(async (offer) => {
        const candidates = offer.geo ? await propertiesNear(offer.geo, ON_THE_FLY_RADIUS_METRES) : [];
        const match = matchUnmapped(offer, candidates);
        ids.set(offer, match.propertyId);
        if (!match.matched) minted.add(match.propertyId);
      }),
    );
    return { ids, minted };
  }
  for (const cluster of matchProperties(unknown).clusters) {
    const propertyId = mintPropertyId([...cluster].sort(compareRefs)[0]!);
    minted.add(propertyId);
    for (const offer of cluster) ids.set(offer, propertyId);
  }
  return { ids, minted };
}
