/**
 * The events API Gateway (REST API, Lambda proxy integration) hands to our functions, built from a plain
 * HTTP request: the proxy event for handlers and the REQUEST authorizer event. Field for field what the
 * handlers and the authorizer read on AWS, so they run here unchanged.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { API_STAGE_NAME, type Route } from '../functions/shared/routes.js';
import { apiModelFromSources, requestIsBinary, type ApiGatewayModel } from './api-gateway-model.js';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_API_ID = 'localapi';

export interface IncomingCall {
  readonly requestId: string;
  readonly method: string;
  /** Path without the query string, as the client sent it. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly sourceIp: string;
  readonly receivedAt: number;
}

function singleAndMulti(entries: Iterable<[string, string]>): [Record<string, string> | null, Record<string, string[]> | null] {
  // Maps, then Object.fromEntries: a parameter named `__proto__` or `constructor` becomes an own property,
  // as in the JSON event API Gateway sends, instead of reaching Object.prototype.
  const single = new Map<string, string>();
  const multi = new Map<string, string[]>();
  for (const [name, value] of entries) {
    single.set(name, value); // API Gateway keeps the last value in the single-value map
    multi.set(name, [...(multi.get(name) ?? []), value]);
  }
  return single.size === 0 ? [null, null] : [Object.fromEntries(single), Object.fromEntries(multi)];
}

function headerEntries(headers: IncomingHttpHeaders): [string, string][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : ([] as string[]).concat(value).map((v) => [name, v] as [string, string]),
  );
}

export function methodArn(call: Pick<IncomingCall, 'method' | 'path'>): string {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  return `arn:aws:execute-api:${region}:${LOCAL_ACCOUNT}:${LOCAL_API_ID}/${API_STAGE_NAME}/${call.method}${call.path}`;
}

function requestContext(
  call: IncomingCall,
  route: Route,
  authorizer: Record<string, unknown> | null,
): APIGatewayProxyEvent['requestContext'] {
  return {
    accountId: LOCAL_ACCOUNT,
    apiId: LOCAL_API_ID,
    authorizer,
    protocol: 'HTTP/1.1',
    httpMethod: call.method,
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
      sourceIp: call.sourceIp,
      user: null,
      userAgent: typeof call.headers['user-agent'] === 'string' ? call.headers['user-agent'] : null,
      userArn: null,
    },
    path: `/${API_STAGE_NAME}${call.path}`,
    stage: API_STAGE_NAME,
    requestId: call.requestId,
    requestTimeEpoch: call.receivedAt,
    resourceId: route.id,
    resourcePath: route.path,
  };
}

export function proxyEvent(
  call: IncomingCall,
  route: Route,
  pathParameters: Record<string, string>,
  authorizer: Record<string, unknown> | null,
  model: ApiGatewayModel = apiModelFromSources(),
): APIGatewayProxyEvent {
  const [headers, multiValueHeaders] = singleAndMulti(headerEntries(call.headers));
  const [query, multiQuery] = singleAndMulti(call.query.entries());
  const contentType = call.headers['content-type'];
  // A body whose Content-Type is one of the API's binaryMediaTypes reaches the function base64-encoded,
  // any other as UTF-8 text (AWS "Binary media types for REST APIs in API Gateway").
  const text = call.body.length === 0 || !requestIsBinary(model, typeof contentType === 'string' ? contentType : undefined);
  return {
    resource: route.path,
    path: call.path,
    httpMethod: call.method,
    headers: headers ?? {},
    multiValueHeaders: multiValueHeaders ?? {},
    queryStringParameters: query,
    multiValueQueryStringParameters: multiQuery,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    requestContext: requestContext(call, route, authorizer),
    body: call.body.length === 0 ? null : text ? call.body.toString('utf8') : call.body.toString('base64'),
    isBase64Encoded: call.body.length > 0 && !text,
  };
}

export function authorizerEvent(
  call: IncomingCall,
  route: Route,
  pathParameters: Record<string, string>,
): APIGatewayRequestAuthorizerEvent {
  const event = proxyEvent(call, route, pathParameters, null);
  return {
    type: 'REQUEST',
    methodArn: methodArn(call),
    resource: event.resource,
    path: event.path,
    httpMethod: event.httpMethod,
    headers: event.headers,
    multiValueHeaders: event.multiValueHeaders,
    pathParameters: event.pathParameters,
    queryStringParameters: event.queryStringParameters,
    multiValueQueryStringParameters: event.multiValueQueryStringParameters,
    stageVariables: null,
    requestContext: event.requestContext,
  } as APIGatewayRequestAuthorizerEvent;
}
