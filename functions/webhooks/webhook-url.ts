/**
 * Where a webhook may be sent. A receiver URL is the partner's, but the request leaves from inside our
 * network, so it must never reach our own infrastructure or anything private (SSRF): in production the URL
 * is https, its host is not an IP literal or a name of ours or of the cloud's internals, and every address
 * it resolves to, at the moment of each send, is a public unicast address (checked in the connection's own
 * DNS lookup, so a name cannot resolve to a public address when checked and a private one when used).
 *
 * The local host (npm start, the tests) sends to receivers on loopback over http: it runs with the `local`
 * policy, which only it sets (WEBHOOK_URL_POLICY).
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { optionalEnv } from '../shared/config.js';

export type UrlPolicy = 'strict' | 'local';

export function urlPolicy(): UrlPolicy {
  return optionalEnv('WEBHOOK_URL_POLICY') === 'local' ? 'local' : 'strict';
}

/** Host names that are ours or the platform's, whatever they resolve to. */
const RESERVED_HOST = /(^|\.)(localhost|local|internal|localdomain|amazonaws\.com|amazonaws\.com\.cn|aws\.dev)$/i;

/** Why the URL cannot receive webhooks under the policy; undefined when it can. */
export function urlProblem(raw: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials (use the signature to authenticate us)';
  if (policy === 'local') return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'must be http or https';
  if (url.protocol !== 'https:') return 'must be https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return 'must name a host, not an IP address';
  if (RESERVED_HOST.test(host) || !host.includes('.')) return 'must be a public host name';
  const ownApi = optionalEnv('API_HOST');
  if (ownApi && host.toLowerCase() === ownApi.toLowerCase()) return 'must not be this API';
  return undefined;
}

/** Whether a resolved address may be connected to under the policy. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  if (policy === 'local') return true;
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
