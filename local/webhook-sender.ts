/**
 * The webhook sender on this machine, as AWS runs it (lib/webhook-sender.ts): DynamoDB Local's stream of the
 * webhooks table read with the real DynamoDB Streams API and handed, record by record, to the same handler
 * the event source mapping invokes on AWS; and the retry sweep on a short interval instead of every minute.
 * A record whose dispatch fails is kept and offered again, as the event source mapping retries it.
 */
import { loggableError } from '../functions/shared/loggable-error.js';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { randomUUID } from 'node:crypto';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { inInvocation } from './invocation-scope.js';
import { defineConfig } from '../functions/shared/config-schema.js';
import { webhookDeliveryConfig } from '../functions/webhooks/webhook-delivery-config.js';

export interface LocalWebhookSender {
  stop(): Promise<void>;
}

const POLL_MS = 100;

export async function startWebhookSender(options: {
  readonly dynamoEndpoint: string;
  readonly table: string;
  readonly tenants: readonly string[];
  readonly sweepIntervalMs: number;
}): Promise<LocalWebhookSender> {
  // Loaded once the host has set the table names and the sender's environment.
  const [{ dispatchStreamRecords }, { deliverDue }, { webhookDeps }] = await Promise.all([
    import('../functions/webhooks/dispatch-stream-records.js'),
    import('../functions/webhooks/deliver-due.js'),
    import('../functions/webhooks/webhook-deps.js'),
  ]);
  // The sender's settings as its function reads them (functions/webhooks/sender-config.ts), for every tenant.
  const deps = webhookDeps(defineConfig('local webhook sender', webhookDeliveryConfig).parse(process.env));
  const region = process.env.AWS_REGION;
  const tables = new DynamoDBClient({ endpoint: options.dynamoEndpoint, region });
  const streams = new DynamoDBStreamsClient({ endpoint: options.dynamoEndpoint, region });
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.table }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.table} has no stream`);

  const iterators = new Map<string, string | undefined>();
  const backlog = new Map<string, _Record[]>();
  let stopped = false;

  async function pollOnce(): Promise<void> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (iterators.has(shard.ShardId!)) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      iterators.set(shard.ShardId!, ShardIterator);
    }
    for (const [shardId, iterator] of iterators) {
      let records = backlog.get(shardId) ?? [];
      if (records.length === 0 && iterator) {
        let page;
        try {
          page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
        } catch (error) {
          // DynamoDB Local answers a TRIM_HORIZON iterator of a shard with no record yet this way, and an
          // iterator expires after 15 minutes: either way, a fresh one is taken at the next poll.
          const name = (error as Error).name;
          if (name === 'TrimmedDataAccessException' || name === 'ExpiredIteratorException') {
            iterators.delete(shardId);
            continue;
          }
          throw error;
        }
        records = page.Records ?? [];
        iterators.set(shardId, page.NextShardIterator);
      }
      if (records.length === 0) continue;
      const { batchItemFailures } = await inInvocation(randomUUID(), () =>
        dispatchStreamRecords({ Records: records } as unknown as DynamoDBStreamEvent, deps),
      );
      const failedAt = batchItemFailures[0]
        ? records.findIndex((r) => r.dynamodb?.SequenceNumber === batchItemFailures[0]!.itemIdentifier)
        : -1;
      backlog.set(shardId, failedAt >= 0 ? records.slice(failedAt) : []);
    }
  }

  const poller = (async () => {
    while (!stopped) {
      await pollOnce().catch((error: unknown) => {
        if (!stopped) console.error('[local] webhook stream:', error instanceof Error ? loggableError(error) : error);
      });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const sweeper = setInterval(() => {
    for (const tenant of options.tenants) inInvocation(randomUUID(), () => deliverDue(tenant, deps)).catch(() => undefined);
  }, options.sweepIntervalMs);
  sweeper.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      await poller;
      tables.destroy();
      streams.destroy();
    },
  };
}
