/**
 * A booking step's domain error crosses the state machine as JSON in the error's cause. A deploy rolls step
 * by step, so a step of one release meets a reader of another: every kind must come back as it left, and the
 * names the flow wrote before the domain had kinds of its own must still be read.
 */
import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_KINDS, DomainError } from '../../functions/domain/errors/domain-error.js';
import { domainErrorFromFailure, FlowError } from '../../functions/booking/flow/flow-error.js';

/** The cause as AWS hands a Lambda error to the state machine: the message inside errorMessage. */
const awsCause = (error: FlowError) => JSON.stringify({ errorType: error.name, errorMessage: error.message, trace: [] });

describe('a booking step error across the state machine', () => {
  it('comes back with its kind, message and details, for every kind', () => {
    for (const kind of DOMAIN_ERROR_KINDS) {
      const sent = new DomainError(kind, `why ${kind}`, { bookingId: 'BK0F3M9Q2X7Z4W8N1RAB' });
      const flowError = FlowError.of(sent);
      const read = domainErrorFromFailure(flowError.name, awsCause(flowError));
      expect(read, kind).toBeInstanceOf(DomainError);
      expect({ kind: read!.kind, message: read!.message, details: read!.details }).toEqual({
        kind,
        message: `why ${kind}`,
        details: { bookingId: 'BK0F3M9Q2X7Z4W8N1RAB' },
      });
    }
  });

  it('writes the names the flow has always written, and reads them', () => {
    const written = JSON.parse(FlowError.of(new DomainError('supplier-failed', 'refused')).message);
    expect(written.kind).toBe('supplier-error');
    const previous = JSON.stringify({ kind: 'booking-not-completed', detail: 'undone', extensions: { bookingId: 'BK0F3M9Q2X7Z4W8N1RAB' } });
    expect(domainErrorFromFailure('BookingProblem', previous)?.kind).toBe('not-completed');
  });

  it('reads nothing from a cause that is not one of its errors', () => {
    expect(domainErrorFromFailure('BookingProblem', JSON.stringify({ kind: 'no-such-kind', detail: 'x' }))).toBeUndefined();
    expect(domainErrorFromFailure('States.Timeout', 'not json')).toBeUndefined();
    expect(domainErrorFromFailure('BookingProblem', undefined)).toBeUndefined();
  });
});
