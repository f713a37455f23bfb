import { describe, expect, it } from 'vitest';
import { hashSecret, SCRYPT_PARAMETERS, verifyAgainstDummy, verifySecret } from '../../functions/auth/secret-hash.js';

describe('client secret hashes', () => {
  it('verify the secret they were made from and nothing else', async () => {
    const stored = await hashSecret('demo-secret');
    expect(await verifySecret('demo-secret', stored)).toBe(true);
    expect(await verifySecret('demo-secreT', stored)).toBe(false);
    expect(await verifySecret('demo-secret ', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('are self-describing scrypt strings that never contain the secret, salted so equal secrets differ', async () => {
    const a = await hashSecret('demo-secret');
    const b = await hashSecret('demo-secret');
    const { N, r, p } = SCRYPT_PARAMETERS;
    expect(a).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('demo-secret');
  });

  it('verify with the parameters stored in the hash, so the cost can change without breaking old records', async () => {
    const stored = await hashSecret('s3cret');
    const [, , r, p, salt, hash] = stored.split('$');
    // Same salt and hash but claiming another N: a different derivation, so no match.
    expect(await verifySecret('s3cret', ['scrypt', SCRYPT_PARAMETERS.N / 2, r, p, salt, hash].join('$'))).toBe(false);
  });

  it('refuse unreadable or dangerous stored values instead of throwing', async () => {
    const stored = await hashSecret('x');
    const [, N, r, p, salt, hash] = stored.split('$');
    for (const bad of [
      '',
      'plain-text-secret',
      ['bcrypt', N, r, p, salt, hash].join('$'),
      ['scrypt', 1000, r, p, salt, hash].join('$'),
      ['scrypt', 2 ** 24, r, p, salt, hash].join('$'),
      ['scrypt', N, 0, p, salt, hash].join('$'),
      ['scrypt', N, r, p, '', hash].join('$'),
    ]) {
      expect(await verifySecret('x', bad), bad).toBe(false);
    }
  });

  it('handle non-ASCII secrets, equal under Unicode normalisation', async () => {
    const stored = await hashSecret('pässwörd-✓');
    expect(await verifySecret('pässwörd-✓', stored)).toBe(true);
    expect(await verifySecret('pa\u0308sswo\u0308rd-✓', stored)).toBe(true);
    expect(await verifySecret('passwörd-✓', stored)).toBe(false);
  });

  it('offer a dummy verification that never succeeds', async () => {
    expect(await verifyAgainstDummy('demo-secret')).toBe(false);
  });
});
