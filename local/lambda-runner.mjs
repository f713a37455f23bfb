/**
 * One Lambda function's container on this machine (`npm start -- --bundles`): plain JavaScript run by the
 * project's Node 24 with no loader, in the function's package directory (LAMBDA_TASK_ROOT, the /var/task
 * of Lambda), importing the bundle `cdk synth` built exactly as Lambda's Node.js runtime does: the
 * `awslambda` global (streamifyResponse, HttpResponseStream) is defined first, then `index.mjs` is imported
 * and its `handler` export called per invocation with the event and a Context.
 *
 * It speaks to the host over the IPC channel (local/bundled-function.ts): `ready` (with the module init
 * time) or `init-error` once; per invocation `answer` when the response is complete (for a streaming handler,
 * when its stream ended) and `done` when the handler returned, which is when Lambda ends the invocation,
 * so the work a route defers until after its answer runs where it does on AWS. A failed invocation is an
 * `error` with Lambda's errorType and errorMessage. The host's going away ends this process.
 */
import { subscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const STREAMING = Symbol('streaming handler');

/** What Lambda's Node.js runtime defines before it loads the handler module. */
globalThis.awslambda = {
  ...globalThis.awslambda,
  streamifyResponse(handler) {
    handler[STREAMING] = true;
    return handler;
  },
  HttpResponseStream: {
    /** The prelude (status, headers) rides on the stream; the body is what is written after it. */
    from(stream, metadata) {
      stream.prelude = metadata;
      return stream;
    },
  },
};

const send = (message) => process.connected && process.send(message);
process.on('disconnect', () => process.exit(0));

/**
 * Every AWS call the bundle makes, reported to the host (`aws-call`) when LAMBDA_RECORD_AWS_CALLS is set: a
 * request signed with Signature Version 4 is an AWS API call, whatever client made it, and its credential
 * scope names the service. What is kept is what IAM decides on: method, path, query, the operation header and
 * a JSON body (table names, keys, ARNs), and the answer's status (test/aws-calls/ checks each call against the
 * synthesized template's policies).
 */
const RECORDED_BODY_BYTES = 256 * 1024;
if (process.env.LAMBDA_RECORD_AWS_CALLS) {
  subscribe('http.client.request.created', ({ request }) => {
    const chunks = [];
    let size = 0;
    const keep = (chunk) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bytes = Buffer.from(chunk);
      size += bytes.length;
      if (size <= RECORDED_BODY_BYTES) chunks.push(bytes);
    };
    const { write, end } = request;
    request.write = function (chunk, ...rest) {
      keep(chunk);
      return write.call(this, chunk, ...rest);
    };
    request.end = function (chunk, ...rest) {
      keep(chunk);
      return end.call(this, chunk, ...rest);
    };
    const report = (status) => {
      const authorization = String(request.getHeader('authorization') ?? '');
      const scope = /Credential=[^/]+\/[^/]+\/([^/]+)\/([^/]+)\/aws4_request/.exec(authorization);
      if (!scope) return;
      const contentType = String(request.getHeader('content-type') ?? '');
      const json = /json/.test(contentType) && size <= RECORDED_BODY_BYTES;
      let body;
      try {
        body = json ? JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') : undefined;
      } catch {
        body = undefined;
      }
      send({
        kind: 'aws-call',
        call: {
          service: scope[2],
          region: scope[1],
          method: request.method,
          host: String(request.getHeader('host') ?? request.host),
          path: request.path,
          target: request.getHeader('x-amz-target') ?? null,
          body,
          status,
        },
      });
    };
    request.once('response', (response) => report(response.statusCode));
    request.once('error', () => report(null));
  });
}

const taskRoot = process.env.LAMBDA_TASK_ROOT;
const [file, exported] = (process.env._HANDLER ?? 'index.handler').split('.');
let handler;
try {
  const started = performance.now();
  const module = await import(pathToFileURL(join(taskRoot, `${file}.mjs`)).href);
  handler = module[exported];
  if (typeof handler !== 'function') throw new Error(`${file}.mjs exports no function ${exported}`);
  send({ kind: 'ready', initMs: performance.now() - started });
} catch (error) {
  send({ kind: 'init-error', error: describe(error) });
  process.exitCode = 1;
  process.disconnect?.();
}

function describe(error) {
  return error instanceof Error
    ? { errorType: error.name, errorMessage: error.message, stack: error.stack }
    : { errorType: 'Error', errorMessage: String(error) };
}

function contextFor({ requestId, functionName, deadline, memoryMb }) {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** A response stream: collects the body and answers the host as soon as the handler ends it. */
function responseStream(id) {
  const chunks = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  stream.on('finish', () => {
    const { statusCode = 200, headers = {} } = stream.prelude ?? {};
    send({
      kind: 'answer',
      id,
      streamed: true,
      result: { statusCode, headers, body: Buffer.concat(chunks).toString('base64'), isBase64Encoded: true },
    });
  });
  return stream;
}

process.on('message', async (message) => {
  if (message.kind !== 'invoke' || !handler) return;
  const { id, event } = message;
  const context = contextFor(message);
  try {
    if (handler[STREAMING]) {
      await handler(event, responseStream(id), context);
    } else {
      send({ kind: 'answer', id, result: await handler(event, context) });
    }
    send({ kind: 'done', id });
  } catch (error) {
    send({ kind: 'error', id, error: describe(error) });
  }
});
