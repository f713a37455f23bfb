/**
 * The local StartSyncExecution endpoint, driven by the real @aws-sdk/client-sfn client exactly as the
 * booking handler will: the ASL file CDK deploys, its Task states bound to the booking-flow module.
 */
import { SFNClient, StartSyncExecutionCommand, StateMachineDoesNotExist } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
beforeAll(async () => {
  host = await startTestHost();
}, 60_000);
afterAll(() => host?.stop());

describe('local Step Functions endpoint', () => {
  it('is where the handlers client points (SFN_ENDPOINT, STATE_MACHINE_ARN set by the host)', () => {
    expect(process.env.SFN_ENDPOINT).toBe(host.stepFunctionsEndpoint);
    expect(process.env.STATE_MACHINE_ARN).toBe(host.stateMachineArn);
  });

  it('runs the booking ASL; a failing Task fails the execution with the step error as the Lambda errorType', async () => {
    // A rateId we never issued: CheckRate refuses it with the problem the partner would get.
    // A client of the test's own: in bundles mode the functions run in their bundles, not in this process.
    const client = new SFNClient({ endpoint: host.stepFunctionsEndpoint, disableHostPrefix: true });
    const result = await client.send(
      new StartSyncExecutionCommand({
        stateMachineArn: host.stateMachineArn,
        name: 'e2e-flow',
        input: JSON.stringify({ tenant: 'demo', bookingId: 'b-1', request: { rateId: 'not-a-rate' }, scenarios: [] }),
      }),
    );
    expect(result.status).toBe('FAILED');
    expect(result.error).toBe('BookingProblem');
    const cause = JSON.parse(result.cause ?? '{}') as { errorType: string; errorMessage: string };
    expect(cause.errorType).toBe('BookingProblem');
    expect(JSON.parse(cause.errorMessage)).toMatchObject({ kind: 'not-found', detail: 'No such rate' });
    expect(result.executionArn).toMatch(/^arn:aws:states:us-east-1:000000000000:express:local-booking:e2e-flow:/);
    expect(result.startDate).toBeInstanceOf(Date);
    expect(result.stopDate!.getTime()).toBeGreaterThanOrEqual(result.startDate!.getTime());
  });

  it('answers an unknown state machine with StateMachineDoesNotExist', async () => {
    const client = new SFNClient({ endpoint: host.stepFunctionsEndpoint, disableHostPrefix: true });
    await expect(
      client.send(new StartSyncExecutionCommand({ stateMachineArn: `${host.stateMachineArn}-nope`, input: '{}' })),
    ).rejects.toBeInstanceOf(StateMachineDoesNotExist);
  });
});
