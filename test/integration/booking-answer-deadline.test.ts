/**
 * The worst case of a booking's time budget, on DynamoDB Local: a flow that does not answer by the request's
 * answer deadline (functions/booking/answer-deadline.ts), whatever it is doing. The booking function then
 * answers as the booking stands: 202 `pending` when the flow wrote its record (the supplier may hold it; it
 * is settled later by our reference); when it had not, the booking is withdrawn and refused as overload (503),
 * and the flow, however late it gets there, can neither write it nor ask a supplier for it; the partner's
 * retry with the same key books it. A flow that answers in time is the answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ANSWER_BUDGET } from '../../functions/booking/answer-deadline.js';
import type { BookDeps } from '../../functions/booking/create/create-booking.js';
import type { FlowOutcome } from '../../functions/booking/create/run-booking-flow.js';
import type { FlowInput } from '../../functions/booking/flow/flow-state.js';
import type { BookingRequest } from '../../functions/booking/booking-request.js';
import type { IdempotentInput } from '../../functions/booking/idempotent-input.js';
import { bookingIdFor } from '../../functions/booking/record/booking-id.js';
import { bookingResponse } from '../../functions/booking/record/booking-record.js';
import { requestedMove } from '../../functions/domain/booking/booking-lifecycle.js';
import { DomainError } from '../../functions/domain/errors/domain-error.js';
import { signRateId } from '../../functions/domain/rate/rate-id.js';
import { InFlightLimit } from '../../functions/shared/in-flight-limit.js';
import { freshTables } from '../support/dynamo.js';
import { checkedFlowState } from '../support/flow-state.js';

const KEY = Buffer.from('answer-deadline-test-key-0123456789');

let deps: Omit<BookDeps, 'runFlow'>;
let bookRate: typeof import('../../functions/booking/create/create-booking.js').bookRate;
let pendingRecord: typeof import('../../functions/booking/flow/booking-draft.js').pendingRecord;
let BookingWithdrawn: typeof import('../../functions/booking/record/booking-store.js').BookingWithdrawn;

beforeAll(async () => {
  await freshTables();
  const { DynamoBookingStore } = await import('../../functions/booking/record/booking-store.js');
  ({ BookingWithdrawn } = await import('../../functions/booking/record/booking-store.js'));
  const { DynamoWalletStore } = await import('../../functions/stores/dynamo-wallets.js');
  ({ bookRate } = await import('../../functions/booking/create/create-booking.js'));
  ({ pendingRecord } = await import('../../functions/booking/flow/booking-draft.js'));
  const state = checkedFlowState();
  deps = {
    rateIdKey: async () => KEY,
    now: () => new Date(),
    bookings: new DynamoBookingStore(),
    searches: {
      find: async (tenant, searchId) => ({
        searchId,
        tenant,
        request: { checkIn: state.stay.checkIn, checkOut: state.stay.checkOut, occupancies: [{ adults: 1 }], nationality: 'GB' },
        currency: 'EUR',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    },
    property: async () => undefined,
    wallets: new DynamoWalletStore(),
    issueVoucher: async () => undefined,
    operationsInFlight: new InFlightLimit(8),
  };
});

/** A booking request whose answer is due `inMs` after the flow could start (the admission's latest start). */
function requestOf(key: string, requestId: string, inMs = 1_500): IdempotentInput<BookingRequest> {
  const state = checkedFlowState();
  const rateId = signRateId({ ...state.checked!.ticket, expiresAt: new Date(Date.now() + 600_000).toISOString() }, 'demo', KEY);
  return {
    operation: 'createBooking',
    tenant: 'demo',
    clientId: 'demo-client',
    idempotencyKey: key,
    body: { ...state.request, rateId, searchId: state.checked!.ticket.searchId },
    scenarios: [],
    traveller: { ip: '127.0.0.1' },
    requestId,
    answerBy: Date.now() + BOOKING_ANSWER_BUDGET.startFlowMs + inMs,
  };
}

/** The pending record BookWithSupplier writes for the flow's input, for request `attempt`. */
async function writeAhead(input: FlowInput, attempt: string) {
  const state = { ...checkedFlowState({ bookingId: input.bookingId, requestId: attempt }), answerBy: input.answerBy };
  const requested = requestedMove({ kind: 'request', at: new Date().toISOString(), supplierId: 'hotelbeds', requestId: attempt });
  return deps.bookings.create(pendingRecord(state, state.checked!, undefined, requested), attempt);
}

/** A flow that is still running when the booking function stops waiting (the signal): it answers nothing. */
const stillRunning =
  (whileRunning: (input: FlowInput) => Promise<unknown> = async () => undefined) =>
  (input: FlowInput, signal: AbortSignal): Promise<FlowOutcome> =>
    new Promise((resolve) => {
      void whileRunning(input);
      signal.addEventListener('abort', () => resolve({ kind: 'timed-out' }));
    });

describe('a booking whose flow has not answered by the answer deadline', () => {
  it('is refused as overload when the flow had not written it, which then can never write it; the retry with the key books it', async () => {
    const key = 'key-unwritten';
    const bookingId = bookingIdFor('demo', 'demo-client', key);
    let flowInput: FlowInput | undefined;
    const started = Date.now();
    const refused = await bookRate(requestOf(key, 'req-late'), {
      ...deps,
      runFlow: stillRunning(async (input) => void (flowInput = input)),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: 'overloaded',
      details: { bookingId, retryAfterSeconds: BOOKING_ANSWER_BUDGET.retryAfterSeconds },
    });
    // Answered at its deadline, not at the flow's leisure.
    expect(Date.now() - started).toBeLessThan(BOOKING_ANSWER_BUDGET.startFlowMs + 1_500 + 3_000);
    expect(await deps.bookings.get('demo', bookingId)).toBeUndefined();

    // The flow gets to its write-ahead record after the answer: refused, so it books nothing.
    await expect(writeAhead(flowInput!, 'req-late')).rejects.toBeInstanceOf(BookingWithdrawn);
    expect(await deps.bookings.get('demo', bookingId)).toBeUndefined();

    // The partner's retry with the same key is another request: its flow writes the booking over the withdrawal.
    const retried = await bookRate(requestOf(key, 'req-retry'), {
      ...deps,
      runFlow: async (input) => {
        const { record } = await writeAhead(input, 'req-retry');
        return { kind: 'answered', response: bookingResponse(record) };
      },
    });
    expect(retried).toMatchObject({ booking: { bookingId, status: 'pending' } });
    expect((await deps.bookings.get('demo', bookingId))?.status).toBe('pending');
  }, 60_000);

  it('is answered 202 pending when the flow wrote it: the supplier may hold it, and the settle path will say', async () => {
    const key = 'key-written';
    const bookingId = bookingIdFor('demo', 'demo-client', key);
    const answered = await bookRate(requestOf(key, 'req-written'), {
      ...deps,
      runFlow: stillRunning((input) => writeAhead(input, 'req-written')),
    });
    expect(answered).toMatchObject({
      booking: { bookingId, status: 'pending', supplierReference: null },
      location: `/v1/hotels/bookings/${bookingId}`,
    });
  }, 60_000);

  it('is refused untried when it cannot start in time: no flow runs, nothing is written', async () => {
    const key = 'key-too-late';
    let ran = false;
    const refused = await bookRate(
      { ...requestOf(key, 'req-too-late'), answerBy: Date.now() + BOOKING_ANSWER_BUDGET.startFlowMs - 1_000 },
      {
        ...deps,
        runFlow: async () => {
          ran = true;
          return { kind: 'timed-out' };
        },
      },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'overloaded' });
    expect(ran).toBe(false);
    expect(await deps.bookings.get('demo', bookingIdFor('demo', 'demo-client', key))).toBeUndefined();
  });
});
