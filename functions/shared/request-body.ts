import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HttpProblem } from './problem.js';

export type BodyKind = 'none' | 'json' | 'form';

function rawBody(event: APIGatewayProxyEvent): string | null {
  if (event.body === null || event.body === undefined || event.body === '') return null;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function mediaType(headers: Record<string, string | undefined>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads the body the route expects. A wrong content type is a 415 and unreadable JSON a 400: neither
 * may surface as a 500. Routes that take no body ignore whatever is sent, as the contract says "no body".
 */
export function readBody(event: APIGatewayProxyEvent, headers: Record<string, string | undefined>, kind: BodyKind): unknown {
  if (kind === 'none') return undefined;
  const raw = rawBody(event);
  const type = mediaType(headers);
  if (kind === 'form') {
    if (raw !== null && type !== 'application/x-www-form-urlencoded') {
      throw new HttpProblem('unsupported-media-type', 'Send the body as application/x-www-form-urlencoded');
    }
    return Object.fromEntries(new URLSearchParams(raw ?? ''));
  }
  if (raw === null) return undefined;
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpProblem('unsupported-media-type', 'Send the body as application/json');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new HttpProblem('malformed-body', `The body is not valid JSON: ${(error as Error).message}`);
  }
}
