/**
 * Hostile input against a running local host: the live values the valid requests need (a token, one small
 * search, two bookings, a token client of its own), the targets, one property per target, the tally of
 * answers, and the known-good request that shows the service still serves. The e2e test and
 * `npm run fuzz` both run this; the test with a few runs per route, the script with as many as asked.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { registerClient } from '../../../functions/auth/client-registry.js';
import type { ShownRate } from '../../../functions/domain/rate/shown-rate.js';
import type { SearchResponse } from '../../../functions/search/search-result.js';
import { TABLES } from '../../../functions/shared/tables.js';
import type { LocalHost } from '../../../local/host.js';
import { inDays } from '../stay-dates.js';
import { tokenFor } from '../local-host.js';
import { send, verdictOn, violations } from './fuzz-check.js';
import { casesOf, fuzzTargets, type FuzzTarget, type LiveValues } from './fuzz-targets.js';
import type { FuzzCase } from './mutations.js';

/** Small on purpose: a valid search fans out to three suppliers computing every hotel's rates. */
export const FUZZ_CITY = 'RAK';
const TOKEN_CLIENT = { clientId: 'fuzz-token-client', secret: 'fuzz-token-secret' };

export interface Tally {
  requests: number;
  ok2xx: number;
  client4xx: number;
  server5xx: number;
  /** A planned surface's documented 501 `not-implemented` to a valid request: not counted as a 5xx. */
  planned501: number;
  /** Requests the schema accepts: how much of the traffic reached past validation. */
  accepted: number;
  ms: number;
}

export interface FuzzSession {
  readonly targets: readonly FuzzTarget[];
  readonly tally: ReadonlyMap<string, Tally>;
  /** The property of one target: every hostile request's answer keeps the rules of fuzz-check.ts. */
  property(target: FuzzTarget): fc.IAsyncPropertyWithHooks<[FuzzCase]>;
  /** A known-good request; throws unless it answers 2xx. */
  stillServing(): Promise<void>;
}

function emptyTally(): Tally {
  return { requests: 0, ok2xx: 0, client4xx: 0, server5xx: 0, planned501: 0, accepted: 0, ms: 0 };
}

/** Access tokens live 15 minutes; a long `npm run fuzz` takes a fresh one well before. */
const TOKEN_REFRESH_MS = 10 * 60_000;

export async function startFuzzSession(host: LocalHost): Promise<FuzzSession> {
  let token = { value: await tokenFor(host, 'demo'), at: Date.now() };
  const credentials = async () => {
    if (Date.now() - token.at > TOKEN_REFRESH_MS) token = { value: await tokenFor(host, 'demo'), at: Date.now() };
    return { Authorization: `Bearer ${token.value}`, 'X-Service-Tenant': 'demo' };
  };
  const call = async (path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
    const response = await fetch(`${host.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(await credentials()), 'Content-Type': 'application/json', ...(init.key ? { 'Idempotency-Key': init.key } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300) throw new Error(`fuzz fixture: ${path} answered ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  // A small page size, so the search has a next page and its cursor is a live value.
  const occupancy = [{ adults: 2 }];
  const search = (await call('/v1/hotels/search', {
    method: 'POST',
    body: {
      destination: { type: 'city', code: FUZZ_CITY },
      checkIn: inDays(60),
      checkOut: inDays(62),
      occupancies: occupancy,
      currency: 'EUR',
      nationality: 'GB',
      limit: 3,
    },
  })) as unknown as SearchResponse;
  const more = (await call(
    `/v1/hotels/searches/${search.searchId}?cursor=${encodeURIComponent(search.next ?? '')}`,
  )) as unknown as SearchResponse;
  const rates: ShownRate[] = [...search.properties, ...more.properties].map((p) => p.cheapestRate);
  const rooms = [
    {
      guests: [
        { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
      ],
    },
  ];
  const book = async (rate: ShownRate) =>
    (
      await call('/v1/hotels/bookings', {
        method: 'POST',
        key: randomUUID(),
        body: {
          rateId: rate.rateId,
          searchId: search.searchId,
          holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
          rooms,
          clientReference: 'FUZZ-FIXTURE',
        },
      })
    ).bookingId as string;
  // Modify where the supplier can modify (OpenTravel's XML is the most particular about names), cancel anywhere.
  const modifiable = rates.find((r) => r.supplierId === 'opentravel') ?? rates.find((r) => r.supplierId !== 'expedia') ?? rates[0]!;
  const modifyTarget = await book(modifiable);
  const cancelTarget = await book(rates.find((r) => r !== modifiable) ?? modifiable);
  const eraseTarget = await book(rates.find((r) => r !== modifiable) ?? modifiable);
  await registerClient({ tenant: 'demo', clientId: TOKEN_CLIENT.clientId, secret: TOKEN_CLIENT.secret, scopes: ['hotels.search'] });

  const future = fc.integer({ min: 1, max: 300 });
  const live: Record<string, LiveValues> = {
    searchHotels: {
      values: fc.tuple(future, fc.integer({ min: 1, max: 3 })).map(([start, nights]) => ({
        destination: { type: 'city', code: FUZZ_CITY },
        checkIn: inDays(start),
        checkOut: inDays(start + nights),
      })),
    },
    getSearchPage: {
      pathParameters: { searchId: search.searchId },
      values: fc.record({ cursor: fc.constant(search.next ?? '') }, { requiredKeys: [] }),
    },
    createBooking: {
      values: fc.record(
        { rateId: fc.constantFrom(...rates.map((r) => r.rateId)), searchId: fc.constant(search.searchId), rooms: fc.constant(rooms) },
        { requiredKeys: ['rateId', 'searchId'] },
      ),
    },
    modifyBooking: { pathParameters: { bookingId: modifyTarget }, values: fc.record({ rooms: fc.constant(rooms) }, { requiredKeys: [] }) },
    cancelBooking: { pathParameters: { bookingId: cancelTarget } },
    erasePersonalData: { pathParameters: { bookingId: eraseTarget } },
    searchCars: {
      values: fc
        .tuple(future, fc.integer({ min: 1, max: 10 }))
        .map(([start, days]) => ({ pickUpAt: `${inDays(start)}T10:00`, dropOffAt: `${inDays(start + days)}T10:00` })),
    },
    issueToken: {
      values: fc.record({
        grant_type: fc.constant('client_credentials'),
        client_id: fc.constant(TOKEN_CLIENT.clientId),
        client_secret: fc.constant(TOKEN_CLIENT.secret),
      }),
    },
  };

  const targets = await fuzzTargets(live);
  // Table names and the test host's prefix: a body naming one tells an attacker what sits behind the API.
  const tableNames = TABLES.map((t) => process.env[t.envVar]).filter((n): n is string => !!n);
  const tally = new Map(targets.map((t) => [t.id, emptyTally()]));

  const property = (target: FuzzTarget) => {
    const counts = tally.get(target.id)!;
    return fc.asyncProperty(casesOf(target, live[target.route.id]), async (c) => {
      const verdict = verdictOn(target, c);
      // The token endpoint authenticates clients, not bearers: its cases carry their own Authorization.
      const answer = await send(host.url, target, c, target.kind === 'form' ? {} : await credentials());
      counts.requests++;
      counts.ms += answer.ms;
      if (verdict.accepted) counts.accepted++;
      if (answer.status === 501 && target.planned && verdict.accepted) counts.planned501++;
      else if (answer.status >= 500) counts.server5xx++;
      else if (answer.status >= 400) counts.client4xx++;
      else if (answer.status >= 200 && answer.status < 300) counts.ok2xx++;
      const broken = violations(target, c, verdict, answer, tableNames);
      if (answer.status >= 200 && answer.status < 300) broken.push(...(await stillUsable(answer)));
      if (broken.length > 0) throw new Error(broken.join('\n'));
    });
  };

  // What a 2xx made must work afterwards: a booking's voucher is rendered from whatever names it was given.
  const stillUsable = async (answer: { text: string }): Promise<string[]> => {
    let voucherUrl: unknown;
    try {
      voucherUrl = (JSON.parse(answer.text) as { voucherUrl?: unknown }).voucherUrl;
    } catch {
      return [];
    }
    if (typeof voucherUrl !== 'string') return [];
    const voucher = await fetch(`${host.url}${voucherUrl}`, { headers: await credentials() });
    await voucher.arrayBuffer();
    return voucher.status === 200 ? [] : [`the voucher of what it answered 2xx (${voucherUrl}) answered ${voucher.status}`];
  };

  const stillServing = async () => {
    const response = await fetch(`${host.url}/v1/hotels/bookings/${modifyTarget}`, { headers: await credentials() });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the known-good request (GET the fixture booking) answered ${response.status}`);
  };

  return { targets, tally, property, stillServing };
}
