import { describe, expect, it } from 'vitest';
import { isDependencyOutage } from '../../functions/shared/dependency-outage.js';

describe('isDependencyOutage', () => {
  it('recognises a connection that could not be made, directly, wrapped, or among several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    expect(isDependencyOutage(refused)).toBe(true);
    expect(isDependencyOutage(new Error('Failed to update record', { cause: refused }))).toBe(true);
    expect(isDependencyOutage(new AggregateError([refused]))).toBe(true);
  });

  it('recognises AWS throttling and 5xx answers, by the SDK metadata they carry', () => {
    expect(
      isDependencyOutage(
        Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException', $metadata: { httpStatusCode: 400 } }),
      ),
    ).toBe(true);
    expect(isDependencyOutage(Object.assign(new Error('oops'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }))).toBe(
      true,
    );
  });

  it('leaves our own defects and refusals alone', () => {
    expect(isDependencyOutage(new TypeError('x is undefined'))).toBe(false);
    expect(
      isDependencyOutage(
        Object.assign(new Error('The conditional request failed'), {
          name: 'ConditionalCheckFailedException',
          $metadata: { httpStatusCode: 400 },
        }),
      ),
    ).toBe(false);
    expect(
      isDependencyOutage(
        Object.assign(new Error('no such table'), { name: 'ResourceNotFoundException', $metadata: { httpStatusCode: 400 } }),
      ),
    ).toBe(false);
    // A name alone, without the SDK's metadata, is not enough: anyone can call an error TimeoutError.
    expect(isDependencyOutage(Object.assign(new Error('late'), { name: 'TimeoutError' }))).toBe(false);
    expect(isDependencyOutage(undefined)).toBe(false);
  });
});
