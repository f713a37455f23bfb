/**
 * The local StartSyncExecution endpoint, driven by the real @aws-sdk/client-sfn client exactly as the
 * booking handler will: the ASL file CDK deploys, its Task states bound to the booking-flow module.
 */
import { SFNClient, StartSyncExecutionCommand, StateMachineDoesNotExist } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepFunctionsClient } from '../../functions/shared/step-functions.js';
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

  it('runs the booking ASL through its first Task, which fails with the step error as the Lambda errorType', async () => {
    const result = await stepFunctionsClient().send(
      new StartSyncExecutionCommand({ stateMachineArn: host.stateMachineArn, name: 'e2e-flow', input: JSON.stringify({ bookingId: 'b-1' }) }),
    );
    expect(result.status).toBe('FAILED');
    expect(result.error).toBe('StepNotImplemented');
    expect(JSON.parse(result.cause ?? '{}')).toEqual({ errorType: 'StepNotImplemented', errorMessage: 'booking flow step CheckRate is not implemented yet' });
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
