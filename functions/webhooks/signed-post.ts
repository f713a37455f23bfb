/**
 * One webhook request: the event's JSON, signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` over `id.timestamp.body`, with the
 * endpoint's `whsec_` secret), so a partner verifies it with an off-the-shelf library. Sent with node's
 * HTTP client, whose DNS lookup refuses addresses the URL policy forbids, under a time limit, on a connection
 * of its own (agent: false): a kept-alive socket the receiver has closed would fail an attempt that never
 * reached it.
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

export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'hotel-api-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !addressAllowed(a.address, policy));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which webhooks may not reach`), { code: 'EADDRNOTALLOWED' }), []);
      const all = (options as { all?: boolean }).all;
      return all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function postSigned(url: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; policy: UrlPolicy }): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(options.policy), timeout: options.timeoutMs }, (response) => {
      // The answer's body is not read beyond a little: a receiver says yes with its status.
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ error: error.message.slice(0, 300) }));
    request.end(body);
  });
}
