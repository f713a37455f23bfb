/**
 * Where a webhook may be sent. A receiver URL is the partner's, but the request leaves from inside our
 * network, so it must never reach our own infrastructure or anything private (SSRF): the URL is https on
 * port 443, its host is a name (not an IP literal, not written with a trailing dot, which would slip past
 * any suffix rule), not ours (API_HOST, which the stack sets: webhooks-config.ts) and not a name of the
 * cloud's internals or of its function endpoints (execute-api, Lambda function URLs on `on.aws`); and every
 * address it resolves to, at the moment of each send, is a public unicast address (checked in the
 * connection's own DNS lookup, so a name cannot resolve to a public address when checked and a private one
 * when used).
 *
 * The local host (npm start, the tests) runs with the `local` policy, which only it sets
 * (WEBHOOK_URL_POLICY): it lets through exactly what receivers on this machine need, http and loopback
 * hosts (127.0.0.0/8, ::1, localhost) on any port, and holds every other rule, so a partner trying the
 * sandbox meets the production rules.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type UrlPolicy = 'strict' | 'local';

/**
 * Host names that are ours or the platform's, whatever they resolve to: private suffixes, every AWS
 * service endpoint (`*.amazonaws.com`, execute-api included) and AWS function URLs (`*.on.aws`,
 * `*.lambda-url.<region>.on.aws`).
 */
const RESERVED_HOST = /(^|\.)(localhost|local|internal|localdomain|amazonaws\.com|amazonaws\.com\.cn|aws\.dev|on\.aws|api\.aws)$/i;
/** execute-api under any suffix (a VPC endpoint's, a partition's). */
const EXECUTE_API = /(^|\.)execute-api\./i;

/** A loopback host of the local policy: localhost, 127.0.0.0/8, ::1 (as the URL parser writes them). */
function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** Why the URL cannot receive webhooks under the policy; undefined when it can. `ownApiHost`: API_HOST. */
export function urlProblem(raw: string, policy: UrlPolicy, ownApiHost?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be https';
  if (url.username || url.password) return 'must not carry credentials (use the signature to authenticate us)';
  // WHATWG URL lower-cases the name and drops a default port (443 for https).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host.endsWith('.')) return 'must not end in a dot';
  if (ownApiHost && isOwnApi(host, url.port, ownApiHost)) return 'must not be this API';
  if (policy === 'local' && isLoopbackHost(host)) return undefined;
  if (url.protocol !== 'https:') return 'must be https';
  if (url.port !== '') return 'must use port 443';
  if (isIP(host)) return 'must name a host, not an IP address';
  if (RESERVED_HOST.test(host) || EXECUTE_API.test(host) || !host.includes('.')) return 'must be a public host name';
  return undefined;
}

/**
 * Whether host and port are this API's (API_HOST: `host` on AWS, where the stack sets the API's domain;
 * `127.0.0.1:<port>` on the local host, where any loopback name on that port is the gateway).
 */
function isOwnApi(host: string, port: string, ownApiHost: string): boolean {
  const own = ownApiHost.toLowerCase();
  let ownUrl: URL;
  try {
    ownUrl = new URL(`https://${own}`);
  } catch {
    return false;
  }
  const ownHost = ownUrl.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (ownUrl.port !== port) return false;
  return host === ownHost || (isLoopbackHost(host) && isLoopbackHost(ownHost));
}

/** Whether a resolved address may be connected to under the policy: public unicast (and loopback locally). */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy === 'local' && range === 'loopback');
}
