/**
 * Many invocations in one execution environment, as Lambda Managed Instances run them: one loaded module per
 * handler group, AWS_LAMBDA_MAX_CONCURRENCY set, each invocation in its own InvokeStore context (the local
 * host opens it as the runtime does, local/invocation-scope.ts). Searches and bookings of two tenants, all
 * in flight together, must not cross: no answer carries another request's tenant, currency or reference, no
 * log line another request's correlation id, tenant, client or booking, no metric line another's route or
 * count. Then the same load with the variable unset (Powertools' one-invocation-at-a-time mode) shows the
 * check sees a crossing when the per-invocation context is missing.
 */
// First: Lambda's runtime makes the invoke store before it loads a handler, and Powertools' constructors use it.
import '../../local/invocation-scope.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import { collectEmf, type EmfMetric } from '../support/emf-lines.js';
import { startTestHost, tokenFor } from '../support/local-host.js';
import { inDays } from '../support/stay-dates.js';

// Before any module loads: the invoke store is made once, in the mode this says, and Powertools reads it per call.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY = '64';
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
});

const TENANTS = ['demo', 'acme'] as const;
type Tenant = (typeof TENANTS)[number];
/** acme is contracted with two sandbox suppliers, demo with all three (sandbox/suppliers.ts). */
const SUPPLIERS: Record<Tenant, string[]> = { demo: ['expedia', 'hotelbeds', 'opentravel'], acme: ['expedia', 'hotelbeds'] };
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];
const PER_TENANT = { searches: 8, bookings: 6 };

interface LogLine {
  readonly correlation_id?: string;
  readonly function_request_id?: string;
  readonly tenant?: string;
  readonly clientId?: string;
  readonly bookingId?: string;
  readonly message?: string;
}

/**
 * Powertools' structured log lines from now on: stdout, and stderr where it writes warnings and errors. A
 * plain wrapper over whatever writes there now (collectEmf's spy included), restored by stop().
 */
function collectLogs(): { readonly lines: LogLine[]; clear(): void; stop(): void } {
  const lines: LogLine[] = [];
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      for (const line of text.split('\n')) {
        if (!line.startsWith('{') || line.includes('"_aws"')) continue;
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (typeof parsed.level === 'string') lines.push(parsed as LogLine);
        } catch {
          // not one of ours
        }
      }
      return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    } as typeof stream.write;
    return () => void (stream.write = write);
  });
  return { lines, clear: () => void lines.splice(0), stop: () => restores.forEach((restore) => restore()) };
}

const emf = collectEmf();
const logs = collectLogs();
let host: LocalHost;
const tokens = {} as Record<Tenant, string>;
const clients = {} as Record<Tenant, string>;
/** Each tenant's own search (RAK), whose rates its bookings take. */
const searches = {} as Record<Tenant, SearchResponse>;

const call = (tenant: Tenant, path: string, init: RequestInit & { idempotencyKey?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
  return fetch(`${host.url}${path}`, { ...init, headers });
};
const searchBody = (currency: string, offset: number) =>
  JSON.stringify({
    destination: { type: 'city', code: 'RAK' },
    checkIn: inDays(60 + offset),
    checkOut: inDays(62 + offset),
    occupancies: [{ adults: 2 }],
    currency,
    nationality: 'GB',
    limit: 40,
  });

beforeAll(async () => {
  host = await startTestHost();
  for (const tenant of TENANTS) {
    tokens[tenant] = await tokenFor(host, tenant);
    clients[tenant] = host.clients.find((c) => c.tenant === tenant)!.clientId;
    const response = await call(tenant, '/v1/hotels/search', { method: 'POST', body: searchBody('EUR', 0) });
    if (response.status !== 200) throw new Error(`search for ${tenant}: ${response.status} ${await response.text()}`);
    searches[tenant] = (await response.json()) as SearchResponse;
  }
}, 120_000);
afterAll(async () => {
  await host?.stop();
  logs.stop();
  emf.stop();
});

interface Sent {
  readonly requestId: string;
  readonly tenant: Tenant;
  readonly route: 'searchHotels' | 'createBooking';
  readonly status: number;
  /** What this request and no other should have in its answer. */
  readonly problems: string[];
  readonly bookingId?: string;
}

/** Every search and booking of both tenants at once; each answer checked against its own request. */
async function concurrentLoad(): Promise<Sent[]> {
  const work: Promise<Sent>[] = [];
  for (const tenant of TENANTS) {
    for (let i = 0; i < PER_TENANT.searches; i++) {
      const currency = CURRENCIES[i % CURRENCIES.length]!;
      work.push(
        call(tenant, '/v1/hotels/search', { method: 'POST', body: searchBody(currency, i + 1) }).then(async (response) => {
          const body = (await response.json()) as SearchResponse;
          const problems: string[] = [];
          if (body.currency !== currency) problems.push(`currency ${body.currency}, asked ${currency}`);
          const suppliers = body.suppliers.map((s) => s.id).sort();
          if (JSON.stringify(suppliers) !== JSON.stringify(SUPPLIERS[tenant]))
            problems.push(`suppliers ${suppliers}, ${tenant} has ${SUPPLIERS[tenant]}`);
          const foreign = body.properties.filter(
            (p) => p.cheapestRate.price.currency !== currency || !SUPPLIERS[tenant].includes(p.cheapestRate.supplierId),
          );
          if (foreign.length > 0) problems.push(`${foreign.length} rates in another currency or from another tenant's supplier`);
          return { requestId: response.headers.get('x-request-id')!, tenant, route: 'searchHotels', status: response.status, problems };
        }),
      );
    }
    const rates = searches[tenant].properties.map((p) => p.cheapestRate).filter((r) => r.supplierId === 'hotelbeds');
    for (let i = 0; i < PER_TENANT.bookings; i++) {
      const rate = rates[i % rates.length]!;
      const clientReference = `${tenant.toUpperCase()}-${randomUUID().slice(0, 8)}`;
      const body = {
        rateId: rate.rateId,
        searchId: searches[tenant].searchId,
        clientReference,
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
      work.push(
        call(tenant, '/v1/hotels/bookings', { method: 'POST', body: JSON.stringify(body), idempotencyKey: randomUUID() }).then(
          async (response) => {
            const answer = (await response.json()) as { bookingId?: string; clientReference?: string };
            const problems =
              answer.clientReference === clientReference ? [] : [`clientReference ${answer.clientReference}, sent ${clientReference}`];
            return {
              requestId: response.headers.get('x-request-id')!,
              tenant,
              route: 'createBooking',
              status: response.status,
              problems,
              ...(answer.bookingId ? { bookingId: answer.bookingId } : {}),
            };
          },
        ),
      );
    }
  }
  return Promise.all(work);
}

/** Log lines and metric lines that belong to another request than the one they name, or to none. */
function crossings(sent: readonly Sent[], lines: readonly LogLine[], metrics: readonly EmfMetric[]): string[] {
  const found: string[] = [];
  const byRequest = new Map(sent.map((s) => [s.requestId, s] as const));
  const bookingOwner = new Map(sent.flatMap((s) => (s.bookingId ? [[s.bookingId, s.requestId] as const] : [])));
  const invocationOf = new Map<string, string>();
  const requestOfInvocation = new Map<string, string>();
  for (const line of lines) {
    const request = line.correlation_id ? byRequest.get(line.correlation_id) : undefined;
    if (!request) continue; // the flow's steps, the webhook sender, the token endpoint: other functions
    const where = `${request.route} ${request.tenant} ${request.requestId.slice(0, 8)}: "${line.message}"`;
    if (line.tenant !== request.tenant) found.push(`${where} logged tenant ${line.tenant}`);
    if (line.clientId !== clients[request.tenant]) found.push(`${where} logged client ${line.clientId}`);
    if (line.bookingId && bookingOwner.get(line.bookingId) !== undefined && bookingOwner.get(line.bookingId) !== request.requestId)
      found.push(`${where} logged another request's booking`);
    // One Lambda invocation per API request, and never two requests under one invocation id.
    const invocation = line.function_request_id ?? '';
    if ((invocationOf.get(request.requestId) ?? invocation) !== invocation) found.push(`${where} logged under two invocation ids`);
    if ((requestOfInvocation.get(invocation) ?? request.requestId) !== request.requestId)
      found.push(`${where} shares invocation ${invocation} with another request`);
    invocationOf.set(request.requestId, invocation);
    requestOfInvocation.set(invocation, request.requestId);
  }
  // The HTTP middleware's metrics: one line per request, one count of 1 under its own route.
  for (const route of ['searchHotels', 'createBooking'] as const) {
    const lines = metrics.filter((m) => /^Status\dxx$/.test(m.name) && m.dimensionSets.some((set) => set.route === route));
    const expected = sent.filter((s) => s.route === route);
    if (lines.length !== expected.length) found.push(`${route}: ${lines.length} status metric lines for ${expected.length} requests`);
    for (const line of lines) if (line.value !== 1) found.push(`${route}: a status metric of ${JSON.stringify(line.value)}, not 1`);
    const statuses = (list: readonly string[]) => [...list].sort().join(',');
    const answered = expected.map((s) => `Status${Math.floor(s.status / 100)}xx`);
    if (statuses(lines.map((l) => l.name)) !== statuses(answered))
      found.push(`${route}: metrics ${statuses(lines.map((l) => l.name))}, answers ${statuses(answered)}`);
  }
  return found;
}

describe('many invocations in one loaded module (Lambda Managed Instances)', () => {
  it('searches and bookings of two tenants in flight together: no answer, log key or metric crosses', async () => {
    emf.clear();
    logs.clear();
    const sent = await concurrentLoad();
    await new Promise((resolve) => setTimeout(resolve, 300)); // what the searches store after their answers

    expect(sent.map((s) => s.status).filter((status) => status !== 200 && status !== 201)).toEqual([]);
    expect(sent.flatMap((s) => s.problems)).toEqual([]);
    // Every request logged under its own id (the check below has lines to look at).
    const logged = new Set(logs.lines.map((l) => l.correlation_id));
    expect(sent.filter((s) => !logged.has(s.requestId)).map((s) => s.requestId)).toEqual([]);
    expect(crossings(sent, logs.lines, emf.metrics)).toEqual([]);
  });

  it('the same load without the per-invocation context: the check finds requests crossing', async () => {
    delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
    try {
      emf.clear();
      logs.clear();
      const sent = await concurrentLoad();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const found = crossings(sent, logs.lines, emf.metrics);
      expect(found.length).toBeGreaterThan(0);
    } finally {
      process.env.AWS_LAMBDA_MAX_CONCURRENCY = '64';
    }
  });
});
