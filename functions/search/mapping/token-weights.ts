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
  const weights = new Map<string, number>();
  for (const [token, documentsWithIt] of frequency) weights.set(token, Math.log(1 + count / documentsWithIt));
  // A token never seen in the corpus (an on-the-fly match) counts as rare as one seen once.
  const unseen = Math.log(1 + count);
  return (token) => weights.get(token) ?? unseen;
}
