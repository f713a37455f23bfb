/**
 * Where the partitioned mapping job keeps its work between stages: an object store (S3 on AWS,
 * functions/stores/s3-mapping-objects.ts; a directory or the local S3 on this machine). Every stage reads
 * what earlier stages wrote and writes its own objects under the run's prefix, so a stage retried after a
 * failure redoes its own objects and nothing else. Bodies are gzip-compressed JSON or JSON lines.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

export interface MappingObjects {
  put(key: string, body: Uint8Array): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Every key under the prefix, in order. */
  list(prefix: string): Promise<string[]>;
}

const zip = promisify(gzip);
const unzip = promisify(gunzip);

export async function putJson(objects: MappingObjects, key: string, value: unknown): Promise<void> {
  await objects.put(key, await zip(JSON.stringify(value)));
}

/** The object's JSON, unchecked: the caller parses it into its type. */
export async function getJson(objects: MappingObjects, key: string): Promise<unknown> {
  const body = await objects.get(key);
  return body === undefined ? undefined : JSON.parse((await unzip(body)).toString('utf8'));
}

export async function putLines(objects: MappingObjects, key: string, lines: readonly unknown[]): Promise<void> {
  let text = '';
  for (const line of lines) text += `${JSON.stringify(line)}\n`;
  await objects.put(key, await zip(text));
}

/** The object's lines, unchecked (the caller parses them); none when there is no such object. */
export async function getLines(objects: MappingObjects, key: string): Promise<unknown[]> {
  const body = await objects.get(key);
  if (body === undefined) return [];
  const text = (await unzip(body)).toString('utf8');
  const lines: unknown[] = [];
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    if (end > start) lines.push(JSON.parse(text.slice(start, end)));
    start = end + 1;
  }
  return lines;
}

/** Every line of every object under the prefix. */
export async function getAllLines(objects: MappingObjects, prefix: string, concurrency = 16): Promise<unknown[]> {
  const keys = await objects.list(prefix);
  const parts = await mapLimit(keys, concurrency, (key) => getLines(objects, key));
  return parts.flat();
}

/** `work` over the items, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      out[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
