/**
 * Lambda's Invoke API on loopback, for the functions that hand work to another (functions/shared/
 * lambda-invoke.ts): the real @aws-sdk/client-lambda client posts to
 * `/2015-03-31/functions/{name}/invocations`, and the named function's handler runs in this process. An
 * `Event` invoke is answered 202 at once and run afterwards, as Lambda queues it; a failure is logged (on AWS
 * Lambda would retry it twice, then drop it or send it to a destination). `RequestResponse` answers the
 * handler's result. As Lambda, it refuses an event over 1 MB (Event) or 6 MB (RequestResponse) with 413
 * RequestEntityTooLargeException, stops a handler at its timeout and fails a result over 6 MB (lambda-limits.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { inInvocation } from './invocation-scope.js';
import { lambdaContext } from './lambda-context.js';
import { checkSyncResult, LAMBDA_LIMITS, withinTimeout } from './lambda-limits.js';

export type InvokedHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface LambdaEndpoint {
  readonly endpoint: string;
  /** Resolves once every Event invoke received so far has finished (tests, and stopping cleanly). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaEndpoint(
  functions: Readonly<Record<string, { handler: InvokedHandler; timeoutMs: number }>>,
): Promise<LambdaEndpoint> {
  const running = new Set<Promise<unknown>>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestId = randomUUID();
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-RequestId': requestId, ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      const name = decodeURIComponent(INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://local').pathname)?.[1] ?? '');
      const target = functions[name];
      if (req.method !== 'POST' || !target) {
        send(404, { Type: 'User', Message: `Function not found: ${name}` }, { 'x-amzn-ErrorType': 'ResourceNotFoundException' });
        return;
      }
      const asynchronous = req.headers['x-amz-invocation-type'] === 'Event';
      const payload = Buffer.concat(chunks);
      const limit = asynchronous ? LAMBDA_LIMITS.asyncPayloadBytes : LAMBDA_LIMITS.syncPayloadBytes;
      if (payload.length > limit) {
        send(
          413,
          {
            Type: 'User',
            message: `${payload.length} byte payload is too large for the ${asynchronous ? 'Event' : 'RequestResponse'} invocation type (limit ${limit} bytes)`,
          },
          { 'x-amzn-ErrorType': 'RequestEntityTooLargeException' },
        );
        return;
      }
      let event: unknown;
      try {
        event = JSON.parse(payload.toString('utf8') || '{}');
      } catch {
        send(400, { Type: 'User', Message: 'The payload is not JSON' }, { 'x-amzn-ErrorType': 'InvalidRequestContentException' });
        return;
      }
      const run = () =>
        withinTimeout(
          inInvocation(requestId, async () => target.handler(event, lambdaContext(name, requestId, target.timeoutMs))),
          target.timeoutMs,
        );
      if (asynchronous) {
        send(202, undefined);
        const work = run().catch((error: unknown) =>
          console.error(`[local] ${name} failed an Event invoke:`, error instanceof Error ? error.message : error),
        );
        running.add(work);
        void work.finally(() => running.delete(work));
        return;
      }
      run()
        .then((result) => {
          checkSyncResult(result);
          return result;
        })
        .then(
          (result) => send(200, result),
          (error: unknown) =>
            send(
              200,
              {
                errorType: error instanceof Error ? error.name : 'Error',
                errorMessage: String(error instanceof Error ? error.message : error),
              },
              { 'X-Amz-Function-Error': 'Unhandled' },
            ),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    settled: async () => void (await Promise.all([...running])),
    close: async () => {
      await Promise.all([...running]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
