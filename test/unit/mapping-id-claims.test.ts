/**
 * The settle step gives a cluster none of whose candidate ids another cluster names the id it would take
 * alone (id-claims.ts): checked against property-id.ts's rule over every cluster at once, on clusters that
 * split and merge the last run's properties, ids kept for a failed partition included.
 */
import { describe, expect, it } from 'vitest';
import { refKey, type SupplierRef } from '../../functions/domain/property/supplier-ref.js';
import { candidateIds, IdClaims, idNumber } from '../../functions/search/mapping/partitioned/id-claims.js';
import { assignPropertyIds, mintPropertyId } from '../../functions/search/mapping/property-id.js';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('contested ids', () => {
  it('leave every uncontested cluster the id the rule over all clusters gives it', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const next = random(seed);
      const suppliers = ['expedia', 'hotelbeds', 'opentravel'];
      const refs: SupplierRef[] = Array.from({ length: 600 }, (_, i) => ({
        supplierId: suppliers[i % 3]!,
        supplierPropertyId: String(1_000 + i),
      }));
      // The last run's clusters: ids minted from their first refs; a few refs never mapped.
      const previous = new Map<string, string>();
      for (let i = 0; i < refs.length; i += 3) {
        const id = mintPropertyId(refs[i]!);
        for (const ref of refs.slice(i, i + 3)) if (next() > 0.1) previous.set(refKey(ref), id);
      }
      // This run's clusters: most as they were, the rest split and merged across the last run's.
      const clusters: SupplierRef[][] = [];
      const pool: SupplierRef[] = [];
      for (let i = 0; i < refs.length; i += 3) {
        if (next() < 0.85) clusters.push(refs.slice(i, i + 3));
        else pool.push(...refs.slice(i, i + 3));
      }
      pool.sort(() => next() - 0.5);
      for (let i = 0; i < pool.length; ) {
        const size = 1 + Math.floor(next() * 3);
        clusters.push(pool.slice(i, i + size));
        i += size;
      }
      const reserved = new Set(next() < 0.5 ? [mintPropertyId(refs[0]!)] : []);

      const everything = assignPropertyIds(clusters, previous, reserved);
      // Clusters in groups of ten, as the settle claims them partition by partition.
      const groupOf = (index: number) => Math.floor(index / 10);
      const claims = new IdClaims();
      clusters.forEach((cluster, index) =>
        claims.claim(
          candidateIds(cluster, (ref) => previous.get(ref)),
          groupOf(index),
        ),
      );
      for (const id of reserved) claims.reserve(id);
      claims.settle();
      let uncontested = 0;
      const groupsWithContested = new Set<number>();
      clusters.forEach((cluster, index) => {
        if (claims.anyContested(candidateIds(cluster, (ref) => previous.get(ref)))) {
          groupsWithContested.add(groupOf(index));
          return;
        }
        uncontested += 1;
        expect(assignPropertyIds([cluster], previous)[0], `seed ${seed}, cluster ${index}`).toBe(everything[index]);
      });
      expect(uncontested).toBeGreaterThan(0);
      expect(claims.contestedIds).toBeGreaterThan(0);
      // The groups read again are exactly those holding a contested cluster.
      for (let group = 0; group <= groupOf(clusters.length - 1); group += 1)
        expect(claims.groupContested(group), `seed ${seed}, group ${group}`).toBe(groupsWithContested.has(group));
    }
  });

  it('flags no group when no id is contested', () => {
    const claims = new IdClaims();
    claims.claim(
      candidateIds([{ supplierId: 'expedia', supplierPropertyId: '1' }], () => undefined),
      0,
    );
    claims.claim(
      candidateIds([{ supplierId: 'hotelbeds', supplierPropertyId: '1' }], () => undefined),
      1,
    );
    claims.settle();
    expect(claims.contestedIds).toBe(0);
    expect(claims.groupContested(0) || claims.groupContested(1)).toBe(false);
  });

  it('reads a minted id as its first 64 bits, any other id by its hash', () => {
    expect(idNumber('prop_0123456789abcdef0123')).toBe(0x0123456789abcdefn);
    expect(idNumber('legacy-id')).not.toBe(idNumber('legacy-id2'));
  });
});
