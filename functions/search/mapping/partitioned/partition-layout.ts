/**
 * Where a supplier property goes in the partitioned mapping job.
 *
 * Its home is the H3 cell at the layout's coarse resolution (5: ~250 km², ~9 km across) that contains its
 * resolution-9 blocking cell; a property without a position is at home in its city (or country). Its halo
 * is every other coarse cell within blocking reach (GEO_RING cells at resolution 9, ~600 m): a partition
 * holds its own properties and the halos that reach into it, so every position pair with one of its own
 * properties is there to be scored, whichever side of a border the other lies.
 *
 * Partitions are buckets of coarse cells (a hash of the cell's index, so a dense city does not land with
 * its neighbours): the unit one function matches. Key blocks (phone, address, name) and token counts are
 * spread over key buckets the same way, city destination indexes over destination buckets.
 */
import { cellToParent, gridDisk } from 'h3-js';
import { GEO_RING } from '../candidate-pairs.js';

export interface PartitionLayout {
  /** H3 resolution of a home cell. */
  readonly resolution: number;
  /** Partitions (geo buckets). */
  readonly buckets: number;
  /** Key buckets: key blocks and token counts. */
  readonly keyBuckets: number;
  /** Destination buckets: the cities' indexes. */
  readonly destinationBuckets: number;
}

export const DEFAULT_RESOLUTION = 5;

/** About this many supplier properties a partition: one function matches that in seconds, in a few hundred MB. */
export const PROPERTIES_PER_PARTITION = 8_000;

/** A layout for a catalogue of about `properties` supplier properties. */
export function layoutFor(properties: number, resolution = DEFAULT_RESOLUTION): PartitionLayout {
  const buckets = powerOfTwoAtLeast(Math.ceil(properties / PROPERTIES_PER_PARTITION), 4, 1024);
  return {
    resolution,
    buckets,
    keyBuckets: Math.min(64, Math.max(4, buckets / 8)),
    destinationBuckets: Math.min(64, Math.max(2, buckets / 16)),
  };
}

function powerOfTwoAtLeast(value: number, min: number, max: number): number {
  let out = min;
  while (out < value && out < max) out *= 2;
  return out;
}

/** The home cell of a property: from its resolution-9 cell, or its city / country when it has no position. */
export function homeCell(layout: PartitionLayout, cell9: string | undefined, place: { cityCode?: string; countryCode?: string }): string {
  if (cell9) return cellToParent(cell9, layout.resolution);
  return `place:${place.cityCode ?? place.countryCode ?? '-'}`;
}

/** The other home cells whose properties a property at `cell9` may be paired with by position. */
export function haloCells(layout: PartitionLayout, cell9: string | undefined, home: string): string[] {
  if (!cell9) return [];
  const cells = new Set<string>();
  for (const near of gridDisk(cell9, GEO_RING)) {
    const parent = cellToParent(near, layout.resolution);
    if (parent !== home) cells.add(parent);
  }
  return [...cells];
}

export const bucketOf = (layout: PartitionLayout, cell: string): number => hash32(cell) % layout.buckets;
export const keyBucketOf = (layout: PartitionLayout, key: string): number => hash32(key) % layout.keyBuckets;
export const destinationBucketOf = (layout: PartitionLayout, cityCode: string): number => hash32(cityCode) % layout.destinationBuckets;

/** FNV-1a, 32 bits: spreads cell indexes and keys evenly, the same in every process. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A bucket's name in object keys and in the workflow's items: fixed width so they sort. */
export const bucketName = (bucket: number): string => `p${String(bucket).padStart(4, '0')}`;
