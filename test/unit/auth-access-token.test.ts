import { base64url, exportSPKI, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  InvalidTokenError,
  issueAccessToken,
  verifyAccessToken,
  type InvalidTokenReason,
} from '../../functions/auth/access-token.js';
import { generateSigningKeyJwk, signingKeyFromJwk, type SigningKey } from '../../functions/auth/signing-key.js';
import { tokenAudience, tokenIssuer } from '../../functions/shared/config.js';

let key: SigningKey;

beforeAll(async () => {
  // One key given explicitly: the ring's own tests (integration/auth-key-rotation) cover choosing the key.
  key = await signingKeyFromJwk(await generateSigningKeyJwk());
});

const subject = { clientId: 'demo-client', tenant: 'demo', scopes: ['hotels.book', 'hotels.search'] as const };

function validPayload(overrides: Record<string, unknown> = {}): JWTPayload {
  const iat = Math.floor(Date.now() / 1000);
  return {
    iss: tokenIssuer(),
    aud: tokenAudience(),
    sub: 'demo-client',
    tenant: 'demo',
    scope: 'hotels.search',
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    jti: 'jti-1',
    ...overrides,
  };
}

/** Signs any payload with the real key, so only the claims decide. */
async function forge(payload: JWTPayload, header: Record<string, unknown> = {}, signWith: SigningKey = key): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt', ...header }).sign(signWith.privateKey);
}

function without(name: string): JWTPayload {
  const payload = validPayload();
  delete payload[name];
  return payload;
}

async function rejection(token: string): Promise<InvalidTokenReason> {
  try {
    await verifyAccessToken(token, { key });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTokenError);
    return (error as InvalidTokenError).reason;
  }
  throw new Error('the token was accepted');
}

const segment = (value: unknown) => base64url.encode(JSON.stringify(value));

describe('access tokens', () => {
  it('are ES256 JWTs of type at+jwt naming our key, and carry client, tenant, scope, 15 minutes and an id', async () => {
    const { token, claims } = await issueAccessToken(subject, { key });
    const [headerPart, payloadPart] = token.split('.');
    expect(JSON.parse(Buffer.from(headerPart!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' });
    const payload = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString());
    expect(payload).toMatchObject({
      iss: tokenIssuer(),
      aud: tokenAudience(),
      sub: 'demo-client',
      tenant: 'demo',
      scope: 'hotels.search hotels.book',
    });
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload).not.toHaveProperty('scopes');

    const verified = await verifyAccessToken(token, { key });
    expect(verified).toEqual(claims);
    expect(verified.scopes).toEqual(['hotels.search', 'hotels.book']);
  });

  it('get a fresh id each time', async () => {
    const a = await issueAccessToken(subject, { key });
    const b = await issueAccessToken(subject, { key });
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('are accepted up to 30 seconds past expiry (clock skew) and refused after', async () => {
    const past = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const { token: withinSkew } = await issueAccessToken(subject, { key, now: past(ACCESS_TOKEN_TTL_SECONDS + 10) });
    await expect(verifyAccessToken(withinSkew, { key })).resolves.toMatchObject({ sub: 'demo-client' });
    const { token: expired } = await issueAccessToken(subject, { key, now: past(ACCESS_TOKEN_TTL_SECONDS + 45) });
    expect(await rejection(expired)).toBe('expired');
  });
});

describe('JWT attacks are refused', () => {
  it('alg none (unsigned token)', async () => {
    const token = `${segment({ alg: 'none', typ: 'at+jwt', kid: key.kid })}.${segment(validPayload())}.`;
    expect(await rejection(token)).toBe('algorithm');
  });

  it('HS256 signed with the public key bytes (algorithm confusion)', async () => {
    const publicPem = await exportSPKI(key.publicKey);
    for (const secret of [publicPem, JSON.stringify(key.publicJwk)]) {
      const token = await new SignJWT(validPayload())
        .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'at+jwt' })
        .sign(new TextEncoder().encode(secret));
      expect(await rejection(token)).toBe('algorithm');
    }
  });

  it('a token signed by another key, whether it names our kid or its own', async () => {
    const attacker = await signingKeyFromJwk(await generateSigningKeyJwk());
    const claimingOurKid = await forge(validPayload(), {}, attacker);
    expect(await rejection(claimingOurKid)).toBe('signature');
    const ownKid = await forge(validPayload(), { kid: attacker.kid }, attacker);
    expect(await rejection(ownKid)).toBe('unknown-key');
    const noKid = `${segment({ alg: 'ES256', typ: 'at+jwt' })}.${segment(validPayload())}.${(await forge(validPayload())).split('.')[2]}`;
    expect(await rejection(noKid)).toBe('unknown-key');
  });

  it('a tampered payload or signature', async () => {
    const { token } = await issueAccessToken({ ...subject, scopes: ['hotels.search'] }, { key });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const widened = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), scope: 'hotels.search hotels.book', tenant: 'acme' };
    expect(await rejection(`${header}.${segment(widened)}.${signature}`)).toBe('signature');
    const middle = Math.floor(signature.length / 2);
    const flipped = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
    expect(await rejection(`${header}.${payload}.${flipped}`)).toBe('signature');
    expect(await rejection(`${header}.${payload}`)).toBe('malformed');
    expect(await rejection('not-a-jwt')).toBe('malformed');
  });

  it('a wrong audience or issuer', async () => {
    expect(await rejection(await forge(validPayload({ aud: 'another-api' })))).toBe('claims');
    expect(await rejection(await forge(validPayload({ iss: 'https://evil.example' })))).toBe('claims');
  });

  it('a missing claim', async () => {
    for (const claim of ['sub', 'tenant', 'scope', 'jti', 'iat', 'iss', 'aud']) {
      expect(await rejection(await forge(without(claim))), claim).toBe('claims');
    }
    // Without exp jose has nothing to expire, so requiredClaims is what refuses it.
    expect(await rejection(await forge(without('exp')))).toBe('claims');
  });

  it('claims of the wrong type or content', async () => {
    const cases: Record<string, unknown>[] = [
      { scope: ['hotels.search'] },
      { scope: 'hotels.search admin' },
      { scope: 'hotels.search  hotels.book' },
      { scope: '' },
      { tenant: 42 },
      { tenant: '' },
      { sub: '' },
      { jti: 7 },
    ];
    for (const overrides of cases) {
      expect(await rejection(await forge(validPayload(overrides))), JSON.stringify(overrides)).toBe('claims');
    }
  });

  it('a lifetime longer than ours, or an iat in the future', async () => {
    const iat = Math.floor(Date.now() / 1000);
    expect(await rejection(await forge(validPayload({ exp: iat + 86_400 })))).toBe('claims');
    expect(await rejection(await forge(validPayload({ iat: iat + 600, exp: iat + 1200 })))).toBe('claims');
  });

  it('a token without the at+jwt type', async () => {
    expect(await rejection(await forge(validPayload(), { typ: 'JWT' }))).toBe('claims');
  });
});
