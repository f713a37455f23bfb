/**
 * Client secrets are stored only as slow hashes (API-SPEC.md). scrypt is memory-hard and ships with Node,
 * so no native dependency is needed. The stored string names its own parameters
 * (`scrypt$N$r$p$salt$hash`), so the cost can be raised later without breaking existing records: a
 * secret is always verified with the parameters it was hashed with.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * N = 2^14, r = 8 costs 16 MiB and about 60 ms per hash on this machine's cores (2^15 took ~120 ms),
 * which keeps a token request under the ~100 ms budget while making offline guessing expensive.
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 14, r: 8, p: 1 } as const;

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

/** Bounds on parameters read back from storage, so a corrupt record cannot make one request eat the machine. */
const MAX_LOG2_N = 20;
const MAX_R = 32;
const MAX_P = 16;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(secret: string, salt: Buffer, params: { N: number; r: number; p: number }, length: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly 2^15 * 8 * 128, so leave headroom.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashSecret(secret: string): Promise<string> {
  if (secret.length === 0) throw new Error('a client secret must not be empty');
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(secret, salt, SCRYPT_PARAMETERS, KEY_BYTES);
  const { N, r, p } = SCRYPT_PARAMETERS;
  return [PREFIX, N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map((n) => (/^\d+$/.test(n!) ? Number(n) : NaN)) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > 2 ** MAX_LOG2_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

/** True when `secret` matches the stored hash. The comparison takes the same time wherever the bytes differ. */
export async function verifySecret(secret: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const candidate = await derive(secret, parsed.salt, parsed, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * A well-formed hash of the current parameters that no secret produces (random bytes, not a derived key):
 * verifying against it costs exactly what a real verification costs.
 */
const DUMMY_HASH = [
  PREFIX,
  SCRYPT_PARAMETERS.N,
  SCRYPT_PARAMETERS.r,
  SCRYPT_PARAMETERS.p,
  randomBytes(SALT_BYTES).toString('base64url'),
  randomBytes(KEY_BYTES).toString('base64url'),
].join('$');

/**
 * Spends the same work as a real verification and answers false. The token endpoint calls it for an
 * unknown client_id, so response time does not tell an attacker which client ids exist.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  await verifySecret(secret, DUMMY_HASH);
  return false;
}
