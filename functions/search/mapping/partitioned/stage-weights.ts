/**
 * The token weights of the whole catalogue (token-weights.ts), summed once from the key buckets' counts:
 * every partition and the settle step score with these, so a pair scores as in one run over everything.
 */
import { weightsOf, type TokenWeight } from '../token-weights.js';
import { getJson, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import { runFiles } from './run-files.js';
import { readPlan } from './run-state.js';
import type { TokenFrequency } from './stage-keys.js';

export async function sumWeights(runId: string, objects: MappingObjects): Promise<{ readonly documents: number; readonly tokens: number }> {
  const plan = await readPlan(objects, runId);
  const files = runFiles(runId);
  const parts = await mapLimit(
    Array.from({ length: plan.layout.keyBuckets }, (_, bucket) => bucket),
    16,
    async (bucket) => asFrequency(await getJson(objects, files.frequency(bucket)), `${runId} key bucket ${bucket}`),
  );
  const counts = new Map<string, number>();
  let documents = 0;
  for (const part of parts) {
    documents += part.documents;
    for (const [token, count] of part.tokens) counts.set(token, (counts.get(token) ?? 0) + count);
  }
  const total: TokenFrequency = { documents, tokens: [...counts] };
  await putJson(objects, files.weights, total);
  return { documents, tokens: counts.size };
}

export async function readWeights(objects: MappingObjects, runId: string): Promise<TokenWeight> {
  const frequency = asFrequency(await getJson(objects, runFiles(runId).weights), `${runId} weights`);
  return weightsOf(frequency.documents, new Map(frequency.tokens));
}

function asFrequency(raw: unknown, where: string): TokenFrequency {
  const value = raw as Partial<TokenFrequency> | undefined;
  if (typeof value?.documents !== 'number' || !Array.isArray(value.tokens)) throw new Error(`${where}: no token counts`);
  return value as TokenFrequency;
}
