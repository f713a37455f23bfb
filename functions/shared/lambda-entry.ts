/**
 * The Lambda entries of the handler groups (functions/<group>/index.ts), and where they run the work a route
 * deferred until after its answer (after-response.ts):
 *
 * - A function whose API Gateway integration streams (ResponseTransferMode.STREAM) answers through
 *   awslambda.streamifyResponse: the response stream is ended, then the deferred work is awaited before the
 *   handler returns (from Node.js 24 Lambda does not wait for anything the handler leaves unawaited).
 * - A buffered function awaits the work before returning its result.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { runDeferred } from './after-response.js';
import { invocationEnded, invocationStarted } from './event-loop-lag.js';
import type { ApiHandler } from './http-handler.js';

/** A Lambda entry whose result API Gateway buffers: deferred work finishes before the result is returned. */
export function bufferedEntry(handler: ApiHandler): ApiHandler {
  return (event, context) =>
    invocation(async () => {
      const result = await handler(event, context);
      await runDeferred(context);
      return result;
    });
}

/** The part of Lambda's Node.js runtime a streaming entry uses (the `awslambda` global, on Lambda only). */
export interface StreamingRuntime {
  streamifyResponse(handler: (event: APIGatewayProxyEvent, stream: NodeJS.WritableStream, context: Context) => Promise<void>): unknown;
  HttpResponseStream: {
    from(stream: NodeJS.WritableStream, metadata: { statusCode: number; headers?: Record<string, string> }): NodeJS.WritableStream;
  };
}

/**
 * Lambda's streaming runtime, when this is Lambda's Node.js runtime. Powertools defines an `awslambda`
 * global of its own elsewhere (its invoke store), so the method itself is what is checked.
 */
function lambdaStreamingRuntime(): StreamingRuntime | null {
  const runtime = (globalThis as { awslambda?: Partial<StreamingRuntime> }).awslambda;
  return typeof runtime?.streamifyResponse === 'function' && runtime.HttpResponseStream ? (runtime as StreamingRuntime) : null;
}

/**
 * A Lambda entry for a streaming integration: the whole answer is written and the stream ended, then the
 * deferred work runs. Where the runtime is not Lambda's (a test importing the module), it is the buffered entry.
 */
export function streamingEntry(handler: ApiHandler, runtime: StreamingRuntime | null = lambdaStreamingRuntime()): unknown {
  if (!runtime) return bufferedEntry(handler);
  return runtime.streamifyResponse((event, stream, context) =>
    invocation(async () => {
      const result: APIGatewayProxyResult = await handler(event, context);
      const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
      const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body, 'utf8');
      const answer = runtime.HttpResponseStream.from(stream, { statusCode: result.statusCode, headers });
      await new Promise<void>((resolve, reject) => {
        answer.on('error', reject);
        answer.end(body, () => resolve());
      });
      await runDeferred(context);
    }),
  );
}

/** One invocation's work, told to the event loop's lag measure (Lambda may freeze the environment between them). */
export async function invocation<T>(work: () => Promise<T>): Promise<T> {
  invocationStarted();
  try {
    return await work();
  } finally {
    invocationEnded();
  }
}
