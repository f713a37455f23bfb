/** Where webhooks may go (functions/webhooks/webhook-url.ts): nothing of ours, nothing private, https in production. */
import { describe, expect, it } from 'vitest';
import { addressAllowed, urlProblem } from '../../functions/webhooks/webhook-url.js';

describe('webhook URLs under the strict (deployed) policy', () => {
  // The stack sets this API's own host on the webhooks function (API_HOST: functions/webhooks/webhooks-config.ts).
  const OWN_API = 'API.hotel-partner.example';

  it('accepts an https URL on a public host name, port 443 written or not', () => {
    expect(urlProblem('https://partner.example.com/hooks/hotel-api?x=1', 'strict', OWN_API)).toBeUndefined();
    expect(urlProblem('https://partner.example.com:443/hooks', 'strict', OWN_API)).toBeUndefined();
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
    // A trailing dot names the same host and slipped past the suffix rules.
    ['https://LOCALHOST./', 'must not end in a dot'],
    ['https://x.execute-api.eu-west-1.amazonaws.com./', 'must not end in a dot'],
    ['https://partner.example.com./hooks', 'must not end in a dot'],
    ['https://partner.example.com:8443/hooks', 'must use port 443'],
    ['https://partner.example.com:80/hooks', 'must use port 443'],
    ['https://abc123.lambda-url.eu-west-1.on.aws/', 'must be a public host name'],
    ['https://anything.on.aws/', 'must be a public host name'],
    ['https://abc123.execute-api.eu-west-1.amazonaws.com.cn/', 'must be a public host name'],
    ['https://abc123-vpce-0a1b.execute-api.eu-west-1.vpce.amazonaws.com/', 'must be a public host name'],
    ['https://api.hotel-partner.example/', 'must not be this API'],
    ['ftp://partner.example.com/hooks', 'must be https'],
    ['partner.example.com/hooks', 'is not an absolute URL'],
  ])('refuses %s: %s', (url, problem) => {
    expect(urlProblem(url, 'strict', OWN_API)).toBe(problem);
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
  it('lets http and loopback hosts through on any port, for receivers on this machine', () => {
    expect(urlProblem('http://127.0.0.1:8080/hooks', 'local')).toBeUndefined();
    expect(urlProblem('http://localhost:8080/hooks', 'local')).toBeUndefined();
    expect(urlProblem('http://[::1]:8080/hooks', 'local')).toBeUndefined();
    expect(addressAllowed('127.0.0.1', 'local')).toBe(true);
    expect(addressAllowed('::1', 'local')).toBe(true);
  });

  it.each([
    ['file:///etc/passwd', 'must be https'],
    ['http://partner.example.com/hooks', 'must be https'],
    ['https://partner.example.com:8443/hooks', 'must use port 443'],
    ['https://LOCALHOST./', 'must not end in a dot'],
    ['http://localhost./hooks', 'must not end in a dot'],
    ['https://x.execute-api.eu-west-1.amazonaws.com./', 'must not end in a dot'],
    ['https://10.0.0.1/hooks', 'must name a host, not an IP address'],
    ['https://169.254.169.254/latest/meta-data', 'must name a host, not an IP address'],
    ['https://abc123.lambda-url.eu-west-1.on.aws/', 'must be a public host name'],
    ['https://db.internal/hooks', 'must be a public host name'],
  ])('holds every other rule: refuses %s: %s', (url, problem) => {
    expect(urlProblem(url, 'local')).toBe(problem);
  });

  it("refuses the local gateway's own port under any loopback name", () => {
    const gateway = '127.0.0.1:3000';
    for (const url of ['http://127.0.0.1:3000/v1/oauth/token', 'http://localhost:3000/x', 'http://[::1]:3000/x'])
      expect(urlProblem(url, 'local', gateway), url).toBe('must not be this API');
    expect(urlProblem('http://127.0.0.1:3001/hooks', 'local', gateway)).toBeUndefined();
  });

  it('connects to loopback and public addresses only', () => {
    for (const address of ['10.1.2.3', '192.168.1.1', '169.254.169.254', 'fd00::1', '0.0.0.0'])
      expect(addressAllowed(address, 'local'), address).toBe(false);
    expect(addressAllowed('93.184.215.14', 'local')).toBe(true);
  });
});
