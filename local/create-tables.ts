/** Creates the stack's tables in DynamoDB Local from the same definitions CDK deploys (functions/shared/tables.ts). */
import {
  CreateTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDefinition } from '../functions/shared/tables.js';

/** Physical table names: a prefix keeps parallel test runs and the local host apart in one DynamoDB Local. */
export function localTableNames(prefix: string): Record<string, string> {
  return Object.fromEntries(TABLES.map((t) => [t.envVar, `${prefix}-${t.id}`]));
}

export async function createTables(client: DynamoDBClient, prefix: string): Promise<Record<string, string>> {
  const names = localTableNames(prefix);
  await Promise.all(TABLES.map((table) => createTable(client, table, names[table.envVar]!)));
  return names;
}

async function createTable(client: DynamoDBClient, table: TableDefinition, name: string): Promise<void> {
  const attributes = new Map<string, AttributeDefinition>();
  const add = (a: { name: string; type: 'S' | 'N' }) => attributes.set(a.name, { AttributeName: a.name, AttributeType: a.type });
  add(table.partitionKey);
  if (table.sortKey) add(table.sortKey);
  for (const index of table.globalIndexes ?? []) {
    add(index.partitionKey);
    if (index.sortKey) add(index.sortKey);
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        ...(table.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } } : {}),
        AttributeDefinitions: [...attributes.values()],
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' as const }] : []),
        ],
        GlobalSecondaryIndexes: table.globalIndexes?.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
            ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: index.projection
            ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] }
            : { ProjectionType: 'ALL' as const },
        })),
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error; // a persisted DATA_DIR already has it
    return;
  }
  if (table.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } }),
    );
  }
}
