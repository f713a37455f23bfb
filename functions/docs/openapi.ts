/**
 * GET /openapi.json: the OpenAPI 3.1 document (functions/contract/document.ts), naming as its server the
 * base URL the caller used, so "try it" in the reference page and generated clients call the same stack.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { openApiDocument } from '../contract/document.js';
import { httpHandler } from '../shared/http-handler.js';

/** API Gateway puts the stage in the path (https://<id>.execute-api.<region>.amazonaws.com/api); the local gateway serves at the root. */
export function serverUrlOf(event: APIGatewayProxyEvent, headers: Record<string, string | undefined>): string | undefined {
  const domain = event.requestContext?.domainName;
  if (domain) return `https://${domain}/${event.requestContext.stage}`;
  return headers.host ? `http://${headers.host}` : undefined;
}

const documents = new Map<string, string>();

export function documentJson(serverUrl: string | undefined): string {
  const key = serverUrl ?? '';
  let json = documents.get(key);
  if (json === undefined) {
    json = JSON.stringify(openApiDocument(serverUrl ? { serverUrl } : {}));
    documents.set(key, json);
  }
  return json;
}

export const handler = httpHandler('getOpenApi', {}, async ({ event, headers }) => ({
  status: 200,
  raw: { contentType: 'application/json', body: documentJson(serverUrlOf(event, headers)) },
  headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
}));
