/**
 * The traveller behind a partner's call (API-SPEC "Supplier obligations"): suppliers that fight fraud and
 * price by market want the traveller's own address and session (Rapid's `Customer-Ip`, `Customer-Session-Id`).
 * The partner passes them in the same-named headers; without `Customer-Ip` the caller's own source address
 * is sent (what API Gateway saw), never a placeholder. A malformed header is the partner's mistake: a 400
 * naming it.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { isIP } from 'node:net';
import { fieldProblem } from './validation.js';

export const CUSTOMER_IP_HEADER = 'customer-ip';
export const CUSTOMER_SESSION_HEADER = 'customer-session-id';
export const SESSION_ID_MAX = 64;

export interface Traveller {
  readonly ip: string;
  readonly sessionId?: string;
}

export function travellerOf(
  event: Pick<APIGatewayProxyEvent, 'requestContext'>,
  headers: Readonly<Record<string, string | undefined>>,
): Traveller {
  const given = headers[CUSTOMER_IP_HEADER]?.trim();
  const session = headers[CUSTOMER_SESSION_HEADER]?.trim();
  const errors = [];
  if (given !== undefined && isIP(given) === 0) errors.push({ path: 'header.Customer-Ip', message: 'must be an IPv4 or IPv6 address' });
  if (session !== undefined && (session.length === 0 || session.length > SESSION_ID_MAX || !/^[\x21-\x7e]+$/.test(session))) {
    errors.push({ path: 'header.Customer-Session-Id', message: `must be 1 to ${SESSION_ID_MAX} printable characters` });
  }
  if (errors.length > 0) throw fieldProblem(errors);
  const ip = given ?? sourceIpOf(event);
  return session ? { ip, sessionId: session } : { ip };
}

/** The caller's source address as API Gateway (or the local gateway) saw it, IPv4-mapped IPv6 unwrapped. */
function sourceIpOf(event: Pick<APIGatewayProxyEvent, 'requestContext'>): string {
  const source = event.requestContext?.identity?.sourceIp?.replace(/^::ffff:/, '');
  if (!source || isIP(source) === 0) throw new Error('the request has no source address: API Gateway always gives one');
  return source;
}
