/**
 * The local API Gateway: an HTTP server on loopback that does what the deployed REST API does, in the same
 * order, from the same route table and with the same modules:
 *
 *   0. the web ACL's body limit, in front of the stage (413, lib/web-acl.ts);
 *   1. match the route (unknown path or method: the MISSING_AUTHENTICATION_TOKEN response, a 404 problem);
 *   2. refuse bodies over API Gateway's 10 MB payload limit (REQUEST_TOO_LARGE, 413);
 *   3. stage throttling (LIMITS.stage) for every call;
 *   4. protected routes: no Authorization header → UNAUTHORIZED without calling the authorizer (it is the
 *      identity source); else the REQUEST authorizer, its answer cached per Authorization header for
 *      LIMITS.authorizerCacheSeconds and applied with the policy it returned (ACCESS_DENIED, 403);
 *   5. per-client throttling (LIMITS.perClient) keyed by the authorizer's usageIdentifierKey (THROTTLED, 429);
 *   6. the handler group's Lambda entry with the proxy event (the body base64-encoded when its Content-Type is a
 *      binary media type); an event over Lambda's 6 MB is refused (500), an uncaught error or a function past
 *      its own timeout is a function error (502), a handler slower than the integration timeout (29 s) a 504,
 *      as on AWS; a buffered answer over 6 MB is a function error too;
 *   7. the answer as API Gateway passes it on: headers it remaps renamed, a base64 body decoded only when the
 *      request's first Accept type is a binary media type.
 *
 * Refusals are the gateway responses the stack installs, with API Gateway's status rules (the model:
 * api-gateway-model.ts, the synthesized template's in bundle mode).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayAuthorizerResult, APIGatewayProxyResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { policyAllows } from '../functions/auth/route-policy.js';
import type { GatewayResponseType } from '../functions/shared/gateway-responses.js';
import { runDeferred } from '../functions/shared/after-response.js';
import type { ApiHandler } from '../functions/shared/http-handler.js';
import { LIMITS } from '../functions/shared/limits.js';
import { matchRoute, STREAMING_GROUPS, type HandlerGroup } from '../functions/shared/routes.js';
import { invocationScope, inInvocation } from './invocation-scope.js';
import { loggableError } from '../functions/shared/loggable-error.js';
import { answersInBinary, apiModelFromSources, gatewayAnswer, remapHeaders, type ApiGatewayModel } from './api-gateway-model.js';
import { checkSyncEvent, checkSyncResult, LambdaInvokeRefused, withinTimeout } from './lambda-limits.js';
import { API_GATEWAY_INTEGRATION_TIMEOUT_MS } from '../functions/shared/time-budgets.js';
import { lambdaContext } from './lambda-context.js';
import { authorizerEvent, methodArn, proxyEvent, type IncomingCall } from './proxy-event.js';
import { TokenBuckets, type Throttle } from './token-bucket.js';

export type Authorizer = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface LocalGatewayOptions {
  readonly groups: Readonly<Record<HandlerGroup, ApiHandler>>;
  readonly authorizer: Authorizer;
  readonly port?: number;
  readonly host?: string;
  readonly throttling?: { readonly stage: Throttle; readonly perClient: Throttle };
  readonly authorizerCacheSeconds?: number;
  /**
   * The REST API as deployed (binary media types, gateway responses, integration timeouts): the synthesized
   * template's in bundle mode, the sources' otherwise (api-gateway-model.ts).
   */
  readonly model?: ApiGatewayModel;
  /** Each group's function timeout in ms (the template's in bundle mode): the invocation's deadline. */
  readonly functionTimeoutMs?: Readonly<Partial<Record<HandlerGroup, number>>>;
  /** Tests only: a shorter integration timeout than the model's, to watch the 504 without waiting 29 s. */
  readonly integrationTimeoutMs?: number;
  /**
   * Called once per answered request (npm start prints an access log line). `handlerMs` is the time in the
   * handler group's Lambda entry, what the function itself took (absent when no handler ran): the rest of
   * `ms` is this gateway's own, the part API Gateway plays on AWS.
   */
  readonly onResponse?: (line: { method: string; path: string; status: number; ms: number; requestId: string; handlerMs?: number }) => void;
}

export interface LocalGateway {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
  /** What the route deferred until after its answer (after-response.ts). */
  readonly afterwards?: () => Promise<void>;
  /** How long the handler ran, when one did. */
  readonly handlerMs?: number;
}

/**
 * A proxy integration's answer as API Gateway passes it on: headers it remaps renamed, a base64 body decoded
 * only when the request's first Accept type is a binary media type (otherwise the client gets the base64 text).
 */
function fromProxyResult(result: APIGatewayProxyResult, requestId: string, model: ApiGatewayModel, accept: string | undefined): Answer {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'x-request-id')) headers['X-Request-Id'] = requestId;
  const decode = result.isBase64Encoded === true && answersInBinary(model, accept);
  const body = decode ? Buffer.from(result.body ?? '', 'base64') : Buffer.from(result.body ?? '', 'utf8');
  return { status: result.statusCode, headers: remapHeaders(headers), body };
}

class AuthorizerCache {
  private readonly entries = new Map<string, { result: APIGatewayAuthorizerResult; expiresAt: number }>();
  constructor(private readonly ttlMs: number) {}

  async authorize(identity: string, event: APIGatewayRequestAuthorizerEvent, authorizer: Authorizer): Promise<APIGatewayAuthorizerResult> {
    const cached = this.entries.get(identity);
    if (cached && cached.expiresAt > Date.now()) return cached.result;
    // Refusals throw and are not cached: API Gateway caches the policies an authorizer returns.
    const result = await authorizer(event);
    if (this.ttlMs > 0) this.entries.set(identity, { result, expiresAt: Date.now() + this.ttlMs });
    return result;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const throttling = options.throttling ?? { stage: LIMITS.stage, perClient: LIMITS.perClient };
  const stageBucket = new TokenBuckets(throttling.stage);
  const clientBuckets = new TokenBuckets(throttling.perClient);
  const cache = new AuthorizerCache((options.authorizerCacheSeconds ?? LIMITS.authorizerCacheSeconds) * 1000);
  const model = options.model ?? apiModelFromSources();

  const handle = async (call: IncomingCall, size: number): Promise<Answer> => {
    const { requestId } = call;
    // The web ACL in front of the stage refuses a body over the API's limit before API Gateway sees it.
    const firewall = model.firewallBodyLimit;
    if (firewall && size > firewall.maxBytes) {
      return { status: firewall.status, headers: { 'Content-Type': firewall.contentType }, body: Buffer.from(firewall.body) };
    }
    const oversized = size > LIMITS.maxPayloadBytes;
    const accept = typeof call.headers.accept === 'string' ? call.headers.accept : undefined;
    // API Gateway's own answers carry the gateway response's status, headers and template (api-gateway-model.ts).
    const refusal = (answer: GatewayResponseType | { unspecified: number }): Answer => gatewayAnswer(model, answer, { requestId, accept });
    const matched = matchRoute(call.method, call.path);
    if (!matched.route) return refusal('MISSING_AUTHENTICATION_TOKEN');
    const { route, pathParameters } = matched;
    if (oversized) return refusal('REQUEST_TOO_LARGE');

    // Throttled answers carry the gateway response's static Retry-After, as on AWS.
    if (!stageBucket.take('stage').allowed) return refusal('THROTTLED');

    let authorizerContext: Record<string, unknown> | null = null;
    if (route.scope !== null) {
      const identity = call.headers.authorization;
      if (typeof identity !== 'string' || identity.trim() === '') return refusal('UNAUTHORIZED');
      let result: APIGatewayAuthorizerResult;
      try {
        result = await cache.authorize(identity, authorizerEvent(call, route, pathParameters), (event) =>
          inInvocation(randomUUID(), () => options.authorizer(event)),
        );
      } catch (error) {
        if (error instanceof Error && error.message === 'Unauthorized') return refusal('UNAUTHORIZED');
        console.error(`[gateway] authorizer failed for ${requestId}:`, loggable(error));
        return refusal('AUTHORIZER_FAILURE'); // as API Gateway's AUTHORIZER_FAILURE gateway response
      }
      if (!policyAllows(result.policyDocument, methodArn(call))) return refusal('ACCESS_DENIED');
      const usageKey = result.usageIdentifierKey;
      if (!usageKey) return refusal('INVALID_API_KEY');
      if (!clientBuckets.take(usageKey).allowed) return refusal('THROTTLED');
      authorizerContext = { ...(result.context ?? {}), principalId: result.principalId };
    }

    const event = proxyEvent(call, route, pathParameters, authorizerContext, model);
    const integrationTimeoutMs =
      options.integrationTimeoutMs ?? model.integrationTimeoutMs.get(route.id) ?? API_GATEWAY_INTEGRATION_TIMEOUT_MS;
    const functionTimeoutMs = options.functionTimeoutMs?.[route.group] ?? API_GATEWAY_INTEGRATION_TIMEOUT_MS;
    const context = lambdaContext(`local-${route.group}`, randomUUID(), functionTimeoutMs);
    const invocation = invocationScope(context.awsRequestId);
    try {
      // Lambda refuses an event over its synchronous limit before the function runs (API Gateway: 500).
      checkSyncEvent(route.group, event);
      const invoked = performance.now();
      const result = await withTimeout(
        // The function stops at its own timeout (a function error, 502), the integration at API Gateway's (504).
        withinTimeout(
          invocation(() => options.groups[route.group](event, context)),
          functionTimeoutMs,
        ),
        integrationTimeoutMs,
      );
      if (result === 'timeout') return refusal('INTEGRATION_TIMEOUT');
      // A streamed answer is not bound by the buffered invoke's 6 MB.
      if (!STREAMING_GROUPS.includes(route.group)) checkSyncResult(result);
      const handlerMs = performance.now() - invoked;
      return { ...fromProxyResult(result, requestId, model, accept), afterwards: () => invocation(() => runDeferred(context)), handlerMs };
    } catch (error) {
      console.error(`[gateway] ${route.group} handler failed for ${requestId}:`, loggable(error));
      // AWS "Handling Lambda errors with an API Gateway API": a refused invoke is 500, a function error 502.
      return refusal({ unspecified: error instanceof LambdaInvokeRefused ? 500 : 502 });
    }
  };

  // Handlers still running when the host stops must finish before DynamoDB Local and the suppliers go.
  const inFlight = new Set<Promise<unknown>>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= LIMITS.maxPayloadBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const call: IncomingCall = {
        requestId: randomUUID(),
        method: (req.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        receivedAt: Date.now(),
      };
      // In flight until the answer is sent and what the route deferred has run: stop waits for both.
      const handled = handle(call, size)
        .catch((error: unknown) => {
          console.error(`[gateway] unexpected failure for ${call.requestId}:`, loggable(error));
          return gatewayAnswer(model, { unspecified: 500 }, { requestId: call.requestId }) as Answer;
        })
        .then(async (answer) => {
          res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(answer.body.length) });
          // 'finish': the whole answer is handed to the operating system. A large answer is written over
          // several turns of the event loop, so deferred work must not start before (as the streaming
          // Lambda entry starts it once its stream has ended).
          const sent = new Promise<void>((resolve) => res.end(answer.body, () => resolve()));
          options.onResponse?.({
            method: call.method,
            path: call.path,
            status: answer.status,
            ms: Math.round(performance.now() - started),
            requestId: call.requestId,
            ...(answer.handlerMs !== undefined ? { handlerMs: answer.handlerMs } : {}),
          });
          if (answer.afterwards) {
            await sent;
            await answer.afterwards();
          }
        });
      inFlight.add(handled);
      void handled.finally(() => inFlight.delete(handled)).catch(() => undefined);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, API_GATEWAY_INTEGRATION_TIMEOUT_MS))]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The host's own lines go through the functions' allow-list too: an error's properties may hold a booking. */
function loggable(error: unknown): unknown {
  return error instanceof Error ? loggableError(error) : error;
}
