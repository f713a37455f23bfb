/**
 * The attack matrix: every protected route of functions/shared/routes.ts, called as an attacker and as a
 * careless client would, over HTTP against the local host (the same gateway behaviour, authorizer and
 * handlers the stack deploys). The rows come from ROUTES, so a route added later is attacked without anyone
 * remembering; each route x attack is its own test case.
 *
 * What each column promises (README, "Reliability and security"):
 * - the route's own tenant gets through with a valid call (so every refusal below is the attack's doing);
 * - no token, or a token that is expired, not yet valid, of another issuer or audience, tampered with
 *   (tenant or scope changed, signature kept), unsigned (`alg: none`), HMAC-signed with our public key (key
 *   confusion), signed by another key under our kid, or of a client removed since: 401 with
 *   WWW-Authenticate: Bearer, and one body whatever the reason;
 * - a token without the route's scope: 403 insufficient-scope; a tenant header not the token's: 403
 *   tenant-mismatch; no tenant header: 400 missing-tenant;
 * - an id of another tenant (search, its property rates, rate, booking; in the path or in the body): 404,
 *   the same body as an id that does not exist, and that tenant's data unchanged, read back through the API
 *   and in the tables; an unknown id: 404; an id none of ours could be: 400 saying which;
 * - an Idempotency-Key another tenant used never replays that tenant's answer; one reused with another
 *   body is 422 and replays nothing.
 *
 * The public routes (scope null: the token endpoint, the key set, /openapi.json, /docs and its script) take no bearer
 * token, so they are outside the token rows; a test pins which routes those are, so a route cannot become
 * public unnoticed. A call needing a body, a query or ids takes them from VALID_CALLS below, one entry per
 * route id; a protected route without an entry fails here.
 *
 * A removed client's token is refused from the first call after removal, as here, when it was not used
 * since: the gateway caches the authorizer's answer per token (as API Gateway does) for
 * LIMITS.authorizerCacheSeconds, so one already used keeps working until that answer expires.
 */
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../functions/auth/client-registry.js';
import { loadSigningKey, TOKEN_ALGORITHM } from '../../functions/auth/signing-key.js';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { keys } from '../../functions/shared/keys.js';
import { routeById, ROUTES, SCOPES, type Route, type Scope } from '../../functions/shared/routes.js';
import type { LocalHost } from '../../local/host.js';
import { DEMO_WALLET_ID } from '../../local/seed.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { inDays } from '../support/stay-dates.js';
import { CAR_SEARCH_QUERY } from '../support/car-search-query.js';
import { mapCity, startTestHost, tokenFor } from '../support/local-host.js';

interface Ids {
  searchId: string;
  propertyId: string;
  rateId: string;
  bookingId: string;
  walletId: string;
  endpointId: string;
  deliveryId: string;
}
type IdName = keyof Ids;
const ID_NAMES: readonly IdName[] = ['searchId', 'propertyId', 'rateId', 'bookingId', 'walletId', 'endpointId', 'deliveryId'];
/** Property content is platform data, not a tenant's: any tenant whose suppliers carry a property sees it. */
const TENANT_ID_NAMES: readonly IdName[] = ['searchId', 'rateId', 'bookingId', 'walletId', 'endpointId', 'deliveryId'];

/** A well-formed id of each kind that nobody was issued. */
const UNKNOWN: Ids = {
  searchId: 'srch_00000000000000000000000000000000',
  propertyId: 'does-not-exist',
  rateId: 'r1.bm90LWEtcmF0ZQ.AAAAAAAAAAAAAAAAAAAAAA',
  bookingId: 'nope',
  walletId: 'wal_00000000000000000000',
  endpointId: 'we_00000000000000000000',
  deliveryId: 'dlv_00000000000000000000000000000',
};

interface RouteCall {
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
}

interface ValidCall {
  /** The status the route's own tenant gets (501: a planned route, validated, then not implemented). */
  readonly ok: number;
  readonly call: (ids: Ids) => RouteCall;
  /** Routes that take an Idempotency-Key: another valid body, for a key reused with a different request. */
  readonly otherBody?: (ids: Ids) => unknown;
}

const holder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' };
const guests = [
  { type: 'adult', firstName: 'Grace', lastName: 'Hopper' },
  { type: 'adult', firstName: 'Alan', lastName: 'Turing' },
];
const bookingBody = (ids: Ids, clientReference = 'ATTACK-1') => ({
  rateId: ids.rateId,
  searchId: ids.searchId,
  clientReference,
  holder,
  rooms: [{ guests }],
});
const CITY = 'RAK';
const searchBody = {
  destination: { type: 'city', code: CITY },
  checkIn: inDays(60),
  checkOut: inDays(62),
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
};
const carBooking = {
  offerId: 'co1.abc',
  searchId: 'csrch_1',
  driver: { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine.johnson@example.com', age: 23, licenceCountry: 'GB' },
  clientReference: 'TRIP-1',
};

const STAY_CHANGE = { occupancies: [{ adults: 1 }] };
/** The stay change quote of the booking ownIds made for a commit (commitStayChange's valid call commits it). */
let stayChangeQuoteId = 'q1.none';

/**
 * A valid call of every protected route, as tenant demo makes it with its ids; the path's ids are filled in
 * from the same ids. The one table to extend when a route is added (the matrix fails until it is).
 */
const VALID_CALLS: Readonly<Record<string, ValidCall>> = {
  searchHotels: { ok: 200, call: () => ({ body: searchBody }) },
  getSearchPage: { ok: 200, call: () => ({}) },
  listPropertyRates: { ok: 200, call: () => ({}) },
  getProperty: { ok: 200, call: () => ({}) },
  findDestinations: { ok: 200, call: () => ({ query: { q: 'marrakech' } }) },
  listProperties: { ok: 200, call: () => ({ query: { destination: CITY, limit: '5' } }) },
  checkRate: { ok: 200, call: () => ({}) },
  createBooking: { ok: 201, call: (ids) => ({ body: bookingBody(ids) }), otherBody: (ids) => bookingBody(ids, 'ATTACK-2') },
  getBooking: { ok: 200, call: () => ({}) },
  listBookings: { ok: 200, call: () => ({ query: { limit: '10' } }) },
  modifyBooking: {
    ok: 200,
    call: () => ({
      body: {
        holder: { email: 'grace.h@example.com' },
        rooms: [{ guests: [guests[0], { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' }] }],
      },
    }),
    otherBody: () => ({ holder: { email: 'hopper.grace@example.com' } }),
  },
  // One adult fewer on the stay as booked: a change the sandbox suppliers price without asking for another night.
  quoteStayChange: { ok: 200, call: () => ({ body: STAY_CHANGE }) },
  // The quote ownIds asked for on the booking it made for the call (stayChangeQuoteId).
  commitStayChange: {
    ok: 200,
    call: () => ({ body: { quoteId: stayChangeQuoteId } }),
    otherBody: () => ({ quoteId: `${stayChangeQuoteId}x` }),
  },
  quoteCancellation: { ok: 200, call: () => ({}) },
  cancelBooking: { ok: 200, call: () => ({ body: { reason: 'plans changed' } }), otherBody: () => ({ reason: 'found a cheaper rate' }) },
  erasePersonalData: { ok: 200, call: () => ({ body: { requestReference: 'DSR-1' } }), otherBody: () => ({ requestReference: 'DSR-2' }) },
  getVoucher: { ok: 200, call: () => ({}) },
  getWallet: { ok: 200, call: () => ({}) },
  listWalletTransactions: { ok: 200, call: () => ({ query: { limit: '10' } }) },
  // Port 9 (discard) refuses at once: a delivery to it fails fast and stays open for the retry route.
  createWebhookEndpoint: { ok: 201, call: () => ({ body: { url: 'http://127.0.0.1:9/hooks', events: ['wallet.topped-up'] } }) },
  listWebhookEndpoints: { ok: 200, call: () => ({}) },
  getWebhookEndpoint: { ok: 200, call: () => ({}) },
  updateWebhookEndpoint: { ok: 200, call: () => ({ body: { description: 'renamed by the matrix' } }) },
  deleteWebhookEndpoint: { ok: 204, call: () => ({}) },
  testWebhookEndpoint: { ok: 200, call: () => ({}) },
  rotateWebhookSecret: { ok: 200, call: () => ({}) },
  listWebhookDeliveries: { ok: 200, call: () => ({ query: { limit: '10' } }) },
  retryWebhookDelivery: { ok: 200, call: () => ({}) },
  searchCars: { ok: 501, call: () => ({ query: CAR_SEARCH_QUERY }) },
  createCarBooking: { ok: 501, call: () => ({ body: carBooking }) },
};

const PROTECTED = ROUTES.filter((r) => r.scope !== null);
const PUBLIC = ROUTES.filter((r) => r.scope === null);

function validCall(route: Route): ValidCall {
  const entry = VALID_CALLS[route.id];
  if (!entry) throw new Error(`route ${route.id} has no valid call in VALID_CALLS: add one so the matrix can attack it`);
  return entry;
}

function pathOf(route: Route, ids: Ids): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name as IdName] ?? ''));
}

/** The ids a route's call carries (path or body), found by changing each alone and seeing the call change. */
function idsCarried(route: Route): IdName[] {
  const entry = VALID_CALLS[route.id];
  const request = (ids: Ids) => JSON.stringify([pathOf(route, ids), entry?.call(ids)]);
  const base = request(UNKNOWN);
  return ID_NAMES.filter((name) => request({ ...UNKNOWN, [name]: `${UNKNOWN[name]}-changed` }) !== base);
}

const CARRYING_IDS = PROTECTED.filter((r) => idsCarried(r).length > 0);
const CARRYING_TENANT_IDS = PROTECTED.filter((r) => idsCarried(r).some((name) => TENANT_ID_NAMES.includes(name)));
const PATH_ID_ROUTES = PROTECTED.filter((r) => r.path.includes('{'));
/** Planned routes answer 501 once the request is valid and store nothing, so there is no answer to replay. */
const IDEMPOTENT = PROTECTED.filter((r) => r.idempotencyKey && VALID_CALLS[r.id]?.ok !== 501);

let host: LocalHost;
let receiver: Server;
let journey: Journey;
/** Real ids of tenant demo, which acme must not be able to tell from unknown ones. */
let demo: Ids;
const tokens = { demo: '', acme: '', without: {} as Partial<Record<Scope, string>>, removedClient: '' };
let forged: Awaited<ReturnType<typeof forgeTokens>>;

interface Send {
  /** null: no Authorization header. */
  token: string | null;
  /** null: no X-Service-Tenant header. */
  tenant: string | null;
  ids: Ids;
  key?: string;
  body?: unknown;
}

async function send(route: Route, options: Send): Promise<Response> {
  const { body, query } = validCall(route).call(options.ids);
  const headers = new Headers();
  if (options.token !== null) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.tenant !== null) headers.set('X-Service-Tenant', options.tenant);
  if (route.idempotencyKey) headers.set('Idempotency-Key', options.key ?? randomUUID());
  const sent = options.body ?? body;
  if (sent !== undefined) headers.set('Content-Type', 'application/json');
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return fetch(`${host.url}${pathOf(route, options.ids)}${search}`, {
    method: route.method,
    headers,
    ...(sent !== undefined ? { body: JSON.stringify(sent) } : {}),
  });
}

const asDemo = (route: Route, ids: Ids = demo, extra: Partial<Send> = {}) =>
  send(route, { token: tokens.demo, tenant: 'demo', ids, ...extra });
const asAcme = (route: Route, ids: Ids, extra: Partial<Send> = {}) => send(route, { token: tokens.acme, tenant: 'acme', ids, ...extra });

type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: { path: string; message: string }[];
};

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = (await response.json()) as Problem;
  expect(problem.status).toBe(response.status);
  expect(problem.instance).toBe(response.headers.get('x-request-id'));
  return problem;
}

/** A booking of demo's own, for a call of demo's that may change the booking it names. */
async function ownIds(route: Route): Promise<Ids> {
  if (route.method !== 'GET' && idsCarried(route).includes('endpointId'))
    return { ...demo, ...(await ownEndpoint('http://127.0.0.1:9/hooks')) };
  if (route.method === 'GET' || !idsCarried(route).includes('bookingId')) return demo;
  const { response, body } = await journey.book(journey.rateOf('hotelbeds'));
  expect(response.status).toBe(201);
  await journey.untilVoucherIssued(String(body.bookingId));
  if (route.id === 'commitStayChange') {
    const quoted = await asDemo(routeById('quoteStayChange'), { ...demo, bookingId: String(body.bookingId) });
    const quote = (await quoted.json()) as { quoteId?: string };
    expect(quoted.status, JSON.stringify(quote)).toBe(200);
    stayChangeQuoteId = String(quote.quoteId);
  }
  return { ...demo, bookingId: String(body.bookingId) };
}

/** A webhook endpoint of demo's at `url`, and the delivery of a ping to it. */
async function ownEndpoint(url: string): Promise<Pick<Ids, 'endpointId' | 'deliveryId'>> {
  const call = (path: string, body?: unknown) =>
    fetch(`${host.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.demo}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  // An event the matrix never causes: the endpoint's deliveries are its pings alone, so demo's holdings stay still.
  const created = await call('/v1/webhook-endpoints', { url, events: ['wallet.topped-up'] });
  expect(created.status).toBe(201);
  const { endpointId } = (await created.json()) as { endpointId: string };
  const ping = await call(`/v1/webhook-endpoints/${endpointId}/test`);
  expect(ping.status).toBe(200);
  return { endpointId, deliveryId: ((await ping.json()) as { deliveryId: string }).deliveryId };
}

/** Demo's holdings once work a call left running in the background (a voucher's re-issue) has finished. */
async function settledHoldings(ids: Ids) {
  let last = JSON.stringify(await demoHoldings(ids));
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = JSON.stringify(await demoHoldings(ids));
    if (now === last) break;
    last = now;
  }
  return demoHoldings(ids);
}

/** What tenant demo holds, through the API and in the tables: what another tenant's calls must not change. */
async function demoHoldings(ids: Ids) {
  const read = async (route: string) => {
    const response = await asDemo(routeById(route), ids);
    expect(response.status).toBe(200);
    return response.json();
  };
  const db = dynamoClient();
  const { Item: bookingItem } = await db.send(
    new GetCommand({ TableName: tableName('bookings'), Key: keys.booking('demo', ids.bookingId), ConsistentRead: true }),
  );
  const { Items: searchItems } = await db.send(
    new QueryCommand({
      TableName: tableName('searches'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `demo#search#${ids.searchId}` },
      ConsistentRead: true,
    }),
  );
  expect(bookingItem).toBeDefined();
  expect(searchItems?.length).toBeGreaterThan(0);
  // Property rates are asked of the suppliers afresh on each call: the stored search is what must not change.
  return {
    booking: await read('getBooking'),
    page: await read('getSearchPage'),
    endpoint: await read('getWebhookEndpoint'),
    deliveries: await read('listWebhookDeliveries'),
    bookingItem,
    searchItems,
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
/** The token with its payload replaced and its header and signature kept. */
const tampered = (token: string, change: (payload: JWTPayload) => JWTPayload) => {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(change(payloadOf(token)))}.${signature}`;
};

/**
 * Tokens made the way ours are (real signing key, real claims, our header), each changing one thing: a claim,
 * the algorithm, or the key. `control` changes nothing and must be accepted.
 */
async function forgeTokens() {
  // The host's signing key, as the token function reads it (the matrix runs in the host's process).
  const key = await loadSigningKey();
  const now = Math.floor(Date.now() / 1000);
  // Issuer and audience as the host's token endpoint sets them (its configuration, in process or a bundle's).
  const { iss, aud } = payloadOf(tokens.demo);
  const claims: JWTPayload = { iss, aud, sub: 'demo-client', tenant: 'demo', scope: SCOPES.join(' '), iat: now, exp: now + 900 };
  const header = { alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'at+jwt' };
  const sign = (payload: JWTPayload) => new SignJWT({ ...payload, jti: randomUUID() }).setProtectedHeader(header).sign(key.privateKey);
  const foreign = await generateKeyPair(TOKEN_ALGORITHM);
  const publicPem = await exportSPKI(key.publicKey);
  return {
    control: await sign(claims),
    expired: await sign({ ...claims, iat: now - 3600, exp: now - 2700 }),
    notYetValid: await sign({ ...claims, nbf: now + 600 }),
    otherIssuer: await sign({ ...claims, iss: 'https://auth.attacker.test' }),
    otherAudience: await sign({ ...claims, aud: 'another-api' }),
    algNone: `${base64url({ alg: 'none', kid: key.kid, typ: 'at+jwt' })}.${base64url({ ...claims, jti: randomUUID() })}.`,
    keyConfusion: await new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ ...header, alg: 'HS256' })
      .sign(new TextEncoder().encode(publicPem)),
    foreignKey: await new SignJWT({ ...claims, jti: randomUUID() }).setProtectedHeader(header).sign(foreign.privateKey),
  };
}

/** A client that gets a token and is then deleted from the clients table before the token is ever used. */
async function removedClientToken(): Promise<string> {
  const client = { tenant: 'demo', clientId: 'attack-removed-client', secret: 'removed-client-secret-1' };
  await registerClient({ ...client, scopes: [...SCOPES] });
  const response = await fetch(`${host.url}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }),
  });
  expect(response.status).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  await dynamoClient().send(new DeleteCommand({ TableName: tableName('clients'), Key: keys.client(client.tenant, client.clientId) }));
  return access_token;
}

beforeAll(async () => {
  // Hundreds of calls in a few seconds from one client: throttling has its own test (local-throttling).
  const unthrottled = { ratePerSecond: 100_000, burst: 100_000 };
  host = await startTestHost({ throttling: { stage: unthrottled, perClient: unthrottled } });
  await mapCity(CITY); // so that demo's propertyId has content: getProperty's valid call
  journey = await startJourney(host, CITY);
  const rate = journey.rateOf('hotelbeds');
  const { response, body } = await journey.book(rate);
  expect(response.status).toBe(201);
  await journey.untilVoucherIssued(String(body.bookingId));
  const property = journey.search.properties.find((p) => p.cheapestRate.rateId === rate.rateId)!;
  demo = {
    searchId: journey.search.searchId,
    propertyId: property.propertyId,
    rateId: rate.rateId,
    bookingId: String(body.bookingId),
    walletId: DEMO_WALLET_ID,
    endpointId: '',
    deliveryId: '',
  };
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
  for (const scope of SCOPES) tokens.without[scope] = await tokenFor(host, 'demo', SCOPES.filter((s) => s !== scope).join(' '));
  forged = await forgeTokens();
  tokens.removedClient = await removedClientToken();
  // Demo's endpoint answers every delivery 204 at once: its ping is delivered, and nothing of it changes later.
  receiver = createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  Object.assign(demo, await ownEndpoint(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`));
}, 120_000);
afterAll(async () => {
  await host?.stop();
  receiver?.close();
});

describe('the route table', () => {
  it('has a valid call for every protected route, and none for a route it does not have', () => {
    expect(PROTECTED.filter((r) => !VALID_CALLS[r.id]).map((r) => r.id)).toEqual([]);
    expect(Object.keys(VALID_CALLS).filter((id) => !PROTECTED.some((r) => r.id === id))).toEqual([]);
  });

  it('has only the token endpoint, the key set, the contract and the reference page as public routes', () => {
    expect(PUBLIC.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /.well-known/jwks.json',
      'GET /docs',
      'GET /docs/scalar.js',
      'GET /openapi.json',
      'POST /v1/oauth/token',
    ]);
  });

  it('serves the key set to anyone, whatever credentials come with the call, and never a private key', async () => {
    for (const authorization of [undefined, `Bearer ${tokens.acme}`, `Bearer ${forged.algNone}`, 'Basic ZGVtby1jbGllbnQ6d3Jvbmc=']) {
      const response = await fetch(`${host.url}/.well-known/jwks.json`, { headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, authorization).toBe(200);
      const { keys: published } = (await response.json()) as { keys: Record<string, unknown>[] };
      expect(published.length).toBeGreaterThan(0);
      for (const key of published) expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    }
    // Nothing but GET: the key set cannot be written through the API.
    for (const method of ['POST', 'PUT', 'DELETE'])
      expect((await fetch(`${host.url}/.well-known/jwks.json`, { method })).status, method).toBeGreaterThanOrEqual(400);
  });
});

describe('a valid call', () => {
  it.each(PROTECTED.map((r) => [r.id, r] as const))("%s: the route's own tenant gets through", async (_, route) => {
    const response = await asDemo(route, await ownIds(route));
    const text = await response.text();
    expect(response.status, text).toBe(validCall(route).ok);
  });

  it('with a token built the way the forged ones are, unchanged, gets through: each refusal below is its one change', async () => {
    const getBooking = routeById('getBooking');
    expect((await send(getBooking, { token: forged.control, tenant: 'demo', ids: demo })).status).toBe(200);
  });
});

/** Each: the token (per route where the attack depends on the route's scope) and the tenant header it is sent with. */
const TOKEN_ATTACKS: readonly (readonly [string, (route: Route) => { token: string | null; tenant: string }])[] = [
  ['no token', () => ({ token: null, tenant: 'demo' })],
  ['an expired token', () => ({ token: forged.expired, tenant: 'demo' })],
  ['a token not valid yet (nbf ahead)', () => ({ token: forged.notYetValid, tenant: 'demo' })],
  ['a token of another issuer', () => ({ token: forged.otherIssuer, tenant: 'demo' })],
  ['a token for another audience', () => ({ token: forged.otherAudience, tenant: 'demo' })],
  [
    "a real token with the tenant changed to another's",
    () => ({ token: tampered(tokens.demo, (p) => ({ ...p, tenant: 'acme' })), tenant: 'acme' }),
  ],
  [
    "a real token without the route's scope, the scope added",
    (route) => ({ token: tampered(tokens.without[route.scope!]!, (p) => ({ ...p, scope: SCOPES.join(' ') })), tenant: 'demo' }),
  ],
  ['an unsigned token (alg none)', () => ({ token: forged.algNone, tenant: 'demo' })],
  ['a token HMAC-signed with our public key (HS256 key confusion)', () => ({ token: forged.keyConfusion, tenant: 'demo' })],
  ['a token signed by another key under our kid', () => ({ token: forged.foreignKey, tenant: 'demo' })],
  ['a token of a client removed since it was issued', () => ({ token: tokens.removedClient, tenant: 'demo' })],
];

describe('tokens that are refused: 401 with WWW-Authenticate: Bearer, one body whatever the reason', () => {
  const cases = PROTECTED.flatMap((route) => TOKEN_ATTACKS.map(([attack, tokenOf]) => [route.id, attack, route, tokenOf] as const));
  it.each(cases)('%s, %s', async (_, __, route, tokenOf) => {
    const { token, tenant } = tokenOf(route);
    const response = await send(route, { token, tenant, ids: demo });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const problem = await problemOf(response);
    expect({ ...problem, instance: '' }).toEqual({
      type: 'https://hotel-api.dev/problems/unauthorized',
      title: 'A valid bearer token is required',
      status: 401,
      detail: 'Send a valid access token as Authorization: Bearer <token>',
      instance: '',
    });
  });
});

describe('a valid token used where it does not belong', () => {
  it.each(PROTECTED.map((r) => [r.id, r] as const))("%s: a token without the route's scope is 403 insufficient-scope", async (_, route) => {
    const response = await send(route, { token: tokens.without[route.scope!]!, tenant: 'demo', ids: demo });
    expect(response.status).toBe(403);
    expect((await problemOf(response)).type).toBe('https://hotel-api.dev/problems/insufficient-scope');
  });

  it.each(PROTECTED.map((r) => [r.id, r] as const))(
    "%s: a tenant header that is not the token's is 403 tenant-mismatch",
    async (_, route) => {
      const response = await send(route, { token: tokens.demo, tenant: 'acme', ids: demo });
      expect(response.status).toBe(403);
      expect((await problemOf(response)).type).toBe('https://hotel-api.dev/problems/tenant-mismatch');
    },
  );

  it.each(PROTECTED.map((r) => [r.id, r] as const))('%s: no tenant header is 400 missing-tenant', async (_, route) => {
    const response = await send(route, { token: tokens.demo, tenant: null, ids: demo });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).type).toBe('https://hotel-api.dev/problems/missing-tenant');
  });
});

describe('ids', () => {
  it('the matrix finds the ids each route carries', () => {
    const carried = Object.fromEntries(CARRYING_IDS.map((r) => [r.id, idsCarried(r)]));
    expect(carried).toEqual({
      getSearchPage: ['searchId'],
      listPropertyRates: ['searchId', 'propertyId'],
      getProperty: ['propertyId'],
      checkRate: ['rateId'],
      createBooking: ['searchId', 'rateId'],
      getBooking: ['bookingId'],
      modifyBooking: ['bookingId'],
      quoteStayChange: ['bookingId'],
      commitStayChange: ['bookingId'],
      quoteCancellation: ['bookingId'],
      cancelBooking: ['bookingId'],
      erasePersonalData: ['bookingId'],
      getVoucher: ['bookingId'],
      getWallet: ['walletId'],
      listWalletTransactions: ['walletId'],
      getWebhookEndpoint: ['endpointId'],
      updateWebhookEndpoint: ['endpointId'],
      deleteWebhookEndpoint: ['endpointId'],
      testWebhookEndpoint: ['endpointId'],
      rotateWebhookSecret: ['endpointId'],
      listWebhookDeliveries: ['endpointId'],
      retryWebhookDelivery: ['endpointId', 'deliveryId'],
    });
  });

  it.each(CARRYING_IDS.map((r) => [r.id, r] as const))('%s: an unknown id is 404 not-found', async (_, route) => {
    const response = await asDemo(route, UNKNOWN);
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ type: 'https://hotel-api.dev/problems/not-found', status: 404, title: 'Not found' });
  });

  /** The detail names the id that was sent; with it masked, another tenant's id and an unknown one read the same. */
  const masked = (problem: Problem, route: Route, ids: Ids) => {
    let detail = problem.detail;
    for (const name of idsCarried(route)) detail = detail.replaceAll(ids[name], `{${name}}`);
    return { ...problem, detail, instance: '' };
  };

  it.each(CARRYING_TENANT_IDS.map((r) => [r.id, r] as const))(
    "%s: another tenant's id is the same 404 as an unknown one, and leaves that tenant's data as it was",
    async (_, route) => {
      const before = await demoHoldings(demo);
      const theirs = await asAcme(route, demo);
      expect(theirs.status).toBe(404);
      const unknown = await asAcme(route, UNKNOWN);
      expect(unknown.status).toBe(404);
      expect(masked(await problemOf(theirs), route, demo)).toEqual(masked(await problemOf(unknown), route, UNKNOWN));
      expect(await demoHoldings(demo)).toEqual(before);
    },
  );

  it.each(PATH_ID_ROUTES.map((r) => [r.id, r] as const))(
    '%s: an id longer than any of ours is 400 naming the field and the limit',
    async (_, route) => {
      const name = route.path
        .match(/\{(\w+)\}/g)!
        .at(-1)!
        .slice(1, -1) as IdName;
      const response = await asDemo(route, { ...demo, [name]: 'x'.repeat(name === 'rateId' ? 8193 : 65) });
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem.errors).toEqual([{ path: `path.${name}`, message: expect.stringMatching(/^is longer than \d+ characters/) }]);
    },
  );

  it.each(PATH_ID_ROUTES.map((r) => [r.id, r] as const))(
    '%s: an id with characters none of ours has is 400 saying so',
    async (_, route) => {
      const name = route.path
        .match(/\{(\w+)\}/g)!
        .at(-1)!
        .slice(1, -1) as IdName;
      const response = await asDemo(route, { ...demo, [name]: 'a b;c' });
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem.errors).toEqual([{ path: `path.${name}`, message: expect.stringMatching(/^has characters no \w+ of ours can have/) }]);
    },
  );
});

describe('Idempotency-Key', () => {
  it('is required by the routes the matrix replays: booking, change, cancel and erasure', () => {
    expect(IDEMPOTENT.map((r) => r.id).sort()).toEqual([
      'cancelBooking',
      'commitStayChange',
      'createBooking',
      'erasePersonalData',
      'modifyBooking',
    ]);
  });

  it.each(IDEMPOTENT.map((r) => [r.id, r] as const))(
    "%s: another tenant's key, with the same request, never replays that tenant's answer",
    async (_, route) => {
      const ids = await ownIds(route);
      const key = randomUUID();
      const first = await asDemo(route, ids, { key });
      expect(first.status).toBe(validCall(route).ok);
      const answer = await first.json();
      // The key is live: demo sending it again gets the stored answer.
      const replay = await asDemo(route, ids, { key });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(answer);

      // A change re-issues the voucher in the background (a stay change does): the holdings once that is done.
      const before = await settledHoldings(ids);
      const theirs = await asAcme(route, ids, { key });
      const ownKey = await asAcme(route, ids);
      expect(theirs.status).toBe(ownKey.status);
      expect(theirs.status).toBe(404);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(await problemOf(theirs)).toMatchObject({ type: 'https://hotel-api.dev/problems/not-found' });
      expect(await demoHoldings(ids)).toEqual(before);
    },
  );

  it.each(IDEMPOTENT.map((r) => [r.id, r] as const))('%s: a key reused with another body is 422 and replays nothing', async (_, route) => {
    const otherBody = validCall(route).otherBody;
    if (!otherBody) throw new Error(`route ${route.id} takes an Idempotency-Key: give it an otherBody in VALID_CALLS`);
    const ids = await ownIds(route);
    const key = randomUUID();
    const first = await asDemo(route, ids, { key });
    expect(first.status).toBe(validCall(route).ok);
    const reused = await asDemo(route, ids, { key, body: otherBody(ids) });
    expect(reused.status).toBe(422);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    expect(await problemOf(reused)).toMatchObject({ type: 'https://hotel-api.dev/problems/idempotency-key-reused' });
  });
});
