/**
 * Seeded pseudo-random numbers for the sandbox world. mulberry32 is tiny, fast and good enough for
 * synthetic data; what matters is that the same seed yields the same sequence on every machine (only
 * 32-bit integer operations, no platform maths).
 *
 * Sub-streams are derived by hashing a label with the seed (`Rng.derive`), so each city, hotel or
 * supplier view draws from its own stream: adding a city or a field does not reshuffle everything else.
 */

/** FNV-1a over UTF-16 code units, 32-bit: a stable hash for deriving seeds and stable ids. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32) so that similar labels give unrelated seeds.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A uniform number in [0, 1) from a label: for one-off decisions that must not depend on draw order. */
export function unitFromLabel(label: string): number {
  return hash32(label) / 4294967296;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream for a label, e.g. `Rng.derive(seed, 'city', 'PAR')`. */
  static derive(seed: number, ...labels: readonly (string | number)[]): Rng {
    return new Rng(hash32(`${seed}|${labels.join('|')}`));
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Index drawn in proportion to the weights. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      target -= weights[i] ?? 0;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  /** `count` distinct items, order as drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      out.push(pool.splice(index, 1)[0] as T);
    }
    return out;
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }
}
