/**
 * A real HTTP proxy in front of DynamoDB Local that answers BatchGetItem as DynamoDB may under load or past
 * its limits: part of the keys read, the rest returned in UnprocessedKeys for the caller to ask again (Amazon
 * DynamoDB API Reference, BatchGetItem: "If DynamoDB returns any unprocessed items, you should retry the batch
 * operation on those items"). DynamoDB Local never does; through this proxy, code that ignores UnprocessedKeys
 * misses items. Every other call is forwarded unchanged. It also records each BatchGetItem's per-table
 * ConsistentRead, which DynamoDB Local (always consistent) cannot show either.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartialBatchProxy {
  readonly url: string;
  /** Per BatchGetItem request received: table name → its ConsistentRead (undefined when not set). */
  readonly batchGets: Record<string, boolean | undefined>[];
  close(): Promise<void>;
}

type KeysAndAttributes = { Keys: unknown[]; ConsistentRead?: boolean } & Record<string, unknown>;

function forward(
  target: URL,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        headers: { ...headers, host: target.host, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export async function startPartialBatchProxy(dynamoEndpoint: string): Promise<PartialBatchProxy> {
  const target = new URL(dynamoEndpoint);
  const batchGets: PartialBatchProxy['batchGets'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        let body = Buffer.concat(chunks);
        // The SDK signs the request; DynamoDB Local does not check signatures, so a changed body still passes.
        const headers = { ...req.headers };
        let held: Record<string, KeysAndAttributes> = {};
        if (String(req.headers['x-amz-target']).endsWith('.BatchGetItem')) {
          const request = JSON.parse(body.toString('utf8')) as { RequestItems: Record<string, KeysAndAttributes> };
          batchGets.push(Object.fromEntries(Object.entries(request.RequestItems).map(([table, read]) => [table, read.ConsistentRead])));
          // Only the first key of each table is read now; the others come back unprocessed.
          const now: Record<string, KeysAndAttributes> = {};
          for (const [table, read] of Object.entries(request.RequestItems)) {
            now[table] = { ...read, Keys: read.Keys.slice(0, 1) };
            if (read.Keys.length > 1) held[table] = { ...read, Keys: read.Keys.slice(1) };
          }
          body = Buffer.from(JSON.stringify({ ...request, RequestItems: now }));
        } else held = {};
        const answer = await forward(target, req.url ?? '/', headers, body);
        let out = answer.body;
        if (answer.status === 200 && Object.keys(held).length > 0) {
          const parsed = JSON.parse(out.toString('utf8')) as { UnprocessedKeys?: Record<string, KeysAndAttributes> };
          out = Buffer.from(JSON.stringify({ ...parsed, UnprocessedKeys: { ...parsed.UnprocessedKeys, ...held } }));
        }
        res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': String(out.length) });
        res.end(out);
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    batchGets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
