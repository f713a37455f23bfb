import { Writable } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { deferAfterResponse, runDeferred } from '../../functions/shared/after-response.js';
import { bufferedEntry, streamingEntry, type StreamingRuntime } from '../../functions/shared/lambda-entry.js';
import type { ApiHandler } from '../../functions/shared/http-handler.js';
import { lambdaContext } from '../../local/lambda-context.js';
import { STACK_ENVIRONMENTS, stubFunctionEnvironment } from '../support/function-environment.js';

const event = {} as APIGatewayProxyEvent;
const answer: APIGatewayProxyResult = {
  statusCode: 200,
  headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' },
  body: '{"ok":true}',
};

/** A route that answers and defers work, recording when each happened. */
function routeRecording(log: string[], work: () => Promise<void> = async () => undefined): ApiHandler {
  return async (_event, context) => {
    deferAfterResponse(context, async () => {
      log.push('deferred work started');
      await work();
      log.push('deferred work done');
    });
    log.push('answered');
    return answer;
  };
}

/**
 * Lambda's streaming runtime (the `awslambda` global) exists only on Lambda; this stands in for the part
 * streamingEntry uses, as its documentation describes it: streamifyResponse hands the handler a writable
 * stream, HttpResponseStream.from writes the metadata (status, headers) before the body.
 */
function fakeRuntime(log: string[]): { runtime: StreamingRuntime; written: () => { metadata: unknown; body: string } } {
  let metadata: unknown;
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      log.push('stream ended');
      callback();
    },
  });
  const runtime: StreamingRuntime = {
    streamifyResponse: (handler) => (e: APIGatewayProxyEvent, context: Context) => handler(e, stream, context),
    HttpResponseStream: {
      from: (s, m) => {
        metadata = m;
        return s;
      },
    },
  };
  return { runtime, written: () => ({ metadata, body: Buffer.concat(chunks).toString('utf8') }) };
}

describe('work after the response', () => {
  it('a streaming entry ends the response stream, then finishes the deferred work before returning', async () => {
    const log: string[] = [];
    const { runtime, written } = fakeRuntime(log);
    const entry = streamingEntry(routeRecording(log), runtime) as (e: APIGatewayProxyEvent, c: Context) => Promise<void>;
    await entry(event, lambdaContext('search', 'req-1', 29_000));
    expect(log).toEqual(['answered', 'stream ended', 'deferred work started', 'deferred work done']);
    expect(written()).toEqual({ metadata: { statusCode: 200, headers: answer.headers }, body: answer.body });
  });

  it('a buffered entry finishes the deferred work before it returns the answer', async () => {
    const log: string[] = [];
    const result = await bufferedEntry(routeRecording(log))(event, lambdaContext('booking', 'req-2', 29_000));
    expect(result).toEqual(answer);
    expect(log).toEqual(['answered', 'deferred work started', 'deferred work done']);
  });

  it('runs deferred work once, and a failure in it is logged instead of thrown (the answer is already gone)', async () => {
    const log: string[] = [];
    const context = lambdaContext('search', 'req-3', 29_000);
    await routeRecording(log, async () => {
      throw new Error('rows not stored');
    })(event, context);
    await expect(runDeferred(context)).resolves.toBeUndefined();
    await runDeferred(context);
    expect(log).toEqual(['answered', 'deferred work started']);
  });

  it('outside Lambda (no streaming runtime) the streaming entry is the buffered one, as the search module loads in tests', async () => {
    const log: string[] = [];
    const entry = streamingEntry(routeRecording(log), null) as ApiHandler;
    expect(await entry(event, lambdaContext('search', 'req-4', 29_000))).toEqual(answer);
    expect(log).toEqual(['answered', 'deferred work started', 'deferred work done']);
  });
});

describe('the search function entry', () => {
  it('loads outside Lambda as the buffered entry of its routes', async () => {
    stubFunctionEnvironment(STACK_ENVIRONMENTS.search);
    const { handler, routes } = await import('../../functions/search/index.js');
    expect(typeof handler).toBe('function');
    expect(typeof routes).toBe('function');
  });
});
