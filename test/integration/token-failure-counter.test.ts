/**
 * The token endpoint's wrong-secret counter reads what it just wrote, whatever DynamoDB does with the read:
 * strongly consistent reads (an eventually consistent read may miss a write of the last second: Amazon
 * DynamoDB "Read consistency"), and every key of the batch, asking again for those DynamoDB returns in
 * UnprocessedKeys (Amazon DynamoDB API Reference, BatchGetItem). Through a proxy that answers batches as
 * DynamoDB may, which DynamoDB Local never does.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordFailure, refuseWhileBlocked } from '../../functions/auth/token-failure-limit.js';
import { provideSharedConfig, tableName } from '../../functions/shared/config.js';
import { sharedConfigFrom } from '../../functions/shared/config-schema.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { createTables } from '../../local/create-tables.js';
import { useLocalAwsEnvironment } from '../support/dynamo.js';
import { startPartialBatchProxy, type PartialBatchProxy } from '../support/dynamodb-partial-batches.js';

let proxy: PartialBatchProxy;
beforeAll(async () => {
  // Every call of this file goes through the proxy, the tables' creation included.
  proxy = await startPartialBatchProxy(inject('dynamoEndpoint'));
  useLocalAwsEnvironment(proxy.url);
  const client = new DynamoDBClient({ endpoint: proxy.url, region: process.env.AWS_REGION });
  const names = await createTables(client, `t${randomUUID().slice(0, 8)}`);
  client.destroy();
  Object.assign(process.env, names);
  provideSharedConfig(sharedConfigFrom(names));
});
afterAll(() => proxy?.close());

describe('the wrong-secret counter', () => {
  const subject = { client: { tenant: 'demo', clientId: 'counted-client' }, sourceIp: '203.0.113.9' };

  it('refuses an address past its allowance even when DynamoDB leaves part of the batch unprocessed', async () => {
    const now = new Date();
    for (let i = 0; i < LIMITS.tokenFailures.perClientAddress; i++) await recordFailure(subject, now);
    await expect(refuseWhileBlocked(subject, now)).rejects.toMatchObject({ kind: 'rate-limited' });
  });

  it('reads the counters it decides on with strongly consistent reads', async () => {
    await refuseWhileBlocked({ sourceIp: '203.0.113.10' }).catch(() => undefined);
    const reads = proxy.batchGets.filter((request) => tableName('rateLimits') in request);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read[tableName('rateLimits')]).toBe(true);
  });
});
