/**
 * `npm run demo`: a partner's whole journey against a running API (`npm start` in another terminal),
 * through the typed client: token, search, rate check, booking, a replay of the same Idempotency-Key,
 * retrieval, the voucher saved to a file, cancellation. Each step is printed with its timing.
 *
 * Environment: API_URL (default http://127.0.0.1:3000), CLIENT_ID / CLIENT_SECRET / TENANT (default the
 * seeded demo client), DEMO_CITY (default AMS), DEMO_OUT (where the voucher goes, default the system's
 * temporary directory).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiProblem, HotelApiClient } from '../client/hotel-api-client.js';
import { answerHelp, refuseArguments } from './cli-help.js';

const USAGE = `usage: npm run demo

A partner's whole journey against a running API (npm start in another terminal), through the typed client:
token, search, rate check, booking, a replay of the same Idempotency-Key, retrieval, finding it by
clientReference, the voucher saved to a file, cancellation; each step timed. Takes no arguments.

Environment: API_URL (default http://127.0.0.1:3000), CLIENT_ID, CLIENT_SECRET, TENANT (default the seeded
demo client), DEMO_CITY (default AMS), DEMO_OUT (the voucher's folder, default the temporary directory).

Exit codes: 0 the journey completed, 1 a step failed or no API answered, 2 usage.`;
answerHelp(USAGE);
refuseArguments(USAGE);

const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const client = new HotelApiClient({
  baseUrl,
  clientId: process.env.CLIENT_ID ?? 'demo-client',
  clientSecret: process.env.CLIENT_SECRET ?? process.env.DEMO_CLIENT_SECRET ?? 'demo-secret',
  tenant: process.env.TENANT ?? 'demo',
  onRetry: (reason, waitMs) => console.log(`      (retrying after ${reason}${waitMs ? `, waiting ${waitMs} ms as Retry-After asks` : ''})`),
});

let step = 0;
async function timed<T>(title: string, run: () => Promise<T>, describe: (result: T) => string[]): Promise<T> {
  step += 1;
  const started = performance.now();
  const result = await run();
  const ms = (performance.now() - started).toFixed(0);
  console.log(`${String(step).padStart(2)}. ${title.padEnd(44, '.')} ${ms.padStart(6)} ms`);
  for (const line of describe(result)) console.log(`      ${line}`);
  return result;
}

/** For display only: amounts arrive as JSON numbers with at most the currency's decimals. */
const money = (price: { total?: number; amount?: number; currency: string }) => `${price.total ?? price.amount} ${price.currency}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  console.log(`Hotel API demo against ${baseUrl}\n`);
  await timed(
    'token (client credentials, cached)',
    () => client.tokens.get(),
    (token) => [`access token ${token.slice(0, 16)}…, reused by every call below`],
  );

  const city = process.env.DEMO_CITY ?? 'AMS';
  const search = await timed(
    `search ${city}, 2 adults, 3 nights`,
    () =>
      client.search({
        destination: { type: 'city', code: city },
        checkIn: inDays(45),
        checkOut: inDays(48),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        limit: 20,
      }),
    (s) => [
      `${s.totalProperties} properties, partial: ${s.partial}; suppliers: ${s.suppliers.map((x) => `${x.id} ${x.status} (${x.results} in ${x.tookMs} ms)`).join(', ')}`,
      ...s.properties
        .slice(0, 3)
        .map((p) => `${p.name} (${p.starRating ?? '?'}*) from ${money(p.cheapestRate.price)} via ${p.cheapestRate.supplierId}`),
    ],
  );
  const chosen = search.properties.find((p) => p.cheapestRate.refundable) ?? search.properties[0];
  if (!chosen) throw new Error('the search found nothing to book');

  const checked = await timed(
    'rate check (binding price)',
    () => client.checkRate(chosen.cheapestRate.rateId),
    (c) => [
      `${chosen.name}: ${c.status}, ${money(c.price)} (searched ${money(c.previousPrice)}), ${c.boardBasis}, refundable: ${c.refundable}`,
    ],
  );

  const request = {
    rateId: checked.rateId,
    searchId: search.searchId,
    holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
    rooms: [
      {
        guests: [
          { type: 'adult' as const, firstName: 'Ada', lastName: 'Lovelace' },
          { type: 'adult' as const, firstName: 'Charles', lastName: 'Babbage' },
        ],
      },
    ],
    clientReference: `DEMO-${Date.now()}`,
  };
  const booked = await timed(
    'booking (Step Functions flow)',
    () => client.book(request),
    (b) => [
      `${b.status} ${b.booking.status}: ${b.booking.bookingId}, supplier reference ${b.booking.supplierReference}`,
      `price locked ${money(b.booking.priceLocked)}, matched the search price: ${b.booking.priceLocked.matchedSearchPrice}`,
      `Idempotency-Key ${b.idempotencyKey}`,
    ],
  );

  await timed(
    'booking again with the same Idempotency-Key',
    () => client.book(request, { idempotencyKey: booked.idempotencyKey }),
    (b) => [
      `${b.status}, replayed: ${b.replayed}, same booking: ${b.booking.bookingId === booked.booking.bookingId} (nothing booked twice)`,
    ],
  );

  const record = await timed(
    'retrieval',
    () => client.getBooking(booked.booking.bookingId),
    (r) => [`${r.status} at ${r.propertyName}, ${r.checkIn} → ${r.checkOut}; history: ${r.history.map((e) => e.event).join(' → ')}`],
  );

  await timed(
    'finding it again by clientReference',
    () => client.listBookings({ clientReference: request.clientReference }),
    (page) => [
      `${page.bookings.length} booking with ${request.clientReference}: ${page.bookings.map((b) => `${b.bookingId} ${b.status} at ${b.supplierId}`).join(', ')}`,
    ],
  );

  const out = join(process.env.DEMO_OUT ?? tmpdir(), `voucher-${record.bookingId}.pdf`);
  await timed(
    'voucher (PDF)',
    () => client.voucher(record.bookingId, 'pdf'),
    (pdf) => {
      writeFileSync(out, pdf as Uint8Array);
      return [`${(pdf as Uint8Array).length} bytes saved to ${out}`];
    },
  );

  await timed(
    'cancellation',
    () => client.cancel(record.bookingId, { reason: 'demo' }),
    (c) =>
      c.status === 'cancelled'
        ? [`${c.status} at ${c.cancelledAt}; penalty applied ${money(c.penalty)}, quoted ${money(c.quotedPenalty)}`]
        : [
            `${c.status}: sent at ${c.cancelRequestedAt}, the supplier's answer not known yet (GET the booking); quoted ${money(c.quotedPenalty)}`,
          ],
  );

  console.log(`\n${client.tokens.fetched} token request${client.tokens.fetched === 1 ? '' : 's'} for ${step} steps.`);
}

main().catch((error: unknown) => {
  if (error instanceof ApiProblem) console.error(`\nThe API answered ${error.status}: ${JSON.stringify(error.problem, null, 2)}`);
  else if (error instanceof TypeError && String(error.cause ?? '').includes('ECONNREFUSED'))
    console.error(`\nNo API at ${baseUrl}: start it with \`npm start\` in another terminal.`);
  else console.error(error);
  process.exitCode = 1;
});
