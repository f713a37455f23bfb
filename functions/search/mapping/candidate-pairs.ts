/**
 * Blocking: which pairs of supplier properties are worth scoring at all. Scoring every pair of a city
 * (millions in London) is wasteful, so pairs come from shared blocks:
 *
 * - the geographic cell: H3 hexagons (resolution 9, ~0.1 km²) with their rings of neighbours up to
 *   GEO_RING, so that two coordinates on either side of a cell border still meet. Coordinates of one
 *   hotel at two suppliers are usually within ~300 m of each other; the ring reaches at least ~600 m.
 * - the phone number, the street address (city, street, number) and the name (city, distinguishing
 *   tokens): a supplier whose coordinates are kilometres off (a wrong geocode) still shares these.
 *
 * Only pairs across suppliers are produced: a supplier does not list one hotel twice.
 */
import { gridDisk, latLngToCell } from 'h3-js';
import type { MatchProfile } from './match-profile.js';

export const GEO_RESOLUTION = 9;
export const GEO_RING = 2;
/** A key shared by more properties than this (a common name, a call-centre phone) is no evidence of place. */
const MAX_KEY_BLOCK = 12;

/** Pairs as [i, j] indexes into `profiles`, i < j, each once, in a deterministic order. */
export function candidatePairs(profiles: readonly MatchProfile[]): Array<readonly [number, number]> {
  const seen = new Set<number>();
  const pairs: Array<readonly [number, number]> = [];
  const add = (i: number, j: number): void => {
    if (i === j || profiles[i]!.supplierId === profiles[j]!.supplierId) return;
    const [low, high] = i < j ? [i, j] : [j, i];
    const key = low * profiles.length + high;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push([low, high]);
  };

  const byCell = new Map<string, number[]>();
  const cellOf: (string | undefined)[] = profiles.map((profile, index) => {
    if (!profile.geo) return undefined;
    const cell = latLngToCell(profile.geo.lat, profile.geo.lng, GEO_RESOLUTION);
    const members = byCell.get(cell);
    if (members) members.push(index);
    else byCell.set(cell, [index]);
    return cell;
  });
  cellOf.forEach((cell, index) => {
    if (!cell) return;
    for (const near of gridDisk(cell, GEO_RING)) {
      for (const other of byCell.get(near) ?? []) if (other > index) add(index, other);
    }
  });

  const keyBlocks = new Map<string, number[]>();
  profiles.forEach((profile, index) => {
    for (const key of blockingKeys(profile)) {
      const members = keyBlocks.get(key);
      if (members) members.push(index);
      else keyBlocks.set(key, [index]);
    }
  });
  for (const members of keyBlocks.values()) {
    if (members.length < 2 || members.length > MAX_KEY_BLOCK) continue;
    for (let a = 0; a < members.length; a += 1) for (let b = a + 1; b < members.length; b += 1) add(members[a]!, members[b]!);
  }
  return pairs;
}

function blockingKeys(profile: MatchProfile): string[] {
  const keys: string[] = [];
  const place = profile.cityCode ?? profile.address.postalCode ?? '';
  if (profile.phone) keys.push(`phone|${profile.phone.e164.slice(-8)}`);
  // The street's core and the first number: "18 Av. Montaigne" and "Avenue Montaigne, 18-20" meet.
  if (profile.address.core && profile.address.number) keys.push(`address|${place}|${profile.address.core}|${profile.address.number.from}`);
  if (profile.nameTokens.length > 0) keys.push(`name|${place}|${[...profile.nameTokens].sort().join(' ')}`);
  return keys;
}
