/**
 * API Gateway (REST, v1) events and a Lambda context for invoking handlers in process, built by the same
 * code the local gateway uses (local/proxy-event.ts), with header names as the client sent them.
 */
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { AuthorizerContext } from '../../functions/shared/caller.js';
import { routeById } from '../../functions/shared/routes.js';
import { lambdaContext as localLambdaContext } from '../../local/lambda-context.js';
import {
  authorizerEvent as localAuthorizerEvent,
  methodArn,
  proxyEvent as localProxyEvent,
  type IncomingCall,
} from '../../local/proxy-event.js';
import { sensitiveValues } from './log-leaks.js';

/** Every method ARN the local gateway's authorizer events carry starts with this (stage `api`). */
export const METHOD_ARN_PREFIX = methodArn({ method: '', path: '' });

/** A Lambda context with half a minute left, as a fresh invocation has. */
export function lambdaContext(overrides: Partial<Context> = {}): Context {
  return { ...localLambdaContext('hotel-api-test', randomUUID(), 30_000), ...overrides };
}

export interface ProxyEventInput {
  /** The route id from the route table; its method and resource are used. */
  routeId: string;
  /** The concrete path; defaults to the resource path. */
  path?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | null;
  /** What the authorizer put into the context; omitted on public routes. */
  authorizer?: AuthorizerContext;
  requestId?: string;
}

/**
 * The call as the local gateway receives it, so events are built by the same code it uses. Its secrets and
 * guest names are noted for the log check (test/capture-logs.ts), as fetch notes those of HTTP calls.
 */
function incomingCall(input: Omit<ProxyEventInput, 'authorizer' | 'pathParameters'>): IncomingCall {
  const route = routeById(input.routeId);
  sensitiveValues().request(Object.entries(input.headers ?? {}), input.body ?? '');
  return {
    requestId: input.requestId ?? randomUUID(),
    method: route.method,
    path: input.path ?? route.path,
    query: new URLSearchParams(input.query ?? {}),
    headers: Object.fromEntries(Object.entries(input.headers ?? {})),
    body: Buffer.from(input.body ?? '', 'utf8'),
    sourceIp: '203.0.113.7',
    receivedAt: Date.now(),
  };
}

export function proxyEvent(input: ProxyEventInput): APIGatewayProxyEvent {
  const authorizer = input.authorizer ? { ...input.authorizer, principalId: input.authorizer.clientId } : null;
  return localProxyEvent(incomingCall(input), routeById(input.routeId), input.pathParameters ?? {}, authorizer);
}

/** A token request as API Gateway delivers it: form body, optional Basic credentials. */
export function tokenRequestEvent(
  form: Record<string, string> | string | null,
  options: { basic?: { clientId: string; clientSecret: string }; headers?: Record<string, string>; requestId?: string } = {},
): APIGatewayProxyEvent {
  const body = form === null ? null : typeof form === 'string' ? form : new URLSearchParams(form).toString();
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', ...(options.headers ?? {}) };
  if (options.basic) headers.Authorization = basicAuthorization(options.basic.clientId, options.basic.clientSecret);
  return proxyEvent({ routeId: 'issueToken', headers, body, ...(options.requestId ? { requestId: options.requestId } : {}) });
}

/** RFC 6749 §2.3.1: each part form-urlencoded, then `id:secret` base64-encoded. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** The event of a REQUEST authorizer whose identity source is the Authorization header. */
export function authorizerEvent(input: {
  routeId: string;
  path?: string;
  headers?: Record<string, string>;
}): APIGatewayRequestAuthorizerEvent {
  return localAuthorizerEvent(incomingCall(input), routeById(input.routeId), {});
}
