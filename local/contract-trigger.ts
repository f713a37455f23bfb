/**
 * The mapping trigger on this machine, as AWS runs it (lib/property-mapping.ts): DynamoDB Local's stream of
 * the contracts table, read with the real DynamoDB Streams API, handed batch by batch to the trigger's own
 * entry (functions/search/mapping-trigger-handler.ts), which starts a mapping run on the local Step
 * Functions endpoint. A batch whose handling fails is offered again, as the event source mapping retries it.
 */
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient,
  DescribeStreamCommand,
  GetRecordsCommand,
  type _Record as StreamRecord,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { loggableError } from '../functions/shared/loggable-error.js';
import { inInvocation } from './invocation-scope.js';
import { lambdaContext } from './lambda-context.js';

const POLL_MS = 250;

export async function startContractTrigger(options: {
  readonly dynamoEndpoint: string;
  readonly table: string;
}): Promise<{ stop(): Promise<void> }> {
  const { handler } = await import('../functions/search/mapping-trigger-handler.js');
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
        try {
          const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
          records = page.Records ?? [];
          iterators.set(shardId, page.NextShardIterator);
        } catch (error) {
          const name = (error as Error).name;
          if (name === 'TrimmedDataAccessException' || name === 'ExpiredIteratorException') {
            iterators.delete(shardId);
            continue;
          }
          throw error;
        }
      }
      if (records.length === 0) continue;
      backlog.set(shardId, records);
      const requestId = randomUUID();
      await inInvocation(requestId, () =>
        handler(
          { Records: records.map(asLambdaRecord) } as unknown as DynamoDBStreamEvent,
          lambdaContext('local-mapping-trigger', requestId, 30_000),
        ),
      );
      backlog.set(shardId, []);
    }
  }

  const poller = (async () => {
    while (!stopped) {
      await pollOnce().catch((error: unknown) => {
        if (!stopped) console.error('[local] contracts stream:', error instanceof Error ? loggableError(error) : error);
      });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await poller;
      tables.destroy();
      streams.destroy();
    },
  };
}

/**
 * A stream record as Lambda delivers it to the trigger: the SDK reads ApproximateCreationDateTime as a Date,
 * Lambda's DynamoDB event carries it as epoch seconds (AWS Lambda, "Using AWS Lambda with Amazon DynamoDB").
 */
function asLambdaRecord(record: StreamRecord): unknown {
  const { dynamodb } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return dynamodb && created
    ? { ...record, dynamodb: { ...dynamodb, ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } }
    : record;
}
