/**
 * Where a supplier property's lines go (run-lines.ts): its partition and the neighbours' whose halo it is
 * in, the key bucket of its ref (token counts) and of each blocking key.
 */
import { createHash } from 'node:crypto';
import { refKey } from '../../../domain/property/supplier-ref.js';
import type { SupplierPropertyContent } from '../../../suppliers/port.js';
import { blockingKeys, geoCell } from '../candidate-pairs.js';
import { matchProfile, type MatchInput } from '../match-profile.js';
import { bucketOf, haloCells, homeCell, keyBucketOf, type PartitionLayout } from './partition-layout.js';
import type { GeoLine, KeyLine, RefLine } from './run-lines.js';

export interface RoutedProperty {
  readonly ref: string;
  readonly tokens: readonly string[];
  readonly geo: readonly (readonly [bucket: number, line: GeoLine])[];
  readonly refLine: readonly [keyBucket: number, line: RefLine];
  readonly keys: readonly (readonly [keyBucket: number, line: KeyLine])[];
}

export function routeProperty(layout: PartitionLayout, content: SupplierPropertyContent): RoutedProperty {
  const profile = matchProfile(content);
  const ref = refKey(content);
  const cell9 = content.geo ? geoCell(content) : undefined;
  const home = homeCellOf(layout, content, cell9);
  const homeBucket = bucketOf(layout, home);
  const halo = [...new Set(haloCells(layout, cell9, home).map((cell) => bucketOf(layout, cell)))]
    .filter((b) => b !== homeBucket)
    .sort((a, b) => a - b);
  const hash = contentHash(content);
  const match = matchInputOf(content);
  const geo: [number, GeoLine][] = [
    [homeBucket, { r: ref, o: 1, p: content, x: hash }],
    ...halo.map((bucket): [number, GeoLine] => [bucket, { r: ref, o: 0, p: match, x: hash }]),
  ];
  const loaded = [homeBucket, ...halo];
  return {
    ref,
    tokens: profile.nameTokens,
    geo,
    refLine: [keyBucketOf(layout, ref), { r: ref, n: profile.nameTokens }],
    keys: blockingKeys(profile).map((key) => [keyBucketOf(layout, key), { k: key, r: ref, b: homeBucket, l: loaded, m: match }]),
  };
}

/** The partition a property lives in. */
export function homeBucketOf(layout: PartitionLayout, property: MatchInput): number {
  return bucketOf(layout, homeCellOf(layout, property, property.geo ? geoCell(property) : undefined));
}

function homeCellOf(layout: PartitionLayout, property: MatchInput, cell9: string | undefined): string {
  return homeCell(layout, cell9, {
    ...(property.cityCode ? { cityCode: property.cityCode } : {}),
    ...(property.address?.countryCode ? { countryCode: property.address.countryCode } : {}),
  });
}

/** What the matcher reads of a property, nothing more: the halo and key lines carry only this. */
export function matchInputOf(content: SupplierPropertyContent): MatchInput {
  return {
    supplierId: content.supplierId,
    supplierPropertyId: content.supplierPropertyId,
    name: content.name,
    ...(content.stars !== undefined ? { stars: content.stars } : {}),
    ...(content.geo ? { geo: content.geo } : {}),
    ...(content.address ? { address: content.address } : {}),
    ...(content.cityCode ? { cityCode: content.cityCode } : {}),
    ...(content.phone ? { phone: content.phone } : {}),
    ...(content.email ? { email: content.email } : {}),
  };
}

/** The content as the supplier gave it, its change date aside: equal hashes, nothing to redo. */
export function contentHash(content: SupplierPropertyContent): string {
  const { changedAt: _changedAt, ...rest } = content;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 22);
}
