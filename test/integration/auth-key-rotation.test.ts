/**
 * Signing key rotation against DynamoDB Local: the token endpoint signs with the key the ring says, the
 * authorizer's verification follows a rotation without a failed call, a retired key verifies while its
 * tokens may live and not after it left the set. The clock is moved with fake Date only.
 */
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvalidTokenError, issueAccessToken, verifyAccessToken } from '../../functions/auth/access-token.js';
import { KEY_PUBLISH_LEAD_SECONDS, PRIVATE_KEY_CACHE_SECONDS, RETIRED_KEY_KEEP_SECONDS } from '../../functions/auth/key-ring.js';
import {
  ensureSigningKey,
  forgetCachedKeys,
  publishedJwks,
  rotateSigningKeys,
  signingKeyFromJwk,
} from '../../functions/auth/signing-key.js';
import { readPrivateSigningKeys } from '../../functions/auth/signing-key-store.js';
import { tokenAudience, tokenIssuer } from '../../functions/shared/config.js';
import { freshTables } from '../support/dynamo.js';

await freshTables();

const subject = { clientId: 'demo-client', tenant: 'demo', scopes: ['hotels.search'] as const };
const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

beforeAll(async () => {
  forgetCachedKeys();
  await ensureSigningKey();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signing key rotation', () => {
  it('publishes the new key at once, signs with it after the lead, and keeps verifying tokens of the old one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const before = await issueAccessToken(subject);
    const oldKid = kidOf(before.token);

    const rotation = await rotateSigningKeys();
    expect(rotation.retiredKid).toBe(oldKid);
    expect((await publishedJwks()).map((k) => k.kid).sort()).toEqual([oldKid, rotation.kid].sort());

    // During the lead the old key still signs, even in a container that reads the keys afresh (here: all
    // caches dropped), so a verifier that has not seen the new key yet fails nothing.
    forgetCachedKeys();
    vi.setSystemTime(start + (KEY_PUBLISH_LEAD_SECONDS / 2) * 1000);
    expect(kidOf((await issueAccessToken(subject)).token)).toBe(oldKid);
    // After it (and after the token function's cache of the private keys) the new key signs.
    vi.setSystemTime(start + (Math.max(KEY_PUBLISH_LEAD_SECONDS, PRIVATE_KEY_CACHE_SECONDS) * 2 + 2) * 1000);
    const after = await issueAccessToken(subject);
    expect(kidOf(after.token)).toBe(rotation.kid);

    // Both verify: the token made before the rotation, and the one made by the new key.
    await expect(verifyAccessToken(before.token)).resolves.toMatchObject({ sub: 'demo-client' });
    await expect(verifyAccessToken(after.token)).resolves.toMatchObject({ sub: 'demo-client' });
  });

  it('drops a retired key from the set once its last token has expired; a token it signs then does not verify', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const stored = await readPrivateSigningKeys();
    const retiring = await signingKeyFromJwk(stored!.next.jwk);
    await rotateSigningKeys();

    // A token of the retired key, freshly made (not expired), as a thief of the old key would make one.
    const forge = async () => {
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: tokenIssuer(),
        aud: tokenAudience(),
        sub: 'demo-client',
        tenant: 'demo',
        scope: 'hotels.search',
        iat,
        exp: iat + 900,
        jti: `j-${iat}`,
      })
        .setProtectedHeader({ alg: 'ES256', kid: retiring.kid, typ: 'at+jwt' })
        .sign(retiring.privateKey);
    };
    vi.setSystemTime(start + (RETIRED_KEY_KEEP_SECONDS - 5) * 1000);
    await expect(verifyAccessToken(await forge())).resolves.toMatchObject({ sub: 'demo-client' });
    expect((await publishedJwks()).map((k) => k.kid)).toContain(retiring.kid);

    vi.setSystemTime(start + (RETIRED_KEY_KEEP_SECONDS + 1) * 1000);
    expect((await publishedJwks()).map((k) => k.kid)).not.toContain(retiring.kid);
    const refused = await verifyAccessToken(await forge()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidTokenError);
    expect((refused as InvalidTokenError).reason).toBe('unknown-key');

    // The next rotation prunes it from the stored ring too.
    const next = await rotateSigningKeys();
    expect(next.published).not.toContain(retiring.kid);
  });

  it('two rotations at once: both succeed one after the other, and the ring keeps one signer', async () => {
    const [a, b] = await Promise.all([rotateSigningKeys(), rotateSigningKeys()]);
    expect(a.kid).not.toBe(b.kid);
    const published = await publishedJwks();
    expect(published.map((k) => k.kid)).toEqual(expect.arrayContaining([a.kid, b.kid]));
    for (const jwk of published) expect(jwk).not.toHaveProperty('d');
  });
});
