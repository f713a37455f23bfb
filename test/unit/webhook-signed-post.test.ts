/**
 * The signed POST's guard and words (functions/webhooks/signed-post.ts), with DNS answered by the test: a
 * name that resolves to a private address is refused before any connection, and the error names neither the
 * address nor the host; node's own connection errors are put in words without addresses. And which secrets
 * sign a delivery around a rotation (functions/domain/webhooks/webhook-endpoint.ts).
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:dns', async (original) => {
  const real = await original<typeof import('node:dns')>();
  return {
    ...real,
    lookup: (
      hostname: string,
      _options: object,
      callback: (error: Error | null, addresses: { address: string; family: number }[]) => void,
    ) => {
      if (hostname === 'sneaky.partner.example') return callback(null, [{ address: '10.20.30.40', family: 4 }]);
      if (hostname === 'metadata.partner.example')
        return callback(null, [
          { address: '93.184.215.14', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ]);
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    },
  };
});

const { describeFailure, postSigned } = await import('../../functions/webhooks/signed-post.js');
const { SECRET_ROTATION_OVERLAP_MS, signingSecrets } = await import('../../functions/domain/webhooks/webhook-endpoint.js');

describe('a webhook attempt to a name that resolves somewhere private', () => {
  it.each(['sneaky.partner.example', 'metadata.partner.example'])(
    'is refused before connecting, and the error names no address (%s)',
    async (host) => {
      const result = await postSigned(`https://${host}/hooks`, {}, '{}', { timeoutMs: 2_000, policy: 'strict' });
      expect(result).toEqual({ error: 'the host resolves to an address webhooks may not reach' });
    },
  );

  it('says a name does not resolve without repeating it', async () => {
    const result = await postSigned('https://nowhere.partner.example/hooks', {}, '{}', { timeoutMs: 2_000, policy: 'strict' });
    expect(result).toEqual({ error: 'the host name does not resolve' });
  });

  it("puts node's connection errors in words without their addresses", () => {
    const cases: [string, string][] = [
      ['ECONNREFUSED', 'the connection was refused'],
      ['ECONNRESET', 'the connection was reset'],
      ['EHOSTUNREACH', 'the host is unreachable'],
      ['CERT_HAS_EXPIRED', 'TLS failed (CERT_HAS_EXPIRED)'],
      ['EWHATEVER', 'the connection failed (EWHATEVER)'],
    ];
    for (const [code, words] of cases) {
      expect(describeFailure(Object.assign(new Error(`connect ${code} 10.0.0.7:443`), { code }))).toBe(words);
    }
  });
});

describe('the secrets that sign a delivery', () => {
  const rotatedAt = Date.parse('2026-11-25T12:00:00Z');
  const endpoint = {
    secret: 'whsec_new',
    previousSecret: 'whsec_old',
    previousSecretExpiresAt: new Date(rotatedAt + SECRET_ROTATION_OVERLAP_MS).toISOString(),
  };
  it('are both, new first, for 24 hours after a rotation; then the new one alone', () => {
    expect(signingSecrets(endpoint, new Date(rotatedAt + 1_000))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, new Date(rotatedAt + SECRET_ROTATION_OVERLAP_MS - 1_000))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, new Date(rotatedAt + SECRET_ROTATION_OVERLAP_MS))).toEqual(['whsec_new']);
    expect(signingSecrets({ secret: 'whsec_only' }, new Date(rotatedAt))).toEqual(['whsec_only']);
  });
});
