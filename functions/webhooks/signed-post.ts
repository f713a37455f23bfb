/**
 * One webhook request: the event's JSON, signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` over `id.timestamp.body`, with the
 * endpoint's `whsec_` secret), so a partner verifies it with an off-the-shelf library. While a secret is
 * being rotated the header carries one signature per secret, space-separated, as the spec allows. Sent
 * with node's HTTP client, whose DNS lookup refuses addresses the URL policy forbids, on a connection of
 * its own (agent: false: a kept-alive socket the receiver has closed would fail an attempt that never
 * reached it), under one deadline for the whole attempt (connect, TLS, headers and body): a socket idle
 * timeout alone would let a receiver that drips a byte at a time hold the attempt for ever.
 *
 * What an attempt's error says is shown to the partner (`lastError`), so it names no address: a name
 * that resolves somewhere private must not tell the partner where.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { addressAllowed, type UrlPolicy } from './webhook-url.js';

export interface PostResult {
  /** The receiver's status code, when it answered. */
  readonly status?: number;
  /** Why there was no answer (timeout, refused address, connection error). */
  readonly error?: string;
}

/** @param secrets the endpoint's secret, then (during a rotation's overlap) the previous one. */
export function signedHeaders(secrets: string | readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return {
    'content-type': 'application/json',
    'user-agent': 'hotel-api-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': all.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

/** A connection failure in words that name no address or host (node's messages carry both). */
export function describeFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRNOTALLOWED':
      return 'the host resolves to an address webhooks may not reach';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was reset';
    case 'ETIMEDOUT':
    case 'EDEADLINE':
      return error.message;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default:
      if (error.code && /^(CERT_|ERR_TLS|ERR_SSL|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(error.code))
        return `TLS failed (${error.code})`;
      return error.code && /^[A-Z0-9_]{2,40}$/.test(error.code) ? `the connection failed (${error.code})` : 'the connection failed';
  }
}

function guardedLookup(policy: UrlPolicy) {
  return (
    hostname: string,
    options: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !addressAllowed(a.address, policy));
      if (refused)
        return callback(
          Object.assign(new Error('the host resolves to an address webhooks may not reach'), { code: 'EADDRNOTALLOWED' }),
          [],
        );
      const all = (options as { all?: boolean }).all;
      return all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function postSigned(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; policy: UrlPolicy },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.policy),
      },
      (response) => {
        // The answer's body is read to its end (the attempt ends there) but not kept: a receiver says yes with its status.
        response.resume();
        response.on('end', () => finish({ status: response.statusCode ?? 0 }));
        response.on('error', () => finish({ error: describeFailure(Object.assign(new Error(''), { code: 'ECONNRESET' })) }));
      },
    );
    // One deadline for the whole attempt; destroying the request ends the response too.
    const deadline = setTimeout(() => {
      const error = Object.assign(new Error(`no complete answer within ${options.timeoutMs} ms`), { code: 'EDEADLINE' });
      finish({ error: describeFailure(error) });
      request.destroy(error);
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ error: describeFailure(error) }));
    request.end(body);
  });
}
