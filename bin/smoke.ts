/**
 * `npm run smoke -- --base-url <url>`: after a deploy (docs/operators.md, "First deploy") or against `npm
 * start`, a partner's path through the API over plain HTTP, the way curl or any HTTP library calls it: token,
 * search, rate check, booking, the voucher as PDF bytes with `Accept: *` + `/*`, cancellation. Each step is
 * checked (status, content type, the bytes of the PDF) and timed; the first failure stops the run with what
 * the API answered. CI runs it against the local host (test/e2e/smoke.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { answerHelp } from './cli-help.js';

const USAGE = `usage: npm run smoke -- --base-url <url> [options]

A smoke test of a deployed stack (or of npm start): token, search, rate check, booking, the voucher as PDF with
Accept: */*, cancellation, over plain HTTP; each step checked and timed.

  --base-url <url>        the API's base URL: the stack's ApiUrl output (https://<id>.execute-api.<region>.amazonaws.com/api/),
                          or http://127.0.0.1:3000 for npm start
  --client-id <id>        a client of the stack (default SMOKE_CLIENT_ID, else demo-client)
  --client-secret <s>     its secret (default SMOKE_CLIENT_SECRET, else demo-secret)
  --tenant <id>           the stack's tenant (default SMOKE_TENANT, else demo)
  --city <IATA>           where to search (default AMS)
  --no-booking            token, search and rate check only: for a production stack, whose suppliers are real

Exit codes: 0 every step passed, 1 a step failed (the API's answer is printed), 2 usage.`;

answerHelp(USAGE);

function options(): { baseUrl: string; clientId: string; clientSecret: string; tenant: string; city: string; book: boolean } {
  try {
    const { values } = parseArgs({
      options: {
        'base-url': { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        tenant: { type: 'string' },
        city: { type: 'string' },
        'no-booking': { type: 'boolean' },
      },
      strict: true,
    });
    if (!values['base-url']) throw new Error('--base-url is required');
    return {
      baseUrl: new URL(values['base-url']).href.replace(/\/$/, ''),
      clientId: values['client-id'] ?? process.env.SMOKE_CLIENT_ID ?? 'demo-client',
      clientSecret: values['client-secret'] ?? process.env.SMOKE_CLIENT_SECRET ?? 'demo-secret',
      tenant: values.tenant ?? process.env.SMOKE_TENANT ?? 'demo',
      city: values.city ?? 'AMS',
      book: values['no-booking'] !== true,
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

class StepFailed extends Error {}

const settings = options();
let step = 0;

async function timed<T>(title: string, run: () => Promise<T>, describe: (result: T) => string): Promise<T> {
  step += 1;
  const started = performance.now();
  const result = await run();
  console.log(
    `${String(step).padStart(2)}. ${title.padEnd(40, '.')} ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${describe(result)}`,
  );
  return result;
}

/** The response, or a failure naming the step, the status and the body when the status is not the one expected. */
async function expectStatus(response: Response, expected: readonly number[], what: string): Promise<Response> {
  if (expected.includes(response.status)) return response;
  const body = await response.text();
  throw new StepFailed(`${what}: ${response.status} ${response.headers.get('content-type') ?? ''}\n${body.slice(0, 2000)}`);
}

let token = '';
const call = (path: string, init: RequestInit & { idempotencyKey?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Service-Tenant', settings.tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
  return fetch(`${settings.baseUrl}${path}`, { ...init, headers });
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Rate {
  rateId: string;
  refundable: boolean;
  supplierId: string;
  price: { total: number; currency: string };
}

async function main(): Promise<void> {
  console.log(`Smoke test of ${settings.baseUrl} (tenant ${settings.tenant})\n`);
  token = await timed(
    'token',
    async () => {
      const response = await expectStatus(
        await fetch(`${settings.baseUrl}/v1/oauth/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          }),
        }),
        [200],
        'token',
      );
      return ((await response.json()) as { access_token: string }).access_token;
    },
    () => 'bearer token issued',
  );

  const search = await timed(
    `search ${settings.city}`,
    async () => {
      const response = await expectStatus(
        await call('/v1/hotels/search', {
          method: 'POST',
          body: JSON.stringify({
            destination: { type: 'city', code: settings.city },
            checkIn: inDays(45),
            checkOut: inDays(47),
            occupancies: [{ adults: 2 }],
            currency: 'EUR',
            nationality: 'GB',
            limit: 50,
          }),
        }),
        [200],
        'search',
      );
      return (await response.json()) as {
        searchId: string;
        properties: { name: string; cheapestRate: Rate }[];
        suppliers: { id: string; status: string }[];
      };
    },
    (s) => `${s.properties.length} properties; ${s.suppliers.map((x) => `${x.id} ${x.status}`).join(', ')}`,
  );
  // A refundable rate: the booking is cancelled at once, free.
  const chosen = search.properties.find((p) => p.cheapestRate.refundable);
  if (!chosen) throw new StepFailed('search: no property with a refundable rate to book and cancel');

  const checked = await timed(
    'rate check',
    async () => {
      const response = await expectStatus(
        await call(`/v1/hotels/rates/${encodeURIComponent(chosen.cheapestRate.rateId)}/check`, { method: 'POST' }),
        [200],
        'rate check',
      );
      return (await response.json()) as { rateId: string; status: string; price: { total: number; currency: string } };
    },
    (c) => `${chosen.name} via ${chosen.cheapestRate.supplierId}: ${c.status}, ${c.price.total} ${c.price.currency}`,
  );
  if (!settings.book) {
    console.log('\nBooking, voucher and cancellation skipped (--no-booking).');
    return;
  }

  const booked = await timed(
    'booking',
    async () => {
      const response = await expectStatus(
        await call('/v1/hotels/bookings', {
          method: 'POST',
          idempotencyKey: randomUUID(),
          body: JSON.stringify({
            rateId: checked.rateId,
            searchId: search.searchId,
            clientReference: `SMOKE-${Date.now()}`,
            holder: { firstName: 'Smoke', lastName: 'Test', email: 'smoke-test@example.com' },
            rooms: [
              {
                guests: [
                  { type: 'adult', firstName: 'Smoke', lastName: 'Test' },
                  { type: 'adult', firstName: 'Second', lastName: 'Guest' },
                ],
              },
            ],
          }),
        }),
        [201],
        'booking',
      );
      return (await response.json()) as { bookingId: string; status: string; supplierReference: string };
    },
    (b) => `${b.status} ${b.bookingId}, supplier reference ${b.supplierReference}`,
  );

  await timed(
    'voucher, Accept: */*',
    async () => {
      const response = await expectStatus(
        await call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, { headers: { Accept: '*/*' } }),
        [200],
        'voucher',
      );
      const type = response.headers.get('content-type');
      const bytes = Buffer.from(await response.arrayBuffer());
      // API Gateway sends bytes only when the first Accept type is a binary media type: base64 text here means
      // the stack's binaryMediaTypes miss */* (AWS "Binary media types for REST APIs in API Gateway").
      if (type !== 'application/pdf' || bytes.subarray(0, 5).toString() !== '%PDF-')
        throw new StepFailed(`voucher: ${type} answer starting ${JSON.stringify(bytes.subarray(0, 16).toString())}, not PDF bytes`);
      return bytes.length;
    },
    (bytes) => `${bytes} bytes of PDF`,
  );

  await timed(
    'cancellation',
    async () => {
      const response = await expectStatus(
        await call(`/v1/hotels/bookings/${booked.bookingId}/cancel`, {
          method: 'POST',
          idempotencyKey: randomUUID(),
          body: JSON.stringify({ reason: 'smoke test' }),
        }),
        [200],
        'cancellation',
      );
      return (await response.json()) as { status: string; penalty?: { total?: number; amount?: number; currency: string } };
    },
    (c) => `${c.status}${c.penalty ? `, penalty ${c.penalty.total ?? c.penalty.amount} ${c.penalty.currency}` : ''}`,
  );
  console.log(`\nAll ${step} steps passed.`);
}

main().catch((error: unknown) => {
  if (error instanceof StepFailed) console.error(`\nFailed: ${error.message}`);
  else if (error instanceof TypeError && String(error.cause ?? '').includes('ECONNREFUSED'))
    console.error(`\nNo API at ${settings.baseUrl}.`);
  else console.error(error);
  process.exitCode = 1;
});
