/**
 * The operators' audit trail: every change made to an account (who, what, when, the state before and
 * after), kept in the clients table under the account (`{tenant}#audit`, sorted by time). Secrets never
 * enter it: whatever is recorded passes through withoutSecrets first, which drops every field whose name
 * says secret, hash, password or credentials, however deep.
 *
 * An entry is written in the same DynamoDB transaction as the change it records (auditPut gives the
 * transaction's item), so a crash between the two cannot leave a change without its entry, nor an entry
 * for a change that was not made. recordAudit, a write of its own, is for what changed nothing (a repeated
 * top-up the wallet refused as already paid).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';

export interface AuditEntry {
  readonly tenant: string;
  readonly at: string;
  /** The operator, as the tool was told (--actor) or the OS user. */
  readonly actor: string;
  readonly action: string;
  /** What was changed: a client id, a supplier id, the account. */
  readonly target: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

const SECRET_FIELD = /secret|hash|password|credential/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELD.test(name))
      .map(([name, inner]) => [name, withoutSecrets(inner)]),
  );
}

/** The entry as stored: its time, and before and after without secrets. */
function auditEntry(entry: Omit<AuditEntry, 'at'>, now: Date): AuditEntry {
  return {
    tenant: entry.tenant,
    at: now.toISOString(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    ...(entry.before !== undefined ? { before: withoutSecrets(entry.before) } : {}),
    ...(entry.after !== undefined ? { after: withoutSecrets(entry.after) } : {}),
  };
}

/** The TransactWriteItems entry that records `entry`; put it in the transaction that makes the change. */
export function auditPut(
  entry: Omit<AuditEntry, 'at'>,
  now = new Date(),
): { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } } {
  const stored = auditEntry(entry, now);
  return {
    Put: {
      TableName: tableName('clients'),
      Item: { ...keys.audit(entry.tenant, stored.at, randomUUID()), kind: 'audit', ...stored },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** An entry on its own, for a command that changed nothing. */
export async function recordAudit(entry: Omit<AuditEntry, 'at'>, now = new Date()): Promise<AuditEntry> {
  const put = auditPut(entry, now);
  await dynamoClient().send(new PutCommand(put.Put));
  return auditEntry(entry, now);
}

/** The account's trail, oldest first. */
export async function auditTrail(tenant: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName('clients'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.auditTrail(tenant).pk },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { tenant: t, at, actor, action, target, before, after } = item;
      entries.push({
        tenant: t,
        at,
        actor,
        action,
        target,
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      } as AuditEntry);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}
