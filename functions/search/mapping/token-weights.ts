/**
 * How much a shared name token says: inverse document frequency over the names being matched. "ibis" or
 * "grand" are shared by many hotels that are not the same; "paddington" or "miyabi" are not. Without
 * weights, "Ibis London Paddington" and "Ibis London Kensington" would look half the same.
 */
export type TokenWeight = (token: string) => number;

export function uniformTokenWeight(): number {
  return 1;
}

export function inverseDocumentFrequency(documents: Iterable<readonly string[]>): TokenWeight {
  const frequency = new Map<string, number>();
  let count = 0;
  for (const tokens of documents) {
    count += 1;
    for (const token of new Set(tokens)) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  }
  return weightsOf(count, frequency);
}

/**
 * The weights of a corpus of `count` names from how many of them carry each token: what the partitioned
 * job computes once over every supplier's catalogue and hands to each partition, so that a pair scores
 * the same in its partition as in one run over everything.
 */
export function weightsOf(count: number, frequency: ReadonlyMap<string, number>): TokenWeight {
  const weights = new Map<string, number>();
  for (const [token, documentsWithIt] of frequency) weights.set(token, Math.log(1 + count / documentsWithIt));
  // A token never seen in the corpus (an on-the-fly match) counts as rare as one seen once.
  const unseen = Math.log(1 + count);
  return (token) => weights.get(token) ?? unseen;
}
