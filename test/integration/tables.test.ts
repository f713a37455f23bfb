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
      // DynamoDB Local lists indexes in an order of its own.
      const indexes = Table?.GlobalSecondaryIndexes ?? [];
      expect(indexes.map((i) => i.IndexName).sort()).toEqual((table.globalIndexes ?? []).map((i) => i.name).sort());
      for (const index of table.globalIndexes ?? []) {
        const projection = indexes.find((i) => i.IndexName === index.name)?.Projection;
        expect(projection?.ProjectionType, index.name).toBe(index.projection ? 'INCLUDE' : 'ALL');
        expect(projection?.NonKeyAttributes?.slice().sort(), index.name).toEqual(
          index.projection ? [...index.projection].sort() : undefined,
        );
      }
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
      expect(ttl.TimeToLiveDescription?.AttributeName).toBe(table.ttlAttribute);
    }
    client.destroy();
  });
});
