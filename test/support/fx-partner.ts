/**
 * A partner and an operator against a local host, for the FX tests: the partner's calls (search in a
 * currency, any route), and the operator's tool run as a process on the host's tables.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { parseMinor } from '../../functions/domain/money/money.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import { repositoryPath } from '../../lib/project-paths.js';
import type { LocalHost } from '../../local/host.js';
import { inDays } from './stay-dates.js';
import { tokenFor } from './local-host.js';

const run = promisify(execFile);

/** The operator's tool in a process of its own, on the host's tables. */
export async function admin(host: LocalHost, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tables = [
    '--endpoint',
    host.dynamoEndpoint,
    '--table-prefix',
    process.env.FX_RATES_TABLE!.replace(/-fxRates$/, ''),
    '--actor',
    'fx-desk',
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

export interface Partner {
  call(path: string, tenant: 'demo' | 'acme', init?: RequestInit & { idempotencyKey?: string }): Promise<Response>;
  search(
    currency: string,
    tenant?: 'demo' | 'acme',
    city?: string,
  ): Promise<{ response: Response; body: SearchResponse & Record<string, unknown> }>;
}

export async function partnerOf(host: LocalHost): Promise<Partner> {
  const tokens = { demo: await tokenFor(host, 'demo'), acme: await tokenFor(host, 'acme') };
  const call: Partner['call'] = (path, tenant, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${tokens[tenant]}`);
    headers.set('X-Service-Tenant', tenant);
    if (init.body) headers.set('Content-Type', 'application/json');
    if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
    return fetch(`${host.url}${path}`, { ...init, headers });
  };
  const search: Partner['search'] = async (currency, tenant = 'demo', city = 'RAK') => {
    const response = await call('/v1/hotels/search', tenant, {
      method: 'POST',
      body: JSON.stringify({
        destination: { type: 'city', code: city },
        checkIn: inDays(50),
        checkOut: inDays(53),
        occupancies: [{ adults: 2 }],
        currency,
        nationality: 'GB',
        limit: 1000,
        timeoutMs: 15_000,
      }),
    });
    return { response, body: (await response.json()) as SearchResponse & Record<string, unknown> };
  };
  return { call, search };
}

export const rates = (body: SearchResponse) => body.properties.map((p) => p.cheapestRate);

/** Every amount of a price in minor units of its currency: refused if it has more decimals than the currency. */
export function minorUnits(price: { net: number; markup: number; tax: number; serviceFee: number; total: number; currency: string }) {
  const minor = (amount: number) => parseMinor(String(amount), price.currency);
  return {
    net: minor(price.net),
    markup: minor(price.markup),
    tax: minor(price.tax),
    serviceFee: minor(price.serviceFee),
    total: minor(price.total),
  };
}

export function bookingOf(rateId: string, searchId: string) {
  return {
    rateId,
    searchId,
    clientReference: `FX-${randomUUID().slice(0, 8)}`,
    holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    rooms: [
      {
        guests: [
          { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
          { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
        ],
      },
    ],
  };
}
