/**
 * What a new AWS account can take. Lambda keeps at least 100 of an account's concurrency unreserved: a
 * function may reserve only what the account's quota leaves above that (AWS Lambda "Configuring reserved
 * concurrency"), and a new account's quota starts far lower than the documented 1,000 (AWS Lambda "Lambda
 * quotas": "New AWS accounts have reduced concurrency and memory quotas"), 10 being common. Any reservation
 * in the default deploy is refused there and rolls the stack back; docs/operators.md lists the quotas a stack
 * needs and the one setting that reserves where the account allows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT } from '../../lib/sandbox-suppliers.js';
import { synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType } from './template-queries.js';

/** A new account's concurrency quota, and what Lambda keeps unreserved. */
const NEW_ACCOUNT_CONCURRENCY = 10;
const ALWAYS_UNRESERVED = 100;

const reserved = (synthesis: Synthesis) =>
  Object.entries(resourcesOfType(synthesis.template, 'AWS::Lambda::Function'))
    .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
    .map(([id, fn]) => [id, Number(fn.Properties.ReservedConcurrentExecutions)] as const);

describe.each(['sandbox', 'production'] as const)('a default %s deploy', (stage) => {
  let synthesis: Synthesis;
  beforeAll(() => {
    synthesis = synthesize({ stage });
  }, 300_000);
  afterAll(() => synthesis?.cleanUp());

  it("reserves no more concurrency than a new account's quota leaves above Lambda's unreserved 100: none", () => {
    const total = reserved(synthesis).reduce((sum, [, count]) => sum + count, 0);
    expect(reserved(synthesis)).toEqual([]);
    expect(total).toBeLessThanOrEqual(Math.max(0, NEW_ACCOUNT_CONCURRENCY - ALWAYS_UNRESERVED));
  });
});

describe('a sandbox deploy on an account with room to reserve', () => {
  let synthesis: Synthesis;
  beforeAll(() => {
    synthesis = synthesize({ stage: 'sandbox', context: { [SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT]: '1' } });
  }, 300_000);
  afterAll(() => synthesis?.cleanUp());

  it('keeps each sandbox supplier in one container, and reserves nothing else', () => {
    const reservations = reserved(synthesis);
    expect(reservations.map(([, count]) => count)).toEqual([1, 1, 1]);
    expect(reservations.every(([id]) => id.startsWith('SandboxSuppliers'))).toBe(true);
  });
});
