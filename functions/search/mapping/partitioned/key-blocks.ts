/**
 * A key bucket's blocks (properties sharing a phone, a street address or a name in one place) as each
 * partition needs them. A block whose members all live in one partition is that partition's own: it counts
 * the members itself. A block reaching across partitions is told to each partition with a member: its size
 * over the whole catalogue (whether the block counts at all), and, when it counts, the members that
 * partition does not hold, as guests, so every pair the block makes with its own properties is scored there.
 */
import { refKey } from '../../../domain/property/supplier-ref.js';
import { MAX_KEY_BLOCK } from '../candidate-pairs.js';
import type { MatchInput } from '../match-profile.js';
import type { KeyLine } from './run-lines.js';

export interface PartitionMessages {
  /** Blocks reaching across partitions that have a member here: [key, size over the whole catalogue]. */
  readonly sizes: (readonly [string, number])[];
  /** Members of those blocks (the ones that count) that this partition does not hold. */
  readonly guests: MatchInput[];
}

export function keyBlockMessages(lines: readonly KeyLine[]): Map<number, PartitionMessages> {
  const blocks = new Map<string, KeyLine[]>();
  for (const line of lines) {
    const members = blocks.get(line.k);
    if (members) members.push(line);
    else blocks.set(line.k, [line]);
  }
  const messages = new Map<number, { sizes: [string, number][]; guests: Map<string, MatchInput> }>();
  for (const [key, members] of blocks) {
    if (members.length < 2) continue;
    const homes = new Set(members.map((member) => member.b));
    if (homes.size < 2) continue;
    for (const home of homes) {
      const message = messages.get(home) ?? { sizes: [], guests: new Map<string, MatchInput>() };
      message.sizes.push([key, members.length]);
      if (members.length <= MAX_KEY_BLOCK) {
        for (const member of members) if (!member.l.includes(home)) message.guests.set(refKey(member.m), member.m);
      }
      messages.set(home, message);
    }
  }
  return new Map(
    [...messages].map(([bucket, message]) => [
      bucket,
      {
        sizes: message.sizes.sort((x, y) => (x[0] < y[0] ? -1 : 1)),
        guests: [...message.guests.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([, m]) => m),
      },
    ]),
  );
}
