/**
 * statemachines/booking.asl.json is valid ASL (asl-validator: the Amazon States Language schema and its
 * path rules), every Task names a step the flow function has, and the paths the issue asks for exist:
 * reconciliation after a supplier timeout, compensation after a failure once the supplier confirmed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FLOW_STEPS } from '../../functions/booking/flow/flow-handler.js';
import { BOOKING_DEFINITION_PATH } from '../../lib/booking-workflow.js';
import { repositoryPath } from '../../lib/project-paths.js';

type State = {
  Type: string;
  Next?: string;
  Default?: string;
  End?: boolean;
  Parameters?: { Payload?: { step?: string } };
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Retry?: unknown[];
  Choices?: { Next: string }[];
};
const definition = JSON.parse(readFileSync(repositoryPath(BOOKING_DEFINITION_PATH), 'utf8')) as {
  StartAt: string;
  TimeoutSeconds: number;
  States: Record<string, State>;
};
const validate = createRequire(import.meta.url)('asl-validator') as (definition: unknown) => { isValid: boolean; errors: unknown[] };

describe('booking state machine definition', () => {
  it('is valid Amazon States Language', () => {
    const { isValid, errors } = validate(definition);
    expect(errors).toEqual([]);
    expect(isValid).toBe(true);
  });

  it('invokes only steps the flow function implements, each of them', () => {
    const steps = Object.values(definition.States)
      .filter((s) => s.Type === 'Task')
      .map((s) => s.Parameters?.Payload?.step);
    expect(new Set(steps)).toEqual(new Set(FLOW_STEPS));
  });

  it('reconciles a supplier timeout by our reference and compensates a failure after confirmation', () => {
    const { States } = definition;
    expect(States.BookWithSupplier!.Catch![0]).toMatchObject({
      ErrorEquals: ['SupplierBookingTimeout', 'PreviousAttemptUnknown'],
      Next: 'ReconcileBooking',
    });
    expect(States.SaveBooking!.Catch![0]).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'UndoBooking' });
    expect(States['FoundBySupplier?']!.Default).toBe('KeepPending');
  });

  it('never retries the supplier booking or its cancel (not idempotent at the supplier)', () => {
    expect(definition.States.BookWithSupplier!.Retry).toBeUndefined();
    expect(definition.States.UndoBooking!.Retry).toBeUndefined();
  });

  it('ends before API Gateway gives up on a synchronous call (29 s)', () => {
    expect(definition.TimeoutSeconds).toBeLessThan(29);
  });
});
