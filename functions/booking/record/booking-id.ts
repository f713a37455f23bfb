/**
 * Booking ids are derived, not drawn: the same tenant, client and Idempotency-Key always give the same id,
 * so every retry of a step, and every replay of the request, talks about one booking, and the id sent to
 * the supplier as its client reference finds that booking again after a timeout. 20 characters (Crockford
 * base32 of 90 bits of SHA-256), the shortest client reference our suppliers allow (Hotelbeds), so every
 * supplier stores it verbatim.
 */
import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function bookingIdFor(tenant: string, clientId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${tenant}\n${clientId}\n${idempotencyKey}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 12)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 18; i++) {
    out = ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `BK${out}`;
}

export const BOOKING_ID_PATTERN = /^BK[0-9A-HJKMNP-TV-Z]{18}$/;
