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
 *
 * The partitioned job (partitioned/) computes the same pairs a partition at a time: it passes which
 * properties are the partition's own (`isHome`: only pairs with one of them are its to score) and the
 * size of each key block over the whole catalogue (a block's size decides whether it counts at all).
 */
import { gridDisk, latLngToCell } from 'h3-js';
import type { MatchProfile } from './match-profile.js';

export const GEO_RESOLUTION = 9;
export const GEO_RING = 2;
/** A key shared by more properties than this (a common name, a call-centre phone) is no evidence of place. */
export const MAX_KEY_BLOCK = 12;

/** One partition's share of the blocking (absent: the whole catalogue is at hand). */
export interface PartitionBlocking {
  /** The partition's own properties: a pair is produced only if one of its two is. */
  readonly isHome: (index: number) => boolean;
  /** How many properties of the whole catalogue carry the key; undefined: as many as carry it here. */
  readonly keyBlockSize: (key: string) => number | undefined;
}

const everything: PartitionBlocking = { isHome: () => true, keyBlockSize: () => undefined };

/** Pairs as [i, j] indexes into `profiles`, i < j, each once, in a deterministic order. */
export function candidatePairs(
  profiles: readonly MatchProfile[],
  partition: PartitionBlocking = everything,
): Array<readonly [number, number]> {
  const seen = new Set<number>();
  const pairs: Array<readonly [number, number]> = [];
  const add = (i: number, j: number): void => {
    if (i === j || profiles[i]!.supplierId === profiles[j]!.supplierId) return;
    if (!partition.isHome(i) && !partition.isHome(j)) return;
    const [low, high] = i < j ? [i, j] : [j, i];
    const key = low * profiles.length + high;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push([low, high]);
  };

  const byCell = new Map<string, number[]>();
  const cellOf: (string | undefined)[] = profiles.map((profile, index) => {
    if (!profile.geo) return undefined;
    const cell = geoCell(profile);
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
  for (const [key, members] of keyBlocks) {
    const size = partition.keyBlockSize(key) ?? members.length;
    if (size < 2 || size > MAX_KEY_BLOCK) continue;
    for (let a = 0; a < members.length; a += 1) for (let b = a + 1; b < members.length; b += 1) add(members[a]!, members[b]!);
  }
  return pairs;
}

/** The resolution-9 cell of a property's position (blocking's unit of place). */
export function geoCell(profile: Pick<MatchProfile, 'geo'>): string {
  return latLngToCell(profile.geo!.lat, profile.geo!.lng, GEO_RESOLUTION);
}

/** The keys a property shares a block through besides its position. */
export function blockingKeys(profile: MatchProfile): string[] {
  const keys: string[] = [];
  const place = profile.cityCode ?? profile.address.postalCode ?? '';
  if (profile.phone) keys.push(`phone|${profile.phone.e164.slice(-8)}`);
  // The street's core and the first number: "18 Av. Montaigne" and "Avenue Montaigne, 18-20" meet.
  if (profile.address.core && profile.address.number) keys.push(`address|${place}|${profile.address.core}|${profile.address.number.from}`);
  if (profile.nameTokens.length > 0) keys.push(`name|${place}|${[...profile.nameTokens].sort().join(' ')}`);
  return keys;
}
