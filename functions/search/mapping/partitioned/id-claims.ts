/**
 * Which clusters of a run may contend for an id, found without holding the map: the settle step's way to give
 * every cluster its id by the rule of property-id.ts while it reads the partitions one at a time.
 *
 * Under that rule a cluster only ever takes one of its candidates: an id its members carry, the id minted from
 * one of its refs, or (when all of those are taken) one minted from its first ref with a counter. A cluster
 * none of whose candidates any other cluster (or a reserved id) shares takes what it would take alone, in any
 * order; only clusters that share a candidate depend on the order in which clusters claim. So each cluster's
 * candidates are noted as 64-bit numbers in typed arrays (8 bytes each, with 4 for the cluster's partition: a
 * few tens of MB for millions of properties), sorted, and a number seen twice marks its id contested. A number
 * two different ids share (one in 2^64 for a pair) only marks their clusters contested too, which costs
 * nothing: contested clusters are given their ids by the rule itself, in its order. The partitions whose
 * clusters named a contested id are the only ones the settle reads again for them.
 */
import { createHash } from 'node:crypto';
import { compareRefs, refKey, type SupplierRef } from '../../../domain/property/supplier-ref.js';
import { mintPropertyId } from '../property-id.js';

/** Counter-minted ids considered candidates: past these, the rule's counter is only reached by contested clusters. */
const COUNTER_CANDIDATES = 2;

/** Every id a cluster could take under the rule of property-id.ts, given the ids its members carry. */
export function candidateIds(members: readonly SupplierRef[], previous: (ref: string) => string | undefined): Set<string> {
  const sorted = [...members].sort(compareRefs);
  const ids = new Set<string>();
  for (const member of sorted) {
    const kept = previous(refKey(member));
    if (kept) ids.add(kept);
    ids.add(mintPropertyId(member));
  }
  for (let attempt = 1; attempt <= COUNTER_CANDIDATES; attempt += 1) ids.add(mintPropertyId(sorted[0]!, attempt));
  return ids;
}

const MINTED = /^prop_[0-9a-f]{16}/;

/** An id as a 64-bit number: a minted id's first 16 hex digits, any other id's SHA-256. */
export function idNumber(id: string): bigint {
  if (MINTED.test(id)) return BigInt(`0x${id.slice(5, 21)}`);
  return createHash('sha256').update(id).digest().readBigUInt64BE(0);
}

const CHUNK = 1 << 20;
/** The group of claims made without one. */
const NO_GROUP = 0xffff_ffff;

/**
 * The candidates of every cluster noted so far, then the contested ones among them, and the groups (the
 * settle's partitions) whose clusters named one: only those can hold a contested cluster.
 */
export class IdClaims {
  private readonly chunks: BigUint64Array[] = [];
  private readonly groupChunks: Uint32Array[] = [];
  private filled = CHUNK;
  private contested: BigUint64Array | undefined;
  private contestedIn: Set<number> | undefined;
  private readonly reserved = new Set<bigint>();

  /** One cluster's candidates (each once), and the group it belongs to. */
  claim(ids: Iterable<string>, group = NO_GROUP): void {
    for (const id of ids) {
      if (this.filled === CHUNK) {
        this.chunks.push(new BigUint64Array(CHUNK));
        this.groupChunks.push(new Uint32Array(CHUNK));
        this.filled = 0;
      }
      this.groupChunks.at(-1)![this.filled] = group;
      this.chunks.at(-1)![this.filled++] = idNumber(id);
    }
  }

  /** An id no cluster may take (a failed partition's, kept for it): contested by whoever names it. */
  reserve(id: string): void {
    this.reserved.add(idNumber(id));
  }

  /** Done claiming: the ids claimed twice, and the reserved ones, are contested. */
  settle(): void {
    const count = this.chunks.length === 0 ? 0 : (this.chunks.length - 1) * CHUNK + this.filled;
    const all = new BigUint64Array(count);
    this.chunks.forEach((chunk, index) =>
      all.set(index === this.chunks.length - 1 ? chunk.subarray(0, this.filled) : chunk, index * CHUNK),
    );
    all.sort();
    const twice: bigint[] = [...this.reserved];
    for (let i = 1; i < all.length; i += 1) if (all[i] === all[i - 1] && (i === 1 || all[i] !== all[i - 2])) twice.push(all[i]!);
    this.contested = BigUint64Array.from(twice).sort();
    // The groups that named a contested id, from the claims in the order they were made.
    this.contestedIn = new Set();
    if (this.contested.length > 0)
      this.chunks.forEach((chunk, index) => {
        const groups = this.groupChunks[index]!;
        const end = index === this.chunks.length - 1 ? this.filled : CHUNK;
        for (let i = 0; i < end; i += 1) if (this.isContested(chunk[i]!)) this.contestedIn!.add(groups[i]!);
      });
    this.chunks.length = 0;
    this.groupChunks.length = 0;
  }

  /** Whether a group's clusters named any contested id (after settle): only then can one of them be contested. */
  groupContested(group: number): boolean {
    if (!this.contestedIn) throw new Error('IdClaims: settle() before asking what is contested');
    return this.contestedIn.has(group);
  }

  /** The number of contested ids (after settle). */
  get contestedIds(): number {
    return this.contestedList().length;
  }

  /** Whether any of these ids is contested (after settle). */
  anyContested(ids: Iterable<string>): boolean {
    for (const id of ids) if (this.isContested(idNumber(id))) return true;
    return false;
  }

  private isContested(value: bigint): boolean {
    const contested = this.contestedList();
    let low = 0;
    let high = contested.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = contested[middle]!;
      if (at === value) return true;
      if (at < value) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  private contestedList(): BigUint64Array {
    if (!this.contested) throw new Error('IdClaims: settle() before asking what is contested');
    return this.contested;
  }
}
