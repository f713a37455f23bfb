/**
 * The operators' audit trail: every change made to an account (who, what, when, the state before and
 * after), kept in the clients table under the account (`{tenant}#audit`, sorted by time). Secrets never
 * enter it: whatever is recorded passes through withoutSecrets first, which drops every field whose name
 * says secret, hash, password or credentials, however deep.
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
  return Object.fromEntries(Object.entries(value).filter(([name]) => !SECRET_FIELD.test(name)).map(([name, inner]) => [name, withoutSecrets(inner)]));
}

export async function recordAudit(entry: Omit<AuditEntry, 'at'>, now = new Date()): Promise<AuditEntry> {
  const stored: AuditEntry = {
    tenant: entry.tenant,
    at: now.toISOString(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    ...(entry.before !== undefined ? { before: withoutSecrets(entry.before) } : {}),
    ...(entry.after !== undefined ? { after: withoutSecrets(entry.after) } : {}),
  };
  await dynamoClient().send(new PutCommand({ TableName: tableName('clients'), Item: { ...keys.audit(entry.tenant, stored.at, randomUUID()), kind: 'audit', ...stored } }));
  return stored;
}

/** The account's trail, oldest first. */
export async function auditTrail(tenant: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({ TableName: tableName('clients'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditTrail(tenant).pk }, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) {
      const { tenant: t, at, actor, action, target, before, after } = item;
      entries.push({ tenant: t, at, actor, action, target, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) } as AuditEntry);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}
