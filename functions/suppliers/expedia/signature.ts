import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Expedia Rapid signature authentication: `Authorization: EAN APIKey={key},Signature={sig},timestamp={ts}`
 * where sig = hex SHA-512 of apiKey + secret + ts (Unix seconds). Rapid accepts a few minutes of clock
 * skew; the sandbox accepts ±300 s like the Hotelbeds one.
 */
export function rapidSignature(apiKey: string, secret: string, unixSeconds: number): string {
  return createHash('sha512').update(`${apiKey}${secret}${unixSeconds}`).digest('hex');
}

export function rapidAuthorization(apiKey: string, secret: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `EAN APIKey=${apiKey},Signature=${rapidSignature(apiKey, secret, timestamp)},timestamp=${timestamp}`;
}

export interface ParsedAuthorization {
  readonly apiKey: string;
  readonly signature: string;
  readonly timestamp: number;
}

/** Reads the header's three fields; undefined when the header is absent or not in the EAN scheme. */
export function parseRapidAuthorization(header: string | undefined): ParsedAuthorization | undefined {
  const match = /^EAN\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const fields = new Map<string, string>();
  for (const part of (match[1] ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const apiKey = fields.get('apikey');
  const signature = fields.get('signature');
  const timestamp = Number(fields.get('timestamp'));
  if (!apiKey || !signature || !Number.isInteger(timestamp)) return undefined;
  return { apiKey, signature, timestamp };
}

export type AuthorizationVerdict = 'ok' | 'missing' | 'bad_signature' | 'stale';

export function verifyRapidAuthorization(
  header: string | undefined,
  apiKey: string,
  secret: string,
  now: Date,
  skewSeconds: number,
): AuthorizationVerdict {
  const parsed = parseRapidAuthorization(header);
  if (!parsed) return 'missing';
  if (Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp) > skewSeconds) return 'stale';
  if (parsed.apiKey !== apiKey) return 'bad_signature';
  const expected = Buffer.from(rapidSignature(apiKey, secret, parsed.timestamp), 'utf8');
  const given = Buffer.from(parsed.signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? 'ok' : 'bad_signature';
}
