/**
 * DynamoDB batch calls done completely: BatchWriteItem takes at most 25 requests and BatchGetItem 100
 * keys, and either may hand some back unprocessed when a partition is throttled. Those are retried with
 * exponential backoff and jitter (the AWS guidance) until done or the attempts run out.
 */
import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const WRITE_BATCH_SIZE = 25;
export const GET_BATCH_SIZE = 100;
const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 50;
const CONCURRENT_BATCHES = 4;

export type WriteRequest =
  | { readonly PutRequest: { readonly Item: Record<string, unknown> } }
  | { readonly DeleteRequest: { readonly Key: Record<string, unknown> } };

export interface BatchOptions {
  /** Waits between retries; tests pass a no-op. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function batchWriteAll(
  client: DynamoDBDocumentClient,
  table: string,
  requests: readonly WriteRequest[],
  options: BatchOptions = {},
): Promise<void> {
  const chunks = chunk(requests, WRITE_BATCH_SIZE);
  await inParallel(chunks, async (batch) => {
    let pending: WriteRequest[] = [...batch];
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(`BatchWriteItem on ${table}: ${pending.length} items still unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 0) await (options.sleep ?? defaultSleep)(backoff(attempt));
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [table]: pending as WriteRequest[] } }));
      pending = (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }
  });
}

export async function batchGetAll(
  client: DynamoDBDocumentClient,
  table: string,
  keys: readonly Record<string, unknown>[],
  options: BatchOptions & { readonly projection?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const names = options.projection ? Object.fromEntries(options.projection.map((name, i) => [`#p${i}`, name])) : undefined;
  await inParallel(chunk(keys, GET_BATCH_SIZE), async (batch) => {
    let pending: Record<string, unknown>[] = [...batch];
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(`BatchGetItem on ${table}: ${pending.length} keys still unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 0) await (options.sleep ?? defaultSleep)(backoff(attempt));
      const result = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ...(names ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {}),
            },
          },
        }),
      );
      found.push(...(result.Responses?.[table] ?? []));
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  });
  return found;
}

function backoff(attempt: number): number {
  const ceiling = BASE_DELAY_MS * 2 ** attempt;
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A few batches in flight at once: faster than one by one, gentler on provisioned capacity than all. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_BATCHES, items.length) }, worker));
}
