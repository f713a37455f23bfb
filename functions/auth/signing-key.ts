/**
 * The access-token signing keys: ES256 (P-256), each with a kid (its RFC 7638 thumbprint), so the
 * authorizer and partners verify with public keys alone. The token function signs with the current
 * private key (re-read every PRIVATE_KEY_CACHE_SECONDS, so a rotation reaches every container); verifiers
 * take public keys from the ring (key-ring.ts), read again when a token names a kid they do not know, so
 * a token signed by a key minted a moment ago verifies at once. Rotation: rotateSigningKeys, run on a
 * schedule and by `npm run admin -- keys rotate`.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import {
  KEY_PUBLISH_LEAD_SECONDS,
  PRIVATE_KEY_CACHE_SECONDS,
  publishedKeys,
  rotated,
  signingKid,
  type KeyRing,
  type RingKey,
} from './key-ring.js';
import {
  readKeyRing,
  readPrivateSigningKeys,
  RotationConflictError,
  signerAt,
  writeRotation,
  type PrivateSigningKeys,
} from './signing-key-store.js';

export const TOKEN_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export interface VerificationKey {
  kid: string;
  publicKey: CryptoKey;
}

/** A fresh private JWK with its kid (the RFC 7638 thumbprint). */
export async function generateSigningKeyJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  jwk.alg = TOKEN_ALGORITHM;
  jwk.use = 'sig';
  return jwk;
}

/** The public half of a private JWK, as published: no `d`, with kid, alg and use. */
export function publicJwkOf(jwk: JWK): JWK {
  const { kty, crv, x, y, kid } = jwk;
  return { kty, crv, x, y, kid, alg: TOKEN_ALGORITHM, use: 'sig' } as JWK;
}

export async function signingKeyFromJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('the signing key must be a private P-256 JWK');
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwkOf(jwk)));
  const publicJwk = publicJwkOf({ ...jwk, kid });
  const privateKey = (await importJWK({ ...jwk, kid }, TOKEN_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, TOKEN_ALGORITHM)) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk };
}

let stored: { keys: Promise<PrivateSigningKeys>; readAt: number } | undefined;
const importedSigners = new Map<string, Promise<SigningKey>>();

/** The private key that signs now (the token function's; no other function is granted its table). */
export async function loadSigningKey(now: Date = new Date()): Promise<SigningKey> {
  if (!stored || now.getTime() - stored.readAt > PRIVATE_KEY_CACHE_SECONDS * 1000) {
    const keys = readPrivateSigningKeys().then((found) => {
      if (!found) throw new Error('no signing key yet: the stack creates one at deployment, the local host at start');
      return found;
    });
    stored = { keys, readAt: now.getTime() };
    // A failed read (a DynamoDB outage) must not poison the container.
    keys.catch(() => {
      if (stored?.keys === keys) stored = undefined;
    });
  }
  const signer = signerAt(await stored.keys, now);
  let key = importedSigners.get(signer.kid);
  if (!key) {
    key = signingKeyFromJwk(signer.jwk);
    importedSigners.set(signer.kid, key);
  }
  return key;
}

/** A re-read of the ring on an unknown kid happens at most this often, so made-up kids cannot hammer the table. */
const UNKNOWN_KID_REREAD_MS = 5_000;
/** Verifiers re-read the ring at least this often, so a key that left it stops verifying. */
const RING_CACHE_MS = 60_000;

let ring: { value: Promise<KeyRing>; readAt: number } | undefined;
const imported = new Map<string, Promise<CryptoKey>>();

function readRing(now: number): Promise<KeyRing> {
  const value = readKeyRing();
  ring = { value, readAt: now };
  value.catch(() => {
    if (ring?.value === value) ring = undefined;
  });
  return value;
}

/**
 * The public key a token's kid names, if the ring publishes it now; null otherwise. Re-reads the ring when
 * its copy is old, or when the kid is unknown and the last read is more than a few seconds old.
 */
export async function verificationKey(kid: string, now: Date = new Date()): Promise<VerificationKey | null> {
  const at = Date.now();
  let current = ring && at - ring.readAt <= RING_CACHE_MS ? await ring.value : await readRing(at);
  let found = publishedKeys(current, now).find((k) => k.kid === kid);
  if (!found && ring && at - ring.readAt > UNKNOWN_KID_REREAD_MS) {
    current = await readRing(at);
    found = publishedKeys(current, now).find((k) => k.kid === kid);
  }
  if (!found) return null;
  let publicKey = imported.get(kid);
  if (!publicKey) {
    publicKey = importJWK(found.publicJwk, TOKEN_ALGORITHM) as Promise<CryptoKey>;
    imported.set(kid, publicKey);
  }
  return { kid, publicKey: await publicKey };
}

/** The public JWKs a verifier accepts now: what GET /.well-known/jwks.json publishes. */
export async function publishedJwks(now: Date = new Date()): Promise<JWK[]> {
  return publishedKeys(await readKeyRing(), now).map((k) => k.publicJwk);
}

/** Forgets every cached key (tests, and a container that wants the rotation it just made). */
export function forgetCachedKeys(): void {
  stored = undefined;
  importedSigners.clear();
  ring = undefined;
  imported.clear();
}

export interface Rotation {
  kid: string;
  /** When the new key signs its first token. */
  signsFrom: string;
  retiredKid: string | undefined;
  /** The kids in the published set after the rotation. */
  published: string[];
}

/** Makes a new key the signer and retires the current one; retired keys past their keep leave the ring. */
export async function rotateSigningKeys(now: Date = new Date(), attempts = 3): Promise<Rotation> {
  for (let attempt = 1; ; attempt++) {
    const [current, privateKeys] = await Promise.all([readKeyRing(), readPrivateSigningKeys()]);
    const jwk = await generateSigningKeyJwk();
    const next: RingKey = { kid: jwk.kid!, publicJwk: publicJwkOf(jwk), createdAt: now.toISOString() };
    const after = rotated(current, next, now);
    // The very first key signs at once: there is no token yet that a verifier could fail.
    const signsFrom = new Date(now.getTime() + (privateKeys ? KEY_PUBLISH_LEAD_SECONDS * 1000 : 0)).toISOString();
    const previous = privateKeys ? signerAt(privateKeys, now) : undefined;
    try {
      await writeRotation(after, current.version, { next: { kid: next.kid, jwk }, signsFrom, ...(previous ? { previous } : {}) });
      return { kid: next.kid, signsFrom, retiredKid: signingKid(current), published: after.keys.map((k) => k.kid) };
    } catch (error) {
      if (!(error instanceof RotationConflictError) || attempt >= attempts) throw error;
    }
  }
}

/** The first key, when there is none yet (stack creation, local start); otherwise nothing changes. */
export async function ensureSigningKey(now: Date = new Date()): Promise<string> {
  const current = await readKeyRing();
  const kid = signingKid(current);
  if (kid) return kid;
  try {
    return (await rotateSigningKeys(now, 1)).kid;
  } catch (error) {
    // Another starter made the first key meanwhile.
    if (error instanceof RotationConflictError) return signingKid(await readKeyRing())!;
    throw error;
  }
}
