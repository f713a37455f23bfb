import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../functions/shared/tables.js';
import { freshTables } from '../support/dynamo.js';

describe('tables in DynamoDB Local', () => {
  it('are created from the shared definitions with their keys, indexes and TTL', async () => {
    const names = await freshTables();
    const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    for (const table of TABLES) {
      const name = names[table.envVar]!;
      const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
      expect(Table?.KeySchema?.[0]).toEqual({ AttributeName: table.partitionKey.name, KeyType: 'HASH' });
      expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)).toEqual((table.globalIndexes ?? []).map((i) => i.name));
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
      expect(ttl.TimeToLiveDescription?.AttributeName).toBe(table.ttlAttribute);
    }
    client.destroy();
  });
});
