/**
 * Runs the booking state machine synchronously and turns its end into the outcome. StartSyncExecution
 * answers 200 whatever happened, so `status` is read: SUCCEEDED carries the section 2.5 response, FAILED
 * the domain error a step raised (flow-error.ts), thrown again here, TIMED_OUT means the run was cut before
 * it knew, as does the caller's signal when it stops waiting; then the write-ahead record, if any, says what
 * we know.
 */
import { StartSyncExecutionCommand } from '@aws-sdk/client-sfn';
import { DomainError } from '../../domain/errors/domain-error.js';
import { logger } from '../../shared/observability.js';
import { stepFunctionsClient } from '../../shared/step-functions.js';
import { bookingConfig } from '../booking-config.js';
import type { BookingResponse } from '../record/booking-record.js';
import { domainErrorFromFailure } from '../flow/flow-error.js';
import type { FlowInput } from '../flow/flow-state.js';

export type FlowOutcome = { readonly kind: 'answered'; readonly response: BookingResponse } | { readonly kind: 'timed-out' };

export async function runBookingFlow(input: FlowInput, signal?: AbortSignal): Promise<FlowOutcome> {
  let execution;
  try {
    execution = await stepFunctionsClient().send(
      new StartSyncExecutionCommand({
        stateMachineArn: bookingConfig().stateMachineArn,
        // Unique per run (a retried request runs again); the bookingId leads so executions are easy to find.
        name: `${input.bookingId}-${input.requestId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 80),
        input: JSON.stringify(input),
      }),
      signal ? { abortSignal: signal } : {},
    );
  } catch (error) {
    // We stopped waiting (the answer is due): the execution goes on, and the record says what it did.
    if (signal?.aborted) return { kind: 'timed-out' };
    throw error;
  }
  if (execution.status === 'SUCCEEDED') return { kind: 'answered', response: JSON.parse(execution.output ?? 'null') as BookingResponse };
  if (execution.status === 'TIMED_OUT') return { kind: 'timed-out' };
  const failure = domainErrorFromFailure(execution.error, execution.cause);
  if (failure) throw failure;
  logger.error('booking flow failed without a problem', {
    bookingId: input.bookingId,
    error: execution.error,
    cause: execution.cause,
    executionArn: execution.executionArn,
  });
  // The error's name stays in the log above: the booking is answered as its record stands (create-booking.ts).
  throw new DomainError('internal', 'The booking flow failed without a problem', { bookingId: input.bookingId });
}
