/**
 * A DynamoDB table's stream read on this machine as an event source mapping reads it on AWS: DynamoDB Local's
 * stream through the real DynamoDB Streams API, every shard from its horizon, each batch handed over as the
 * Lambda event carries it. A batch whose handling throws, or the part of it the handler reports failed
 * (ReportBatchItemFailures: from the index it returns), is offered again at the next poll.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { loggableError } from '../functions/shared/loggable-error.js';

export interface StreamPoller {
  stop(): Promise<void>;
}

export async function pollDynamoStream(options: {
  readonly dynamoEndpoint: string;
  readonly table: string;
  /** Named in the error a failed poll logs. */
  readonly name: string;
  readonly intervalMs: number;
  /** `LATEST`: what the stream held before the poller started is not handed over (shards found later are read whole). */
  readonly startAt?: 'TRIM_HORIZON' | 'LATEST';
  /** Handles a batch; answers the index of the first record to offer again (undefined: the batch is done). */
  readonly onBatch: (event: DynamoDBStreamEvent, records: readonly StreamRecord[]) => Promise<number | undefined>;
}): Promise<StreamPoller> {
  const region = process.env.AWS_REGION;
  const tables = new DynamoDBClient({ endpoint: options.dynamoEndpoint, region });
  const streams = new DynamoDBStreamsClient({ endpoint: options.dynamoEndpoint, region });
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.table }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.table} has no stream`);
  const iterators = new Map<string, string | undefined>();
  const backlog = new Map<string, StreamRecord[]>();
  let stopped = false;
  let firstPoll = true;

  async function pollOnce(): Promise<void> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (iterators.has(shard.ShardId!)) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId!,
          ShardIteratorType: firstPoll && options.startAt === 'LATEST' ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      iterators.set(shard.ShardId!, ShardIterator);
    }
    firstPoll = false;
    for (const [shardId, iterator] of iterators) {
      let records = backlog.get(shardId) ?? [];
      if (records.length === 0 && iterator) {
        try {
          const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
          records = page.Records ?? [];
          iterators.set(shardId, page.NextShardIterator);
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
      }
      if (records.length === 0) continue;
      // Kept until handled: a batch whose handler throws is offered again whole.
      backlog.set(shardId, records);
      const event = { Records: records.map(asLambdaRecord) } as unknown as DynamoDBStreamEvent;
      const retryFrom = await options.onBatch(event, records);
      backlog.set(shardId, retryFrom !== undefined && retryFrom >= 0 ? records.slice(retryFrom) : []);
    }
  }

  const poller = (async () => {
    while (!stopped) {
      await pollOnce().catch((error: unknown) => {
        if (!stopped) console.error(`[local] ${options.name}:`, error instanceof Error ? loggableError(error) : error);
      });
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
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
 * A stream record as Lambda delivers it: the SDK reads ApproximateCreationDateTime as a Date, Lambda's
 * DynamoDB event carries it as epoch seconds (AWS Lambda, "Using AWS Lambda with Amazon DynamoDB").
 */
function asLambdaRecord(record: StreamRecord): unknown {
  const { dynamodb } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return dynamodb && created
    ? { ...record, dynamodb: { ...dynamodb, ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } }
    : record;
}
