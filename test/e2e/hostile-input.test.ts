/**
 * Hostile input, property-based, over real HTTP against the whole local host. Every route that takes a
 * body, a query or a form gets requests derived from its own schema and mutated field by field and byte by
 * byte (mutations.ts); every answer must be a 2xx or a 4xx problem naming the fields the schema names, never
 * a 5xx, never a leak, and a 2xx only for what the schema accepts (fuzz-check.ts); what a 2xx made works
 * (a booking's voucher renders) and the service still serves afterwards. Bodies over the API's 64 KB (the
 * web ACL's limit, in front of API Gateway's 10 MB) get 413 on every route that takes a body.
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS (per route) reproduce or widen a run;
 * fast-check prints the seed and the counterexample's path when a property fails. `npm run fuzz` runs
 * thousands per route and prints the figures.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../functions/contract/document.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { carriesBody, ROUTES } from '../../functions/shared/routes.js';
import type { LocalHost } from '../../local/host.js';
import { startFuzzSession, type FuzzSession } from '../support/fuzz/fuzz-session.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** A widened run (FUZZ_RUNS) gets the time it needs: a valid booking runs the whole flow and renders a voucher. */
const ROUTE_TIMEOUT_MS = Math.max(120_000, RUNS * 500);
/** The web ACL's body limit in front of API Gateway (lib/web-acl.ts), which the local gateway enforces the same. */
const PAYLOAD_LIMIT_BYTES = LIMITS.maxRequestBodyBytes;

/** Routes whose contract has a body or a query: what the targets, derived from the handlers, must cover. */
const WITH_INPUT = ROUTES.filter((r) => OPERATIONS[r.id]?.request?.body || OPERATIONS[r.id]?.request?.query).map((r) => r.id);
const WITH_BODY = ROUTES.filter(carriesBody);

let host: LocalHost;
let session: FuzzSession;
let token: string;
beforeAll(async () => {
  // The suite measures validation, not the usage plan: throttling is raised so no answer is a 429.
  host = await startTestHost({ throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } } });
  session = await startFuzzSession(host);
  token = await tokenFor(host, 'demo');
}, 120_000);
afterAll(() => host?.stop());

describe('hostile input', () => {
  it('attacks every route with a body, a query or a form, found from the handlers themselves', () => {
    expect(new Set(session.targets.map((t) => t.route.id))).toEqual(new Set(WITH_INPUT));
    expect(session.targets.map((t) => `${t.id} ${t.kind}`).sort()).toEqual(
      expect.arrayContaining(['issueToken form', 'searchHotels json', 'createBooking json', 'searchCars query', 'getSearchPage query']),
    );
  });

  it.each(WITH_INPUT)(
    '%s answers every hostile request with a 2xx or a 4xx problem naming the field, never a 5xx or a leak, and still serves',
    async (routeId) => {
      for (const target of session.targets.filter((t) => t.route.id === routeId)) {
        await fc.assert(session.property(target), { seed: SEED, numRuns: RUNS });
        await session.stillServing();
      }
    },
    ROUTE_TIMEOUT_MS,
  );
});

describe("bodies over the API's payload limit", () => {
  const headers = () => ({
    Authorization: `Bearer ${token}`,
    'X-Service-Tenant': 'demo',
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  });
  const pathOf = (route: (typeof WITH_BODY)[number]) => route.path.replace(/\{\w+\}/g, 'BK0F3M9Q2X7Z4W8N1RAB');
  const jsonOfSize = (size: number) => {
    const bytes = Buffer.alloc(size, 'a');
    bytes.write('{"a":"', 0);
    bytes.write('"}', size - 2);
    return new Uint8Array(bytes);
  };

  it.each(WITH_BODY.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 413 payload-too-large', async (_, route) => {
    for (const size of [PAYLOAD_LIMIT_BYTES + 1, LIMITS.maxPayloadBytes + 1]) {
      const over = await fetch(`${host.url}${pathOf(route)}`, { method: route.method, headers: headers(), body: jsonOfSize(size) });
      expect(over.status).toBe(413);
      // The firewall's custom response: AWS WAF types it application/json.
      expect(over.headers.get('content-type')).toBe('application/json');
      expect(await over.json()).toMatchObject({ type: 'https://hotel-api.dev/problems/payload-too-large', status: 413 });
    }
  });

  it('reads a body at the limit (the firewall decides for every route alike)', async () => {
    const atLimit = await fetch(`${host.url}/v1/hotels/search`, {
      method: 'POST',
      headers: headers(),
      body: jsonOfSize(PAYLOAD_LIMIT_BYTES),
    });
    expect(atLimit.status).toBe(400);
    expect(await atLimit.json()).toMatchObject({ type: 'https://hotel-api.dev/problems/validation-error' });
  });
});
