/** Where webhooks may go (functions/webhooks/webhook-url.ts): nothing of ours, nothing private, https in production. */
import { describe, expect, it } from 'vitest';
import { addressAllowed, urlProblem } from '../../functions/webhooks/webhook-url.js';

describe('webhook URLs under the strict (deployed) policy', () => {
  it('accepts an https URL on a public host name', () => {
    expect(urlProblem('https://partner.example.com/hooks/hotel-api?x=1', 'strict')).toBeUndefined();
  });

  it.each([
    ['http://partner.example.com/hooks', 'must be https'],
    ['https://127.0.0.1/hooks', 'must name a host, not an IP address'],
    ['https://[::1]/hooks', 'must name a host, not an IP address'],
    ['https://169.254.169.254/latest/meta-data', 'must name a host, not an IP address'],
    ['https://localhost/hooks', 'must be a public host name'],
    ['https://intranet/hooks', 'must be a public host name'],
    ['https://db.internal/hooks', 'must be a public host name'],
    ['https://abc123.execute-api.us-east-1.amazonaws.com/api/v1', 'must be a public host name'],
    ['https://user:pass@partner.example.com/hooks', 'must not carry credentials (use the signature to authenticate us)'],
    ['partner.example.com/hooks', 'is not an absolute URL'],
  ])('refuses %s: %s', (url, problem) => {
    expect(urlProblem(url, 'strict')).toBe(problem);
  });

  it.each([
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.9', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
  ])('connects to %s: %s', (address, allowed) => {
    expect(addressAllowed(address, 'strict')).toBe(allowed);
  });
});

describe('webhook URLs under the local policy (npm start and the tests only)', () => {
  it('lets http and loopback through, for receivers on this machine', () => {
    expect(urlProblem('http://127.0.0.1:8080/hooks', 'local')).toBeUndefined();
    expect(addressAllowed('127.0.0.1', 'local')).toBe(true);
    expect(urlProblem('file:///etc/passwd', 'local')).toBe('must be http or https');
  });
});
