/**
 * On-the-fly matching for search: a supplier offer whose ref is not in the map yet (a property the
 * supplier added since the last mapping job) is compared with the stored properties near it, with the
 * same scoring as the job. It joins the best one that clears the threshold and has no property of that
 * supplier yet (at most one per supplier); otherwise it gets the id the job would mint for it alone, so
 * the next job run keeps that id if it stays alone (property-id.ts). A `SupplierOffer` is a `MatchInput`.
 */
import type { PropertyMatchCandidate } from '../../domain/property/property-map.js';
import { LINK_FLOOR } from './clustering.js';
import { matchProfile, type MatchInput } from './match-profile.js';
import { MATCH_THRESHOLD, scorePair } from './pair-score.js';
import { mintPropertyId } from './property-id.js';
import { inverseDocumentFrequency } from './token-weights.js';

/** How far around an unmapped offer search should look for candidates (a wrong geocode is ~5 km off at most). */
export const ON_THE_FLY_RADIUS_METRES = 1500;

export type UnmappedMatch =
  | { readonly matched: true; readonly propertyId: string; readonly score: number }
  | { readonly matched: false; readonly propertyId: string };

export function matchUnmapped(offer: MatchInput, candidates: readonly PropertyMatchCandidate[]): UnmappedMatch {
  const profile = matchProfile(offer);
  const memberProfiles = candidates.map((candidate) => candidate.members.map(matchProfile));
  const weight = inverseDocumentFrequency([profile.nameTokens, ...memberProfiles.flat().map((p) => p.nameTokens)]);
  let best: { propertyId: string; score: number } | undefined;
  candidates.forEach((candidate, index) => {
    if (candidate.supplierRefs.some((ref) => ref.supplierId === offer.supplierId)) {
      return; // that supplier already has its property in this one; a supplier lists a hotel once
    }
    const scores = memberProfiles[index]!.map((member) => scorePair(profile, member, weight).score);
    if (scores.length === 0 || scores.some((score) => score < LINK_FLOOR)) return;
    const score = Math.max(...scores);
    if (score >= MATCH_THRESHOLD && (!best || score > best.score || (score === best.score && candidate.propertyId < best.propertyId))) {
      best = { propertyId: candidate.propertyId, score };
    }
  });
  return best ? { matched: true, ...best } : { matched: false, propertyId: mintPropertyId(offer) };
}
