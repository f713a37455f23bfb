/**
 * Erasing a booking's personal data (API-SPEC.md "Personal data"), over HTTP against the local host: a
 * booking made, modified (a stored answer with names) and cancelled with a reason, its events sent to a
 * webhook receiver; then erased through the API. Every table of the host is then read whole: none holds the
 * holder's or guests' names, e-mail, phone or the reason. The booking stays, GET and the voucher name
 * nobody, a replay answers the same time, and finance's ledger (npm run finance:ledger over an export of
 * the tables) is the same file before and after. The operator's `npm run admin -- guest erase` does the same;
 * a pending booking is refused.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import { runLedger } from '../../functions/finance/run-ledger.js';
import { tableName } from '../../functions/shared/config.js';
import { TABLES } from '../../functions/shared/tables.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { repositoryPath } from '../../lib/project-paths.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { scanTable, writeFullExport } from '../support/dynamodb-export.js';
import { startTestHost } from '../support/local-host.js';

const STAYS_PENDING = 'STAYS-PENDING';
const run = promisify(execFile);

let host: LocalHost;
let journey: Journey;
let receiver: Server;
const received: string[] = [];
let folder: string;

beforeAll(async () => {
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  host = await startTestHost({
    interceptFlowStep: async (invocation: FlowInvocation, next) => {
      // The supplier cannot be asked after a timeout: the booking stays pending.
      if (invocation.step === 'ReconcileBooking' && invocation.input.request.clientReference.startsWith(STAYS_PENDING))
        throw new SupplierError('unavailable', 'hotelbeds', 'connection refused');
      return next();
    },
  });
  journey = await startJourney(host);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = await journey.call('/v1/webhook-endpoints', 'demo', {
    method: 'POST',
    body: JSON.stringify({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['booking.confirmed', 'booking.modified', 'booking.cancelled'],
    }),
  });
  expect(endpoint.status).toBe(201);
  folder = await mkdtemp(join(tmpdir(), 'erasure-ledger-'));
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await host?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A traveller nobody else in the tables has: the name is searched for in every table afterwards. */
function traveller() {
  const tag = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6);
  const line = String(1000 + Math.floor(Math.random() * 9000));
  const holder = { firstName: 'Augusta', lastName: `Kingsley${tag}`, email: `augusta.${tag}@example.org`, phone: `+44 20 7946 ${line}` };
  const companion = { type: 'adult', firstName: 'Mortimer', lastName: `Blackwood${tag}` };
  const reason = `Augusta Kingsley${tag} fell ill`;
  // A special request is free text about the traveller: personal data, erased with the names.
  const specialRequest = `Wheelchair access for Mrs ${tag}, arriving late`;
  return {
    holder,
    companion,
    reason,
    specialRequest,
    secrets: [holder.lastName, companion.lastName, holder.email, `7946 ${line}`, reason, `Mrs ${tag}`],
  };
}

async function book(person: ReturnType<typeof traveller>, clientReference = `ERASE-${randomUUID().slice(0, 6)}`, scenario?: string) {
  const rate = journey.rateOf('hotelbeds');
  const body = journey.bookingBody(rate, {
    clientReference,
    holder: person.holder,
    rooms: [
      {
        guests: [{ type: 'adult', firstName: person.holder.firstName, lastName: person.holder.lastName }, person.companion],
        specialRequest: person.specialRequest,
      },
    ],
  });
  return journey.book(rate, { body, ...(scenario ? { scenario } : {}) });
}

const get = async (bookingId: string) =>
  (await (await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo')).json()) as Record<string, any>;
const erase = (bookingId: string, key = randomUUID(), body: unknown = { requestReference: 'DSR-42' }) =>
  journey.call(`/v1/hotels/bookings/${bookingId}/personal-data`, 'demo', {
    method: 'DELETE',
    idempotencyKey: key,
    body: JSON.stringify(body),
  });

/** Every table of the host, read whole: the lines that hold any of `values`. */
async function tablesHolding(values: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    const scan = await scanTable(process.env[table.envVar]!);
    for (const item of scan.items.values()) {
      const text = JSON.stringify(item);
      for (const value of values) if (text.includes(value)) found.push(`${table.id}: ${value} in ${text.slice(0, 160)}`);
    }
  }
  return found;
}

/** The ledger as finance makes it: a full export of the bookings and wallets tables, then npm run finance:ledger's run. */
async function ledger(name: string): Promise<string> {
  const exports = join(folder, name);
  await writeFullExport(exports, await scanTable(tableName('bookings')), { prefix: 'exports/bookings' });
  await writeFullExport(exports, await scanTable(tableName('wallets')), { prefix: 'exports/wallets' });
  const out = join(folder, `${name}.csv`);
  await runLedger({ folder: exports, format: 'csv', out });
  return readFile(out, 'utf8');
}

describe('DELETE /v1/hotels/bookings/{bookingId}/personal-data', () => {
  it('erases from every store we keep; the booking, its money and the ledger stay as they were', async () => {
    const person = traveller();
    const booked = await book(person);
    expect(booked.response.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = String(booked.body.bookingId);
    await journey.untilVoucherIssued(bookingId);
    const modifyKey = randomUUID();
    const modifyBody = JSON.stringify({
      holder: { phone: person.holder.phone },
      rooms: [{ guests: [{ type: 'adult', firstName: person.holder.firstName, lastName: person.holder.lastName }, person.companion] }],
    });
    const modified = await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo', {
      method: 'PATCH',
      idempotencyKey: modifyKey,
      body: modifyBody,
    });
    expect(modified.status).toBe(200);
    const cancelled = await journey.call(`/v1/hotels/bookings/${bookingId}/cancel`, 'demo', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({ reason: person.reason }),
    });
    expect(cancelled.status).toBe(200);
    const before = await get(bookingId);
    expect(before.holder.lastName).toBe(person.holder.lastName);
    expect(before.cancellation.reason).toBe(person.reason);
    // Renaming the guests kept the room's request: it is not a name.
    expect(before.rooms[0].specialRequest).toBe(person.specialRequest);
    // The data is where it should be, so its absence afterwards means something: the guests table holds it.
    expect((await tablesHolding(person.secrets)).every((line) => line.startsWith('guests:'))).toBe(true);
    for (let i = 0; i < 100 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    const ledgerBefore = await ledger('before');

    const key = randomUUID();
    const erased = await erase(bookingId, key);
    const answer = (await erased.json()) as { bookingId: string; personalDataErasedAt: string };
    expect(erased.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toEqual({ bookingId, personalDataErasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    const replay = await erase(bookingId, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(answer);
    expect(await (await erase(bookingId, randomUUID(), {})).json()).toEqual(answer);

    const after = await get(bookingId);
    expect(after).not.toHaveProperty('holder');
    expect(after.personalDataErasedAt).toBe(answer.personalDataErasedAt);
    expect(after.rooms.map((room: { guests: unknown[] }) => room.guests)).toEqual([[]]);
    expect(after.rooms[0]).not.toHaveProperty('specialRequest');
    expect(after.cancellation).not.toHaveProperty('reason');
    const { holder: _h, rooms: _r, history: _hi, updatedAt: _u, personalDataErasedAt: _e, cancellation: _c, ...kept } = before;
    expect(after).toMatchObject(kept);
    expect(after.history.at(-1)).toMatchObject({
      event: 'personal-data-erased',
      detail: "personal data erased at the partner's request (DSR-42)",
    });

    const voucher = await (
      await journey.call(`/v1/hotels/bookings/${bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } })
    ).text();
    expect(voucher).toContain('personal data erased');
    for (const value of person.secrets) expect(voucher).not.toContain(value);
    // A replay of the modification names nobody now either.
    const modifyReplay = (await (
      await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo', { method: 'PATCH', idempotencyKey: modifyKey, body: modifyBody })
    ).json()) as Record<string, unknown>;
    expect(modifyReplay).not.toHaveProperty('holder');
    expect(JSON.stringify(modifyReplay)).not.toContain(person.holder.lastName);

    expect(await tablesHolding(person.secrets)).toEqual([]);
    expect(received.length).toBeGreaterThan(0);
    const ledgerAfter = await ledger('after');
    console.info(`ledger before erasure:\n${ledgerBefore}\nledger after erasure:\n${ledgerAfter}`);
    expect(ledgerAfter).toBe(ledgerBefore);
    expect(ledgerBefore).toContain(bookingId);
  });

  it('refuses a booking still pending (409) and keeps its data', async () => {
    const person = traveller();
    const booked = await book(person, `${STAYS_PENDING}-${randomUUID().slice(0, 6)}`, 'book-timeout');
    expect(booked.response.status, JSON.stringify(booked.body)).toBe(202);
    const bookingId = String(booked.body.bookingId);
    const refused = await erase(bookingId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ type: 'https://hotel-api.dev/problems/conflict', bookingId, status: 409 });
    expect((await tablesHolding([person.holder.lastName])).length).toBeGreaterThan(0);
  });

  it('is what the operator does with npm run admin -- guest erase', async () => {
    const person = traveller();
    const booked = await book(person);
    const bookingId = String(booked.body.bookingId);
    await journey.untilVoucherIssued(bookingId);
    const tables = [
      '--endpoint',
      host.dynamoEndpoint,
      '--clients-table',
      tableName('clients'),
      '--contracts-table',
      tableName('contracts'),
      '--bookings-table',
      tableName('bookings'),
      '--guests-table',
      tableName('guests'),
      '--actor',
      'dpo-desk',
    ];
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', repositoryPath('bin/admin.ts'), ...tables, '--json', 'guest', 'erase', 'demo', bookingId],
      { cwd: repositoryPath('.') },
    );
    const outcome = JSON.parse(stdout) as { personalDataErasedAt: string };
    const after = await get(bookingId);
    expect(after.personalDataErasedAt).toBe(outcome.personalDataErasedAt);
    expect(after.history.at(-1).detail).toBe('personal data erased by operator dpo-desk');
    expect(await tablesHolding(person.secrets)).toEqual([]);
    // Erasing again, either way, answers the same time.
    expect(await (await erase(bookingId)).json()).toEqual({ bookingId, personalDataErasedAt: outcome.personalDataErasedAt });
  });
});
