/**
 * Realistic API Gateway (REST, v1) events and a Lambda context for invoking handlers in process: the
 * shapes API Gateway sends, with header names as the client sent them (the shared stack normalises).
 */
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { AuthorizerContext } from '../../functions/shared/caller.js';
import { routeById } from '../../functions/shared/routes.js';

export const TEST_REGION = 'us-east-1';
export const TEST_ACCOUNT = '123456789012';
export const TEST_API_ID = 'a1b2c3d4e5';
export const TEST_STAGE = 'v1';
export const METHOD_ARN_PREFIX = `arn:aws:execute-api:${TEST_REGION}:${TEST_ACCOUNT}:${TEST_API_ID}/${TEST_STAGE}/`;

export function lambdaContext(overrides: Partial<Context> = {}): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'hotel-api-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${TEST_REGION}:${TEST_ACCOUNT}:function:hotel-api-test`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: '/aws/lambda/hotel-api-test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
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
  isBase64Encoded?: boolean;
  /** What the authorizer put into the context; omitted on public routes. */
  authorizer?: AuthorizerContext;
  requestId?: string;
}

export function proxyEvent(input: ProxyEventInput): APIGatewayProxyEvent {
  const route = routeById(input.routeId);
  const headers = input.headers ?? {};
  const requestId = input.requestId ?? randomUUID();
  const path = input.path ?? route.path;
  return {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: input.query ?? null,
    multiValueQueryStringParameters: input.query ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, [v]])) : null,
    pathParameters: input.pathParameters ?? null,
    stageVariables: null,
    body: input.body ?? null,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: TEST_ACCOUNT,
      apiId: TEST_API_ID,
      authorizer: input.authorizer ? { ...input.authorizer, principalId: input.authorizer.clientId } : null,
      protocol: 'HTTP/1.1',
      httpMethod: route.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '203.0.113.7',
        user: null,
        userAgent: 'vitest',
        userArn: null,
      },
      path: `/${TEST_STAGE}${path}`,
      stage: TEST_STAGE,
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'res123',
      resourcePath: route.path,
    },
  };
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
export function authorizerEvent(input: { routeId: string; path?: string; headers?: Record<string, string> }): APIGatewayRequestAuthorizerEvent {
  const proxy = proxyEvent({ routeId: input.routeId, ...(input.path ? { path: input.path } : {}), headers: input.headers ?? {} });
  return {
    type: 'REQUEST',
    methodArn: `${METHOD_ARN_PREFIX}${proxy.httpMethod}${proxy.path}`,
    resource: proxy.resource,
    path: proxy.path,
    httpMethod: proxy.httpMethod,
    headers: proxy.headers as Record<string, string>,
    multiValueHeaders: proxy.multiValueHeaders as Record<string, string[]>,
    pathParameters: proxy.pathParameters as Record<string, string> | null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { ...proxy.requestContext, authorizer: undefined } as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}
