/**
 * The signing key ring as plain data, and the rules of a rotation: which key signs, which keys a verifier
 * accepts, and when a retired key leaves the published set. No I/O (signing-key-store.ts keeps it).
 *
 * A rotation publishes a new key at once and lets it sign KEY_PUBLISH_LEAD_SECONDS later, so every
 * verifier can know it before the first token it signs arrives (a verifier re-reads the ring on an unknown
 * kid at most every few seconds). The old key is retired at the rotation and keeps verifying until the last
 * token it can have signed has expired: it signs until the lead is over, a token function may keep the old
 * private item for PRIVATE_KEY_CACHE_SECONDS more, and that token lives ACCESS_TOKEN_TTL_SECONDS, give or
 * take the clock skew verifiers allow. Then it leaves the set.
 */
import type { JWK } from 'jose';

/** 15 minutes (API-SPEC.md); access-token.ts issues tokens of this lifetime. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** Tolerated difference between the issuer's clock and ours, for exp and iat. */
export const CLOCK_SKEW_SECONDS = 30;
/** How long a token function keeps the private keys before reading them again. */
export const PRIVATE_KEY_CACHE_SECONDS = 10;
/** Between a new key's publication and its first signature: longer than a verifier's unknown-kid re-read interval. */
export const KEY_PUBLISH_LEAD_SECONDS = 10;
/** How long a retired key stays in the set: the last token it signed has expired by then. */
export const RETIRED_KEY_KEEP_SECONDS =
  KEY_PUBLISH_LEAD_SECONDS + PRIVATE_KEY_CACHE_SECONDS + ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS;

export interface RingKey {
  kid: string;
  /** The public half (kty, crv, x, y, kid, alg, use): what the JWKS route publishes. */
  publicJwk: JWK;
  createdAt: string;
  /** When a rotation replaced it as the signer; absent for the signing key. */
  retiredAt?: string;
}

export interface KeyRing {
  /** Optimistic lock: a rotation writes only over the version it read. */
  version: number;
  keys: RingKey[];
}

export const EMPTY_RING: KeyRing = { version: 0, keys: [] };

/** The key that signs: the one not retired (there is exactly one after the first rotation). */
export function signingKid(ring: KeyRing): string | undefined {
  return ring.keys.find((k) => k.retiredAt === undefined)?.kid;
}

/** The keys a verifier accepts at `now`: the signer, and retired keys whose tokens may still be alive. */
export function publishedKeys(ring: KeyRing, now: Date): RingKey[] {
  return ring.keys.filter((k) => k.retiredAt === undefined || Date.parse(k.retiredAt) + RETIRED_KEY_KEEP_SECONDS * 1000 > now.getTime());
}

/** The ring after a rotation to `next`: the signer retired now, keys past their keep dropped. */
export function rotated(ring: KeyRing, next: RingKey, now: Date): KeyRing {
  const at = now.toISOString();
  const kept = publishedKeys(ring, now).map((k) => (k.retiredAt === undefined ? { ...k, retiredAt: at } : k));
  return { version: ring.version + 1, keys: [{ ...next, createdAt: at }, ...kept] };
}
