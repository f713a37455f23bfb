import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Hotelbeds authentication: header `Api-key` plus `X-Signature` = hex SHA-256 of apiKey + secret +
 * current Unix time in seconds. The server accepts a small clock skew either way.
 */
export function hotelbedsSignature(apiKey: string, secret: string, unixSeconds: number): string {
  return createHash('sha256').update(`${apiKey}${secret}${unixSeconds}`).digest('hex');
}

export function hotelbedsAuthHeaders(apiKey: string, secret: string, now: Date = new Date()): Record<string, string> {
  return { 'Api-key': apiKey, 'X-Signature': hotelbedsSignature(apiKey, secret, Math.floor(now.getTime() / 1000)) };
}

/** Whether a signature matches any second within ±skewSeconds of the server's clock. */
export function verifyHotelbedsSignature(apiKey: string, secret: string, signature: string, now: Date, skewSeconds: number): boolean {
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  const current = Math.floor(now.getTime() / 1000);
  for (let s = current - skewSeconds; s <= current + skewSeconds; s += 1) {
    const expected = Buffer.from(hotelbedsSignature(apiKey, secret, s), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
}
