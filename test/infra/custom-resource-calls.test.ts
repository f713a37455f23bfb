/**
 * The calls CloudFormation makes through the stack's AwsCustomResources as it deploys (the sandbox contracts'
 * PutItem) are allowed by the roles that make them, the key policy and its grants included: one refused call
 * rolls the whole deploy back (AWS KMS "How Amazon DynamoDB uses AWS KMS": a table under a customer managed
 * key is read and written with the caller's kms:Decrypt).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackNameFor } from '../../lib/stack-config.js';
import { templateOf } from '../../local/synthesized-template.js';
import { customResourceCalls } from '../support/aws-iam/custom-resource-calls.js';
import { stackCheck } from '../support/aws-iam/stack-check.js';
import { synthesize, type Synthesis } from './synthesize.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ stage: 'sandbox' });
}, 300_000);
afterAll(() => synthesis?.cleanUp());

describe("the sandbox stack's custom resources", () => {
  it('make only calls their role, the resources and the key allow', () => {
    const check = stackCheck(templateOf(synthesis.template.toJSON()), stackNameFor(synthesis.stack.config));
    const calls = customResourceCalls(check.values, check.namer);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    const refused = calls.flatMap((call) => check.refusals(call.role, call.named).map((refusal) => `${call.name}: ${refusal}`));
    expect(refused).toEqual([]);
  });
});
