/**
 * The operator's tool, run as an operator runs it (`bin/admin.ts` in a process of its own) against a local
 * host's tables, named the way a deployed stack's are (--clients-table, --contracts-table): an account is
 * created, a client issued, and the partner searches and books with the new credentials at once; a rotated
 * secret works through its grace period and not after; a revoked client gets no token and its live token
 * stops working within the authorizer cache's time; invalid contracts and pricing name the field; every
 * change is in the audit trail and no secret is.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { inDays } from '../support/stay-dates.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

const AUTHORIZER_CACHE_SECONDS = 1;
const run = promisify(execFile);

let host: LocalHost;
beforeAll(async () => {
  host = await startTestHost({ authorizerCacheSeconds: AUTHORIZER_CACHE_SECONDS });
}, 120_000);
afterAll(() => host?.stop());

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tables = [
    '--endpoint',
    host.dynamoEndpoint,
    '--clients-table',
    process.env.CLIENTS_TABLE!,
    '--contracts-table',
    process.env.CONTRACTS_TABLE!,
    '--wallets-table',
    process.env.WALLETS_TABLE!,
    '--bookings-table',
    process.env.BOOKINGS_TABLE!,
    '--actor',
    'ops-test',
  ];
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', repositoryPath('bin/admin.ts'), ...tables, ...args], {
      cwd: repositoryPath('.'),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function json<T>(...args: string[]): Promise<T> {
  const result = await admin('--json', ...args);
  expect(result.code, result.stderr + result.stdout).toBe(0);
  return JSON.parse(result.stdout) as T;
}

async function token(clientId: string, secret: string): Promise<Response> {
  return fetch(`${host.url}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
}

const call = (tenant: string, accessToken: string, path: string, init: RequestInit & { idempotencyKey?: string } = {}) =>
  fetch(`${host.url}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'X-Service-Tenant': tenant,
      'Content-Type': 'application/json',
      ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
    },
  });

describe('npm run admin -- bookings reindex', () => {
  it('makes a booking stored before the listing indexes findable through the API, and says so once', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamoClient } = await import('../../functions/shared/dynamodb.js');
    const record = {
      tenant: 'acme',
      bookingId: 'BKBEFOREINDEXES01',
      status: 'confirmed',
      clientReference: 'BEFORE-INDEXES',
      supplierId: 'hotelbeds',
      supplierReference: 'HB-1',
      propertyId: 'prop_1',
      propertyName: 'Hotel One',
      checkIn: '2027-03-01',
      checkOut: '2027-03-03',
      total: '100.00',
      currency: 'EUR',
      matchedSearchPrice: true,
      cancellationPolicy: [],
      history: [],
      createdAt: '2026-10-01T10:00:00.000Z',
      updatedAt: '2026-10-01T10:00:00.000Z',
    };
    // As the store wrote bookings before the indexes: keys and record only.
    await dynamoClient().send(
      new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: { pk: `acme#booking#${record.bookingId}`, sk: 'booking', ...record } }),
    );
    const accessToken = await tokenFor(host, 'acme');
    const find = async () =>
      (
        (await (await call('acme', accessToken, '/v1/hotels/bookings?clientReference=BEFORE-INDEXES')).json()) as {
          bookings: { bookingId: string }[];
        }
      ).bookings;
    expect(await find()).toEqual([]);

    expect(await json('bookings', 'reindex')).toMatchObject({ reindexed: { acme: 1 } });
    expect((await find()).map((b) => b.bookingId)).toEqual([record.bookingId]);
    const again = await admin('bookings', 'reindex');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^every booking is indexed/);
  });
});

describe('npm run admin -- wallet', () => {
  it('creates a wallet, pays in once per reference, sets the credit limit, and the partner reads it through the API', async () => {
    const created = await json<{ walletId: string; available: string }>(
      'wallet',
      'create',
      'acme',
      '--currency',
      'EUR',
      '--credit-limit',
      '250.00',
    );
    expect(created).toMatchObject({ walletId: expect.stringMatching(/^wal_/), available: '250.00' });
    await json('wallet', 'top-up', 'acme', created.walletId, '1000.50', '--reference', 'TRF-1');
    const again = await json<{ balance: string }>('wallet', 'top-up', 'acme', created.walletId, '1000.50', '--reference', 'TRF-1');
    expect(again.balance).toBe('1000.50');
    expect(await json('wallet', 'credit-limit', 'acme', created.walletId, '500')).toMatchObject({
      creditLimit: '500.00',
      available: '1500.50',
    });
    const statement = await json<{ movements: { type: string }[] }>('wallet', 'show', 'acme', created.walletId);
    expect(statement.movements.map((m) => m.type)).toEqual(['top-up', 'credit-limit']);

    const bad = await admin('wallet', 'top-up', 'acme', created.walletId, '12.345', '--reference', 'TRF-2');
    expect(bad.code).toBe(5);
    expect(bad.stderr).toContain('amount');
    expect((await admin('wallet', 'show', 'acme', 'wal_00000000000000000000')).code).toBe(3);
    const audit = await json<{ action: string; target: string }[]>('audit', 'acme');
    expect(audit.filter((e) => e.target === created.walletId).map((e) => e.action)).toEqual([
      'wallet.created',
      'wallet.topped-up',
      'wallet.top-up-repeated',
      'wallet.credit-limit-set',
    ]);

    const client = host.clients.find((c) => c.tenant === 'acme')!;
    const accessToken = ((await (await token(client.clientId, client.secret)).json()) as { access_token: string }).access_token;
    const response = await call('acme', accessToken, `/v1/wallets/${created.walletId}`);
    expect(await response.json()).toMatchObject({ walletId: created.walletId, balance: 1000.5, creditLimit: 500, available: 1500.5 });
  });
});

describe('npm run admin -- webhook', () => {
  it("lists an account's endpoints without their secrets, disables and enables one, and the partner sees it through the API", async () => {
    const token = await tokenFor(host, 'acme');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${host.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'acme', 'Content-Type': 'application/json' },
      });
    const created = (await (
      await api('/v1/webhook-endpoints', {
        method: 'POST',
        body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks', events: ['booking.confirmed'] }),
      })
    ).json()) as { endpointId: string; secret: string };

    const listed = await admin('webhook', 'list', 'acme');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(created.endpointId);
    expect(listed.stdout).not.toContain(created.secret);
    expect((await admin('--json', 'webhook', 'list', 'acme')).stdout).not.toContain('whsec_');

    expect((await admin('webhook', 'disable', 'acme', created.endpointId, '--reason', 'receiver overloaded')).code).toBe(0);
    expect(await (await api(`/v1/webhook-endpoints/${created.endpointId}`)).json()).toMatchObject({
      enabled: false,
      disabledReason: 'disabled by the operator: receiver overloaded',
    });
    expect((await admin('webhook', 'enable', 'acme', created.endpointId)).code).toBe(0);
    expect(await (await api(`/v1/webhook-endpoints/${created.endpointId}`)).json()).toMatchObject({ enabled: true });
    expect((await admin('webhook', 'disable', 'acme', 'we_00000000000000000000')).code).not.toBe(0);

    const audit = await json<{ action: string; target: string; after?: unknown }[]>('audit', 'acme');
    const ofEndpoint = audit.filter((e) => e.target === created.endpointId);
    expect(ofEndpoint.map((e) => e.action)).toEqual(['webhook.disabled', 'webhook.enabled']);
    expect(JSON.stringify(ofEndpoint)).not.toContain('whsec_');
  });
});

describe('npm run admin', () => {
  it('onboards an account whose new client can search and book at once, with its own contracts and pricing', async () => {
    const created = await json<{ tenant: string; scopes: string[] }>(
      'account',
      'create',
      'globex',
      '--scopes',
      'hotels.search',
      'hotels.book',
      '--name',
      'Globex Travel',
    );
    expect(created).toMatchObject({ tenant: 'globex', scopes: ['hotels.search', 'hotels.book'] });
    const hotelbeds = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
    await json(
      'contract',
      'set',
      'globex',
      'hotelbeds',
      '--adapter',
      'hotelbeds',
      '--endpoint-url',
      hotelbeds.endpoint,
      '--sandbox',
      '--credentials',
      JSON.stringify(hotelbeds.credentials),
    );
    const rules = join(mkdtempSync(join(tmpdir(), 'admin-')), 'rules.json');
    writeFileSync(rules, JSON.stringify({ markups: [{ id: 'globex-all', markup: { kind: 'percentage', percent: '10' } }] }));
    await json('pricing', 'set', 'globex', '--file', rules);
    const issued = await json<{ clientId: string; secret: string }>('client', 'issue', 'globex');
    expect(issued.clientId).toMatch(/^globex-/);

    const granted = await token(issued.clientId, issued.secret);
    expect(granted.status).toBe(200);
    const { access_token: accessToken } = (await granted.json()) as { access_token: string };
    const searched = await call('globex', accessToken, '/v1/hotels/search', {
      method: 'POST',
      body: JSON.stringify({
        destination: { type: 'city', code: 'RAK' },
        checkIn: inDays(50),
        checkOut: inDays(52),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
      }),
    });
    expect(searched.status).toBe(200);
    const search = (await searched.json()) as {
      searchId: string;
      suppliers: { id: string }[];
      properties: {
        cheapestRate: {
          rateId: string;
          payment: string;
          price: { net: number; markup: number; tax: number; serviceFee: number };
          minimumSellingPrice?: { amount: number };
        };
      }[];
    };
    expect(search.suppliers.map((s) => s.id)).toEqual(['hotelbeds']);
    // A net rate: the account's markup applies to it (a pay-at-hotel rate is sold at the hotel's own price,
    // whichever rules the account has), and which plan is a hotel's cheapest moves with the calendar. One the
    // supplier's minimum selling price does not raise past the markup (that floor would set the price itself).
    const markedUp = (r: (typeof search.properties)[number]['cheapestRate']) =>
      r.price.net + r.price.net * 0.1 + r.price.tax + r.price.serviceFee;
    const rate = search.properties
      .map((p) => p.cheapestRate)
      .find((r) => r.payment === 'net' && (r.minimumSellingPrice === undefined || r.minimumSellingPrice.amount < markedUp(r) - 0.01));
    expect(rate, 'a net rate among the cheapest, above any floor the supplier sets').toBeDefined();
    // Its 10% markup, not the built-in none of a new account (rounded to the cent).
    expect(rate!.price.markup).toBeCloseTo(rate!.price.net * 0.1, 1);
    const booked = await call('globex', accessToken, '/v1/hotels/bookings', {
      method: 'POST',
      idempotencyKey: crypto.randomUUID(),
      body: JSON.stringify({
        rateId: rate!.rateId,
        searchId: search.searchId,
        holder: { firstName: 'Hank', lastName: 'Scorpio', email: 'hank@example.com', phone: '+1 555 0100' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Hank', lastName: 'Scorpio' },
              { type: 'adult', firstName: 'Homer', lastName: 'Simpson' },
            ],
          },
        ],
        clientReference: 'GLOBEX-1',
      }),
    });
    expect(booked.status).toBe(201);

    const shown = await admin('show', 'globex');
    expect(shown.stdout).toContain(issued.clientId);
    expect(shown.stdout).not.toContain(issued.secret);
  }, 60_000);

  it('rotates a secret with a grace period, and revokes a client within the authorizer cache time', async () => {
    await json('account', 'create', 'initech', '--scopes', 'hotels.search');
    const issued = await json<{ clientId: string; secret: string }>('client', 'issue', 'initech');
    const rotated = await json<{ secret: string; previousSecretValidUntil: string }>(
      'client',
      'rotate',
      'initech',
      issued.clientId,
      '--grace-seconds',
      '2',
    );
    expect((await token(issued.clientId, issued.secret)).status).toBe(200); // the old one, within its grace
    expect((await token(issued.clientId, rotated.secret)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(rotated.previousSecretValidUntil) - Date.now() + 200));
    expect((await token(issued.clientId, issued.secret)).status).toBe(401); // grace over
    const live = ((await (await token(issued.clientId, rotated.secret)).json()) as { access_token: string }).access_token;
    const page = () => call('initech', live, '/v1/hotels/properties/prop_unknown');
    expect((await page()).status).toBe(404); // authorized: the property is simply unknown

    await json('client', 'revoke', 'initech', issued.clientId);
    expect((await token(issued.clientId, rotated.secret)).status).toBe(401); // no new tokens, at once
    await new Promise((resolve) => setTimeout(resolve, AUTHORIZER_CACHE_SECONDS * 1000 + 200));
    expect((await page()).status).toBe(401); // the live token, once the cached answer has expired
  }, 60_000);

  it('refuses invalid input with the field named and its exit code, and keeps an audit trail without secrets', async () => {
    await json('account', 'create', 'umbrella', '--scopes', 'hotels.search');
    const badContract = await admin(
      '--json',
      'contract',
      'set',
      'umbrella',
      'hotelbeds',
      '--adapter',
      'hotelbeds',
      '--endpoint-url',
      'not a url',
      '--sandbox',
      '--credentials',
      '{"apiKey":"k","secret":"s3cr3t-value"}',
    );
    expect(badContract.code, badContract.stderr + badContract.stdout).toBe(5);
    expect(JSON.parse(badContract.stdout).error).toMatchObject({ field: 'endpoint' });
    const rules = join(mkdtempSync(join(tmpdir(), 'admin-')), 'rules.json');
    writeFileSync(rules, JSON.stringify({ markups: [{ id: 'umbrella-all', markup: { kind: 'percentage', percent: 'ten' } }] }));
    const badPricing = await admin('--json', 'pricing', 'set', 'umbrella', '--file', rules);
    expect(badPricing.code, badPricing.stderr + badPricing.stdout).toBe(5);
    expect(JSON.parse(badPricing.stdout).error.field).toMatch(/^markups\.0\.markup/);
    expect((await admin('client', 'issue', 'nobody')).code).toBe(3);
    const beyond = await admin('client', 'issue', 'umbrella', '--scopes', 'hotels.book');
    expect(beyond.code, beyond.stderr).toBe(5); // beyond the account's scopes
    expect((await admin('client', 'launch', 'umbrella')).code).toBe(2);
    const help = await admin('client', 'rotate', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--grace-seconds');

    const issued = await json<{ clientId: string; secret: string }>('client', 'issue', 'umbrella');
    await json('client', 'rotate', 'umbrella', issued.clientId);
    const trail = await json<{ actor: string; action: string; target: string }[]>('audit', 'umbrella');
    expect(trail.map((e) => e.action)).toEqual(['account.created', 'client.issued', 'client.secret-rotated']);
    expect(trail.every((e) => e.actor === 'ops-test')).toBe(true);
    const everything = JSON.stringify(await json('audit', 'umbrella'));
    expect(everything).not.toContain(issued.secret);
    expect(everything).not.toMatch(/secretHash|scrypt|s3cr3t/);
  }, 90_000);
});
