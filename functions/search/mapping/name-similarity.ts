/**
 * Similarity of two normalised names as weighted token overlap, independent of word order. Tokens match
 * exactly, or nearly (one or two edits on a long word: transliteration variants such as "akropolis" /
 * "acropolis", a remaining typo). Containment counts a name that is the other plus extra words (a district
 * appended, "Hilton" dropped from "DoubleTree by Hilton") as close; Dice penalises the extra words a bit.
 */
import { distance } from 'fastest-levenshtein';
import { uniformTokenWeight, type TokenWeight } from './token-weights.js';

export interface NameSimilarity {
  /** Matched weight over the lighter name's weight, 0..1. */
  readonly containment: number;
  /** Matched weight over the mean of both names' weights, 0..1. */
  readonly dice: number;
}

const NEAR_MATCH_MIN_LENGTH = 5;
const NEAR_MATCH_MIN_RATIO = 0.8;

/** undefined when either name has no distinguishing tokens left (nothing to compare). */
export function nameSimilarity(
  a: readonly string[],
  b: readonly string[],
  weight: TokenWeight = uniformTokenWeight,
): NameSimilarity | undefined {
  if (a.length === 0 || b.length === 0) return undefined;
  const unused = [...b];
  let matched = 0;
  for (const token of a) {
    let bestIndex = -1;
    let best = 0;
    for (let i = 0; i < unused.length; i += 1) {
      const similarity = tokenSimilarity(token, unused[i]!);
      if (similarity > best) {
        best = similarity;
        bestIndex = i;
        if (similarity === 1) break;
      }
    }
    if (bestIndex >= 0) {
      matched += best * weight(token);
      unused.splice(bestIndex, 1);
    }
  }
  const weightA = total(a, weight);
  const weightB = total(b, weight);
  return {
    containment: Math.min(1, matched / Math.min(weightA, weightB)),
    dice: Math.min(1, (2 * matched) / (weightA + weightB)),
  };
}

function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < NEAR_MATCH_MIN_LENGTH) return 0;
  const ratio = 1 - distance(a, b) / longest;
  return ratio >= NEAR_MATCH_MIN_RATIO ? ratio : 0;
}

function total(tokens: readonly string[], weight: TokenWeight): number {
  let sum = 0;
  for (const token of tokens) sum += weight(token);
  return sum;
}
