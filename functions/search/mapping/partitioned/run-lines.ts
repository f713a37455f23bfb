/**
 * The lines the partitioned job keeps of each supplier property, and how a run's reads are laid over the
 * state the last run left (a full read of a supplier replaces all it had; a read of its changes replaces
 * the properties it names).
 *
 * - GeoLine, in the partition (bucket) files: the property at home (its whole content) or in a neighbour's
 *   halo (what the matcher reads).
 * - RefLine, in the key bucket of its ref: its name tokens, which the token weights count.
 * - KeyLine, in the key bucket of each of its blocking keys: where it lives and what the matcher reads, so
 *   a key block reaching across partitions can bring its members to each.
 *
 * Lines are our own files written by this job; they are checked for their shape as they are read (a
 * property's content is the adapters' parsed output, written back as it was read).
 */
import type { SupplierPropertyContent } from '../../../suppliers/port.js';
import type { MatchInput } from '../match-profile.js';
import type { ReadMode, RunPlan } from './run-plan.js';

export interface GeoLine {
  readonly r: string;
  /** 1: at home in this partition (p is its whole content); 0: a neighbour's (p is what the matcher reads). */
  readonly o: 0 | 1;
  readonly p: SupplierPropertyContent | MatchInput;
  /** Hash of the content as the supplier gave it. */
  readonly x: string;
}

export interface RefLine {
  readonly r: string;
  readonly n: readonly string[];
}

export interface KeyLine {
  readonly k: string;
  readonly r: string;
  /** Its home partition. */
  readonly b: number;
  /** Every partition that holds it (home and halo). */
  readonly l: readonly number[];
  readonly m: MatchInput;
}

export type KeyBucketLine = RefLine | KeyLine;

export const isKeyLine = (line: KeyBucketLine): line is KeyLine => 'k' in line;

export const supplierOfRef = (ref: string): string => ref.slice(0, ref.indexOf(':'));

/** One run's reads as they apply to a partition or key bucket. */
export interface RunDelta<L> {
  readonly modes: Readonly<Record<string, ReadMode>>;
  /** Refs a `changes` read named (their earlier lines go). */
  readonly changed: ReadonlySet<string>;
  readonly lines: readonly L[];
}

export function deltaOf<L>(plan: RunPlan, changed: ReadonlySet<string>, lines: readonly L[]): RunDelta<L> {
  return { modes: Object.fromEntries(Object.entries(plan.suppliers).map(([id, s]) => [id, s.mode])), changed, lines };
}

/**
 * The state's lines with the runs' reads laid over them, in order. `identity` says which lines are one
 * (a later one replaces an earlier); the result is sorted by it, so equal content gives equal files.
 */
export function mergeLines<L extends { readonly r: string }>(
  state: readonly L[],
  deltas: readonly RunDelta<L>[],
  identity: (line: L) => string,
): L[] {
  let lines: readonly L[] = state;
  for (const delta of deltas) {
    const kept = lines.filter((line) => {
      const mode = delta.modes[supplierOfRef(line.r)];
      if (mode === undefined || mode === 'full' || mode === 'drop') return false;
      return !(mode === 'changes' && delta.changed.has(line.r));
    });
    lines = [...kept, ...delta.lines];
  }
  const byIdentity = new Map<string, L>();
  for (const line of lines) byIdentity.set(identity(line), line);
  return [...byIdentity.entries()].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)).map(([, line]) => line);
}

export const geoIdentity = (line: GeoLine): string => line.r;
export const keyBucketIdentity = (line: KeyBucketLine): string => (isKeyLine(line) ? `${line.r}\n${line.k}` : line.r);

/** A shape check of our own lines as they are read back: enough that a wrong file fails here, named. */
export function asGeoLines(lines: readonly unknown[], where: string): GeoLine[] {
  for (const line of lines) {
    const l = line as Partial<GeoLine>;
    if (typeof l?.r !== 'string' || (l.o !== 0 && l.o !== 1) || typeof l.p !== 'object' || typeof l.x !== 'string')
      throw new Error(`${where}: not a partition line`);
  }
  return lines as GeoLine[];
}

export function asKeyBucketLines(lines: readonly unknown[], where: string): KeyBucketLine[] {
  for (const line of lines) {
    const l = line as Partial<KeyLine & RefLine>;
    const ok =
      typeof l?.r === 'string' &&
      (Array.isArray(l.n) || (typeof l.k === 'string' && typeof l.b === 'number' && Array.isArray(l.l) && typeof l.m === 'object'));
    if (!ok) throw new Error(`${where}: not a key bucket line`);
  }
  return lines as KeyBucketLine[];
}
