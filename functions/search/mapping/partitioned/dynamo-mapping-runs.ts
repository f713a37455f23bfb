/**
 * The mapping runs' lock and log in the properties table, beside the map they rewrite
 * (functions/search/mapping/partitioned/mapping-run-log.ts):
 *
 *   platform#mapping-lock / lock      → {runId, until}: taken with a condition, so two runs never both hold it
 *   platform#mapping-run  / <runId>   → the run's record (what `npm run admin -- mapping status` shows)
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mappingRunRecordSchema, type MappingRunLog, type MappingRunRecord } from './mapping-run-log.js';
import { tableName } from '../../../shared/config.js';
import { dynamoClient } from '../../../shared/dynamodb.js';
import { propertyMapKeys } from '../../../stores/property-map-keys.js';

export class DynamoMappingRuns implements MappingRunLog {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { readonly client?: DynamoDBDocumentClient; readonly table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('properties');
  }

  async acquire(runId: string, until: Date): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...propertyMapKeys.mappingLock(), kind: 'mapping-lock', runId, until: until.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk) OR #until < :now OR runId = :runId',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': new Date().toISOString(), ':runId': runId },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async release(runId: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.table,
          Key: propertyMapKeys.mappingLock(),
          ConditionExpression: 'runId = :runId',
          ExpressionAttributeValues: { ':runId': runId },
        }),
      );
    } catch (error) {
      // Released already, or taken over by a later run once this one's lease ran out: not ours to delete.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async record(run: MappingRunRecord): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.table, Item: { ...propertyMapKeys.mappingRun(run.runId), kind: 'mapping-run', ...run } }),
    );
  }

  async recent(limit: number): Promise<MappingRunRecord[]> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': propertyMapKeys.mappingRuns() },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((item) => {
      const { pk: _pk, sk: _sk, kind: _kind, ...record } = item;
      return mappingRunRecordSchema.parse(record);
    });
  }
}
