/**
 * Table permissions written out instead of Table.grantReadData/grantReadWriteData: those grant
 * `table/<name>/index/*`, a wildcard, and include Scan and stream reads nobody here needs. These list
 * the table and each of its named indexes, and the item actions the handlers use (the AWS SDK's
 * document client, Powertools idempotency and conditional writes). Scan is deliberately absent: every
 * access pattern is a key lookup or a Query under the tenant prefix.
 */
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { TableId } from '../functions/shared/tables.js';
import type { HotelTable, HotelTables } from './tables.js';

/**
 * read, readWrite, or outbox: PutItem of webhook outbox events only (keys `<tenant>#events#...`, held by an
 * IAM leading-key condition). The functions that raise events write them in their transactions and have
 * no business reading the table beside them, which holds the webhook endpoints' signing secrets.
 * readAndPut: read, and PutItem (conditional puts that never overwrite: search storing the properties it
 * matched on the fly where the property map has none).
 */
export type TableAccess = 'read' | 'readWrite' | 'outbox' | 'readAndPut';

/** The outbox's partition keys (functions/shared/keys.ts webhookOutbox). */
export const OUTBOX_LEADING_KEYS = ['*#events#*'];

const READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export function actionsFor(access: TableAccess): string[] {
  if (access === 'outbox') return ['dynamodb:PutItem'];
  if (access === 'readAndPut') return [...READ_ACTIONS, 'dynamodb:PutItem'];
  return access === 'read' ? [...READ_ACTIONS] : [...READ_ACTIONS, ...WRITE_ACTIONS];
}

/**
 * What a table's key must allow with each access: DynamoDB decrypts the table key for a read and generates
 * and encrypts with it for a write. Named one by one, no `kms:GenerateDataKey*` wildcard: least privilege.
 */
const KEY_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: ['kms:Decrypt', 'kms:DescribeKey'],
  readWrite: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
  outbox: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
  readAndPut: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
};

/**
 * The table's key, for a grantee that reaches the table by other means (an AwsCustomResource's own SDK call
 * policy): DynamoDB reads and writes a table under a customer managed key with the caller's permissions on
 * that key (AWS KMS "How Amazon DynamoDB uses AWS KMS"), so a table grant without it is refused at the first call.
 */
export function grantTableKey(grantee: IGrantable, { table }: HotelTable, access: TableAccess): void {
  table.encryptionKey?.grant(grantee, ...KEY_ACTIONS[access]);
}

export function grantTable(grantee: IGrantable, hotelTable: HotelTable, access: TableAccess): void {
  const { definition, table } = hotelTable;
  // A table under the stack's own key (data-key.ts) is unreadable without it: the key goes with the table.
  grantTableKey(grantee, hotelTable, access);
  const indexArns = (definition.globalIndexes ?? []).map((index) =>
    Stack.of(table).formatArn({ service: 'dynamodb', resource: 'table', resourceName: `${table.tableName}/index/${index.name}` }),
  );
  if (access === 'outbox') {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: actionsFor(access),
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': OUTBOX_LEADING_KEYS } },
      }),
    );
    return;
  }
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: actionsFor(access), resources: [table.tableArn, ...indexArns] }),
  );
}

/** Which tables a function uses, and how: the one place its table variables and grants come from. */
export type TableUse = Readonly<Partial<Record<TableId, TableAccess>>>;

/** The environment variables naming the tables a function uses (their names per deployment). */
export function tableEnvironment(tables: HotelTables, use: TableUse): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const tableId of Object.keys(use) as TableId[]) {
    const table = tables.get(tableId);
    environment[table.definition.envVar] = table.table.tableName;
  }
  return environment;
}

/** Grants each table of `use` with its access. */
export function grantTables(grantee: IGrantable, tables: HotelTables, use: TableUse): void {
  for (const [tableId, access] of Object.entries(use) as [TableId, TableAccess][]) grantTable(grantee, tables.get(tableId), access);
}
