/**
 * Access tokens: JWTs (RFC 9068 profile: `typ: at+jwt`) signed ES256 with the key from signing-key.ts,
 * carrying client (sub), tenant, scope, lifetime and id. The token endpoint issues them, the authorizer
 * verifies them. Verification trusts nothing in the token that the configuration does not confirm: the
 * algorithm is allow-listed, the kid must name a key the ring publishes now (signing-key.ts), iss and aud
 * must be ours, every claim must be present with its type.
 */
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { tokenAudience, tokenIssuer } from '../shared/config.js';
import { SCOPES, type Scope } from '../shared/routes.js';
import { ACCESS_TOKEN_TTL_SECONDS, CLOCK_SKEW_SECONDS } from './key-ring.js';
import { loadSigningKey, TOKEN_ALGORITHM, verificationKey, type SigningKey, type VerificationKey } from './signing-key.js';

export { ACCESS_TOKEN_TTL_SECONDS, CLOCK_SKEW_SECONDS };
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessTokenClaims {
  iss: string;
  aud: string;
  /** The client id. */
  sub: string;
  tenant: string;
  /** Space-separated, as in OAuth. */
  scope: string;
  scopes: Scope[];
  iat: number;
  exp: number;
  jti: string;
}

export type InvalidTokenReason = 'malformed' | 'algorithm' | 'unknown-key' | 'signature' | 'expired' | 'claims';

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor(
    readonly reason: InvalidTokenReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface TokenSubject {
  clientId: string;
  tenant: string;
  scopes: readonly Scope[];
}

export async function issueAccessToken(
  subject: TokenSubject,
  options: { now?: Date; key?: SigningKey } = {},
): Promise<{ token: string; claims: AccessTokenClaims }> {
  const key = options.key ?? (await loadSigningKey());
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const scopes = SCOPES.filter((s) => subject.scopes.includes(s));
  const claims: AccessTokenClaims = {
    iss: tokenIssuer(),
    aud: tokenAudience(),
    sub: subject.clientId,
    tenant: subject.tenant,
    scope: scopes.join(' '),
    scopes,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    jti: randomUUID(),
  };
  const { scopes: _derived, ...payload } = claims;
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
    .sign(key.privateKey);
  return { token, claims };
}

/** @param options.key verify with this key alone instead of the published ring (unit tests). */
export async function verifyAccessToken(token: string, options: { now?: Date; key?: VerificationKey } = {}): Promise<AccessTokenClaims> {
  // Checked before jose sees the token, so the reason is precise and no other algorithm can ever be tried.
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new InvalidTokenError('malformed', 'not a compact JWS');
  }
  if (header.alg !== TOKEN_ALGORITHM) throw new InvalidTokenError('algorithm', `alg ${String(header.alg)} is not accepted`);
  if (typeof header.kid !== 'string') throw new InvalidTokenError('unknown-key', 'the token names no key');
  const key = options.key ? (options.key.kid === header.kid ? options.key : null) : await verificationKey(header.kid, options.now);
  if (!key) throw new InvalidTokenError('unknown-key', 'the token names no key we publish');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: tokenIssuer(),
      audience: tokenAudience(),
      typ: ACCESS_TOKEN_TYPE,
      clockTolerance: CLOCK_SKEW_SECONDS,
      // Also rejects an iat in the future (beyond the skew).
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      requiredClaims: ['sub', 'tenant', 'scope', 'iat', 'exp', 'jti'],
      ...(options.now ? { currentDate: options.now } : {}),
    }));
  } catch (error) {
    throw asInvalidToken(error);
  }
  return typedClaims(payload);
}

function asInvalidToken(error: unknown): InvalidTokenError {
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('expired', 'the token has expired');
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('algorithm', error.message);
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('signature', 'the signature does not verify');
  if (error instanceof errors.JWTClaimValidationFailed) return new InvalidTokenError('claims', error.message);
  if (error instanceof errors.JOSEError) return new InvalidTokenError('malformed', error.message);
  throw error; // not a verdict about the token (e.g. a crypto runtime failure): let it surface as such
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function typedClaims(payload: JWTPayload): AccessTokenClaims {
  const { iss, aud, sub, tenant, scope, iat, exp, jti } = payload;
  const invalid = (detail: string) => new InvalidTokenError('claims', detail);
  if (!nonEmptyString(iss) || typeof aud !== 'string') throw invalid('iss and aud must be strings');
  if (!nonEmptyString(sub)) throw invalid('sub must be a non-empty string');
  if (!nonEmptyString(tenant)) throw invalid('tenant must be a non-empty string');
  if (!nonEmptyString(jti)) throw invalid('jti must be a non-empty string');
  if (typeof iat !== 'number' || typeof exp !== 'number') throw invalid('iat and exp must be numbers');
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS || exp <= iat) throw invalid('the token lifetime is not ours');
  if (typeof scope !== 'string') throw invalid('scope must be a string');
  const names = scope.split(' ');
  const scopes = names.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0 || scopes.length !== names.length) throw invalid('scope must list known scopes separated by single spaces');
  return { iss, aud, sub, tenant, scope, scopes, iat, exp, jti };
}
