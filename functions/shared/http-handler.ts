/**
 * The middleware stack every HTTP handler shares. A route handler receives a parsed, validated request
 * and returns a result; everything around it (header normalisation, request id, logging with the
 * correlation id, metrics, tracing, body parsing, validation, caller checks, problem+json) lives here.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import { DomainError } from '../domain/errors/domain-error.js';
import { deferAfterResponse, type AfterResponse } from './after-response.js';
import { authorizeCall, type Caller } from './caller.js';
import { errorResponse } from './error-response.js';
import { recordStaleFxQuote } from './metric-events.js';
import { logger, metrics, tracer } from './observability.js';
import { readBody, type BodyKind } from './request-body.js';
import { routeById, type Route } from './routes.js';
import { parseOrProblem } from './validation.js';

export interface HttpRequest<B, Q, P> {
  route: Route;
  requestId: string;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  body: B;
  query: Q;
  params: P;
  /** Null on public routes only. */
  caller: Caller | null;
  idempotencyKey: string | undefined;
  event: APIGatewayProxyEvent;
  context: Context;
}

export type HttpResult = (
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { status: number; raw: { contentType: string; body: string | Buffer }; headers?: Record<string, string> }
) & {
  /** Work the invocation finishes after this answer has gone (after-response.ts). */
  afterResponse?: AfterResponse;
};

export interface HandlerSpec<B, Q, P> {
  bodyKind?: BodyKind;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /**
   * The route answers with a guest's personal data (names, contact details, a voucher): every answer it
   * gives, replays and problems included, says `Cache-Control: no-store`, so no browser, proxy or CDN
   * between us and the partner keeps a copy.
   */
  personalData?: boolean;
}

export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const HANDLER_SPECS = new Map<string, HandlerSpec<unknown, unknown, unknown>>();

/**
 * The schemas a route's handler validates with, once its module is loaded: the hostile-input tests derive
 * their requests from these, so they test the contract the handler enforces and no copy of it.
 */
export function handlerSpecOf(routeId: string): HandlerSpec<unknown, unknown, unknown> | undefined {
  return HANDLER_SPECS.get(routeId);
}

/** The request id is API Gateway's own, so one id ties the access log, our logs and the problem's instance. */
export function requestIdOf(event: APIGatewayProxyEvent, context: Context | undefined): string {
  return event.requestContext?.requestId ?? context?.awsRequestId ?? crypto.randomUUID();
}

export function httpHandler<B = undefined, Q = Record<string, string>, P = Record<string, string>>(
  routeId: string,
  spec: HandlerSpec<B, Q, P>,
  handle: (request: HttpRequest<B, Q, P>) => Promise<HttpResult>,
): ApiHandler {
  const route = routeById(routeId);
  HANDLER_SPECS.set(routeId, spec as HandlerSpec<unknown, unknown, unknown>);
  const bodyKind: BodyKind = spec.bodyKind ?? (spec.body ? 'json' : 'none');

  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const requestId = requestIdOf(event, context);
    logger.setCorrelationId(requestId);
    const response = await respond(event, context, requestId);
    // One count per route and status class: the dashboard's error rate and the alarm's input.
    metrics.addDimension('route', route.id);
    metrics.addMetric(`Status${Math.floor(response.statusCode / 100)}xx`, MetricUnit.Count, 1);
    // DEBUG only (an operator turns it on; INFO in the stacks writes nothing): each answer under the keys its
    // request appended, which is also what shows no two requests sharing an environment cross (managed instances).
    logger.debug('answered', { route: route.id, status: response.statusCode });
    return response;
  };

  const respond = async (event: APIGatewayProxyEvent, context: Context, requestId: string): Promise<APIGatewayProxyResult> => {
    try {
      const headers = (event.headers ?? {}) as Record<string, string | undefined>;
      const { caller, idempotencyKey } = authorizeCall(route, event, headers);
      const params = spec.params ? parseOrProblem(spec.params, event.pathParameters ?? {}, 'path.') : ((event.pathParameters ?? {}) as P);
      const query = spec.query
        ? parseOrProblem(spec.query, event.queryStringParameters ?? {}, 'query.')
        : ((event.queryStringParameters ?? {}) as Q);
      const rawBody = readBody(event, headers, bodyKind);
      const body = spec.body ? parseOrProblem(spec.body, rawBody) : (rawBody as B);
      if (caller) logger.appendKeys({ tenant: caller.tenant, clientId: caller.clientId });
      // A booking's own routes log under its id too, so one search for the id finds the API and flow lines.
      const bookingId = (params as Record<string, unknown>)?.bookingId;
      if (typeof bookingId === 'string') logger.appendKeys({ bookingId });
      const result = await handle({ route, requestId, headers, body, query, params, caller, idempotencyKey, event, context });
      if (result.afterResponse) deferAfterResponse(context, result.afterResponse);
      return noStore(toApiResult(result, requestId));
    } catch (error) {
      // A quote refused for a stale FX figure, whichever route: the FxQuotesStale alarm's input.
      if (error instanceof DomainError && error.kind === 'fx-unavailable') recordStaleFxQuote(route.id);
      return noStore(errorResponse(error, requestId));
    }
  };
  const noStore = (response: APIGatewayProxyResult): APIGatewayProxyResult =>
    spec.personalData ? { ...response, headers: { ...response.headers, ...NO_STORE } } : response;

  return (
    middy(core)
      .use(httpHeaderNormalizer({ canonical: false }))
      .use(captureLambdaHandler(tracer, { captureResponse: false }))
      .use(logMetrics(metrics))
      // logEvent false whatever POWERTOOLS_LOGGER_LOG_EVENT says: the event carries the bearer token, the token
      // endpoint's client secret and the guests' names and e-mail, none of which may reach a log.
      .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
      .use({
        // A safety net for failures in the middlewares themselves; route errors never get this far.
        onError: (request) => {
          request.response = errorResponse(request.error, requestIdOf(request.event, request.context));
        },
      }) as unknown as ApiHandler
  );
}

export function toApiResult(result: HttpResult, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = { 'X-Request-Id': requestId, ...(result.headers ?? {}) };
  if ('raw' in result) {
    const binary = Buffer.isBuffer(result.raw.body);
    return {
      statusCode: result.status,
      headers: { 'Content-Type': result.raw.contentType, ...headers },
      body: binary ? (result.raw.body as Buffer).toString('base64') : (result.raw.body as string),
      isBase64Encoded: binary,
    };
  }
  if (result.body === undefined) return { statusCode: result.status, headers, body: '' };
  return {
    statusCode: result.status,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(result.body),
  };
}
