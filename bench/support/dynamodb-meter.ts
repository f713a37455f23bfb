/**
 * A metering proxy in front of DynamoDB Local for the cost benchmark: every call of every client (search,
 * booking, idempotency, the flow) passes through it, asks DynamoDB for its consumed capacity
 * (ReturnConsumedCapacity TOTAL, which DynamoDB Local reports as the service would bill it on demand) and
 * is tallied by operation: calls, request bytes, write and read units. The answers go back unchanged but
 * for the capacity they now carry, which the SDK ignores.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OperationTally {
  calls: number;
  requestBytes: number;
  writeUnits: number;
  readUnits: number;
}

export interface DynamoMeter {
  readonly endpoint: string;
  /** The tallies since the last reset, by operation (PutItem, BatchWriteItem, Query...). */
  snapshot(): Map<string, OperationTally>;
  reset(): void;
  close(): Promise<void>;
}

/** The operations that accept ReturnConsumedCapacity. */
const METERED = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'GetItem',
  'Query',
  'Scan',
  'BatchWriteItem',
  'BatchGetItem',
  'TransactWriteItems',
  'TransactGetItems',
]);

interface Capacity {
  CapacityUnits?: number;
  WriteCapacityUnits?: number;
  ReadCapacityUnits?: number;
}

export async function startDynamoMeter(target: string): Promise<DynamoMeter> {
  const upstream = new URL(target);
  let tallies = new Map<string, OperationTally>();
  const tally = (operation: string) =>
    tallies.get(operation) ?? tallies.set(operation, { calls: 0, requestBytes: 0, writeUnits: 0, readUnits: 0 }).get(operation)!;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
      let body = Buffer.concat(chunks);
      const metered = METERED.has(operation);
      if (metered) {
        const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        body = Buffer.from(JSON.stringify({ ...parsed, ReturnConsumedCapacity: 'TOTAL' }));
      }
      const entry = tally(operation);
      entry.calls += 1;
      entry.requestBytes += body.length;
      // The signature covers the body: DynamoDB Local does not check it, the service would.
      const headers = { ...req.headers, 'content-length': String(body.length), host: upstream.host };
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(parts);
            if (metered && answer.statusCode === 200) {
              const consumed = (JSON.parse(text.toString('utf8')) as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
              for (const capacity of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
                // Writes report CapacityUnits only; reads likewise. The operation says which it is.
                const units = capacity.CapacityUnits ?? (capacity.WriteCapacityUnits ?? 0) + (capacity.ReadCapacityUnits ?? 0);
                if (/Put|Update|Delete|Write/.test(operation)) entry.writeUnits += units;
                else entry.readUnits += units;
              }
            }
            const { 'transfer-encoding': _chunked, ...answerHeaders } = answer.headers;
            res.writeHead(answer.statusCode ?? 500, { ...answerHeaders, 'content-length': String(text.length) });
            res.end(text);
          });
        },
      );
      forward.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    snapshot: () => new Map([...tallies].map(([op, t]) => [op, { ...t }])),
    reset: () => {
      tallies = new Map();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
