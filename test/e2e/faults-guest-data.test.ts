/**
 * Guest data on the race paths: each race that makes a step log an error is forced, over HTTP with the real
 * ASL file, DynamoDB Local and the sandbox suppliers, and every line the file's process wrote is searched for
 * the guests' names, e-mail and phone (test/support/log-leaks.ts): none may hold them.
 *
 * - the undo meets the reconciler: the save fails, and the reconciler confirms the booking before UndoBooking
 *   takes it (the undo finds it confirmed, leaves it standing and logs why);
 * - keep-pending meets a settle: the supplier's outcome is unknown, and a GET settles the booking before
 *   KeepPending notes it (a conflict, logged by the flow's entry);
 * - the save meets a cancel: the reconciler confirms and the partner cancels before SaveBooking writes (the
 *   undo then leaves the booking as it stands);
 * - a supplier error echoes the holder: the supplier refuses the booking with our request in its text.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingStateConflict } from '../../functions/booking/record/booking-store.js';
import { changeBooking } from '../../functions/booking/record/change-booking.js';
import { flowDeps } from '../../functions/booking/flow/flow-deps.js';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { cancelFree, confirmAs } from '../support/booking-moves.js';
import { proxySupplierOf, type FaultProxy } from '../support/fault-proxy.js';
import { startTestHost } from '../support/local-host.js';
import { fileCapture, findLeaks, describeLeaks } from '../support/log-leaks.js';

const UNDO_MEETS_RECONCILER = 'RACE-UNDO';
const KEEP_PENDING_MEETS_SETTLE = 'RACE-KEEP';
const SAVE_MEETS_CANCEL = 'RACE-SAVE';

/** ASCII names, so that a supplier's echo of them (its wire carries them as sent) is recognised in a line. */
const person = { firstName: 'Augusta', lastName: 'Kingsley' };
const companion = { firstName: 'Mortimer', lastName: 'Blackwood' };
const holder = { ...person, email: 'augusta.kingsley@example.org', phone: '+44 20 7946 0958' };

let host: LocalHost;
let journey: Journey;
let proxy: FaultProxy;

const now = () => new Date().toISOString();
/** What the pending-booking reconciler (or a GET settling the booking) does when it finds the booking. */
async function confirmMeanwhile(tenant: string, bookingId: string, supplierReference: string): Promise<void> {
  await changeBooking(flowDeps(), tenant, bookingId, confirmAs(supplierReference, now())).catch((error: unknown) => {
    if (!(error instanceof BookingStateConflict)) throw error;
  });
}

beforeAll(async () => {
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  host = await startTestHost({
    interceptFlowStep: async (invocation: FlowInvocation, run) => {
      const reference = invocation.input?.request?.clientReference ?? '';
      const { tenant, bookingId } = invocation.input;
      const supplierReference = invocation.input.supplierBooking?.supplierReference ?? `RACE-${bookingId}`;
      if (reference.startsWith(UNDO_MEETS_RECONCILER)) {
        if (invocation.step === 'SaveBooking')
          throw Object.assign(new Error('The conditional request failed: table unavailable'), { name: 'InternalFailure' });
        if (invocation.step === 'UndoBooking') await confirmMeanwhile(tenant, bookingId, supplierReference);
      }
      if (reference.startsWith(KEEP_PENDING_MEETS_SETTLE)) {
        if (invocation.step === 'ReconcileBooking')
          throw new SupplierError('unavailable', 'hotelbeds', `connection refused while looking up ${holder.email}`);
        if (invocation.step === 'KeepPending') await confirmMeanwhile(tenant, bookingId, supplierReference);
      }
      if (reference.startsWith(SAVE_MEETS_CANCEL) && invocation.step === 'SaveBooking') {
        await confirmMeanwhile(tenant, bookingId, supplierReference);
        await changeBooking(flowDeps(), tenant, bookingId, cancelFree(now()));
      }
      return run();
    },
  });
  proxy = await proxySupplierOf(host, 'hotelbeds');
  journey = await startJourney(host);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await host?.stop();
});

async function bookRace(prefix: string, scenario?: string) {
  const rate = journey.rateOf('hotelbeds');
  const body = journey.bookingBody(rate, {
    clientReference: `${prefix}-${randomUUID().slice(0, 6)}`,
    holder,
    rooms: [
      {
        guests: [
          { type: 'adult', ...person },
          { type: 'adult', ...companion },
        ],
      },
    ],
  });
  return journey.book(rate, { body, ...(scenario ? { scenario } : {}) });
}

/** The lines written so far whose message is `message`: proof that the race took the path it was forced down. */
const linesSaying = (message: string) => fileCapture().lines.filter((l) => l.text.includes(`"message":"${message}"`));

describe('guest data on the race paths', () => {
  it('the undo meets the reconciler: the booking stands, and why is logged without the booking', async () => {
    const { response, body } = await bookRace(UNDO_MEETS_RECONCILER);
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.status).toBe('confirmed');
    const logged = linesSaying('not undone: the booking was confirmed meanwhile under the same supplier reference');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('keep-pending meets a settle: the conflict is logged without the booking', async () => {
    const { response, body } = await bookRace(KEEP_PENDING_MEETS_SETTLE, 'book-timeout');
    // Never a 500: the booking is answered as its record stands, confirmed by the settle (201) or still pending (202).
    expect([201, 202], JSON.stringify(body)).toContain(response.status);
    const logged = linesSaying('booking flow step failed').filter((l) => l.text.includes('"step":"KeepPending"'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.at(-1)!.text).toContain('BookingStateConflict');
  });

  it('the save meets a cancel: the conflict is logged without the booking', async () => {
    const { response, body } = await bookRace(SAVE_MEETS_CANCEL);
    // The undo that follows the failed save finds the booking confirmed and cancelled since under the same
    // reference: nothing to undo, and the booking is answered as it stands.
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.status).toBe('cancelled');
    const logged = linesSaying('booking flow step failed').filter((l) => l.text.includes('"step":"SaveBooking"'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.at(-1)!.text).toContain('booking is cancelled');
  });

  it('a supplier error that echoes the holder reaches neither the problem nor a log line', async () => {
    proxy.setFault({
      matches: (method, path) => method === 'POST' && path.startsWith('/hotel-api/1.0/bookings'),
      mode: {
        kind: 'echoing-refusal',
        status: 400,
        body: (sent) =>
          JSON.stringify({
            error: { code: 'INVALID_DATA', message: `Holder not accepted: ${sent} (contact ${holder.email}, ${holder.phone})` },
          }),
      },
    });
    try {
      const { response, body } = await bookRace('ECHO');
      expect(response.status, JSON.stringify(body)).toBe(502);
      const text = JSON.stringify(body);
      for (const value of [person.lastName, companion.lastName, holder.email, '7946']) expect(text).not.toContain(value);
      expect(body.detail).toMatch(/rejected from hotelbeds, on booking, code INVALID_DATA, HTTP 400, message of \d+ characters withheld/);
    } finally {
      proxy.setFault(undefined);
    }
  });

  it('every line the races wrote: guest-data matches 0', () => {
    const { lines, sensitive } = fileCapture();
    const leaks = findLeaks(lines, sensitive);
    console.info(`guest-data check: ${lines.length} lines written, ${leaks.length} holding guest data`);
    expect(leaks, describeLeaks(leaks)).toEqual([]);
  });
});
