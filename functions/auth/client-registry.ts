/**
 * API clients: who may ask for tokens, with which scopes, under which tenant. Stored in the clients table
 * under the tenant (`{tenant}#client` / clientId); the token endpoint, which only knows a client_id, finds
 * the record through the byClientId index. Secrets are kept only as scrypt hashes (secret-hash.ts).
 */
import { randomInt } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys, PLATFORM_OWNER } from '../shared/keys.js';
import { SCOPES, type Scope } from '../shared/routes.js';
import type { TransactItem } from '../shared/transact-item.js';
import { hashSecret } from './secret-hash.js';

export type ClientStatus = 'active' | 'disabled';

export interface ClientRecord {
  tenant: string;
  clientId: string;
  name: string;
  secretHash: string;
  scopes: Scope[];
  /** The API key value API Gateway's usage plan counts this client under (the authorizer names it). */
  usageKey: string;
  status: ClientStatus;
  createdAt: string;
  /** The secret before the last rotation, accepted until previousSecretExpiresAt (the rotation's grace). */
  previousSecretHash?: string;
  previousSecretExpiresAt?: string;
}

export interface ClientRegistration {
  tenant: string;
  clientId: string;
  secret: string;
  scopes: readonly Scope[];
  name?: string;
  usageKey?: string;
  status?: ClientStatus;
}

/** Tenants and client ids become parts of stored keys, so they may not hold the key separator `#`. */
export const TENANT_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const USAGE_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const USAGE_KEY_LENGTH = 32;

/** API Gateway API key values must be at least 20 characters; alphanumerics avoid any quoting question. */
export function generateUsageKey(): string {
  let key = '';
  for (let i = 0; i < USAGE_KEY_LENGTH; i++) key += USAGE_KEY_ALPHABET[randomInt(USAGE_KEY_ALPHABET.length)];
  return key;
}

export class ClientRegistrationError extends Error {
  override readonly name = 'ClientRegistrationError';
}

/** What a change of a client writes with it, in one transaction, given the client as it will be (an audit entry). */
export type AlsoWrite = (after: ClientRecord) => TransactItem[];

/**
 * Sends the update alone, or (with `also`) in one transaction with what `also` gives for the record as it
 * will be; then answers the record as stored. A condition that fails throws ConditionalCheckFailedException
 * either way, so callers handle one error.
 */
async function updateClient(input: UpdateCommandInput, predicted: ClientRecord, also: AlsoWrite | undefined): Promise<ClientRecord> {
  if (!also) {
    const { Attributes } = await dynamoClient().send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }));
    const record = toClientRecord(Attributes);
    if (!record) throw new Error(`client ${predicted.tenant}/${predicted.clientId} was stored in an unreadable shape`);
    return record;
  }
  const { TableName, Key, UpdateExpression, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = input;
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
              Key,
              UpdateExpression,
              ConditionExpression,
              ExpressionAttributeNames,
              ExpressionAttributeValues,
            } as NonNullable<TransactItem['Update']>,
          },
          ...also(predicted),
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed')
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    throw error;
  }
  return (await getClient(predicted.tenant, predicted.clientId)) ?? predicted;
}

/**
 * Creates the client or replaces its secret, scopes, name and status (so seeding at every start is safe).
 * createdAt and an already issued usage key survive a re-registration, because the usage key is also the
 * value of an API Gateway API key and must not change under it.
 */
export async function registerClient(registration: ClientRegistration, also?: AlsoWrite): Promise<ClientRecord> {
  const { tenant, clientId, secret } = registration;
  if (!TENANT_PATTERN.test(tenant)) throw new ClientRegistrationError(`invalid tenant '${tenant}'`);
  if (tenant === PLATFORM_OWNER)
    throw new ClientRegistrationError(`'${PLATFORM_OWNER}' owns the shared property map and cannot be a tenant`);
  if (!CLIENT_ID_PATTERN.test(clientId)) throw new ClientRegistrationError(`invalid client id '${clientId}'`);
  const unknown = registration.scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new ClientRegistrationError(`unknown scopes: ${unknown.join(', ')}`);
  if (registration.scopes.length === 0) throw new ClientRegistrationError('a client needs at least one scope');
  if (registration.usageKey !== undefined && registration.usageKey.length < 20) {
    throw new ClientRegistrationError('a usage key must be at least 20 characters (API Gateway API key rule)');
  }

  // Client ids are global (the token request names no tenant), so one id may not exist under two tenants.
  const holder = await findClientsById(clientId);
  if (holder.some((c) => c.tenant !== tenant)) {
    throw new ClientRegistrationError(`client id '${clientId}' already belongs to another tenant`);
  }

  const scopes = SCOPES.filter((s) => registration.scopes.includes(s));
  // Read consistently (the index may lag): createdAt and the usage key survive, and the audit says so.
  const existing = holder.some((c) => c.tenant === tenant) ? await getClient(tenant, clientId) : null;
  const now = new Date().toISOString();
  const usageKey = registration.usageKey ?? generateUsageKey();
  const secretHash = await hashSecret(secret);
  const predicted: ClientRecord = {
    tenant,
    clientId,
    name: registration.name ?? clientId,
    secretHash,
    scopes,
    status: registration.status ?? 'active',
    createdAt: existing?.createdAt ?? now,
    usageKey: registration.usageKey ?? existing?.usageKey ?? usageKey,
    ...(existing?.previousSecretHash
      ? { previousSecretHash: existing.previousSecretHash, previousSecretExpiresAt: existing.previousSecretExpiresAt! }
      : {}),
  };
  return updateClient(
    {
      TableName: tableName('clients'),
      Key: keys.client(tenant, clientId),
      UpdateExpression: [
        'SET tenant = :tenant, clientId = :clientId, #name = :name, secretHash = :secretHash, scopes = :scopes, #status = :status',
        'createdAt = if_not_exists(createdAt, :now)',
        registration.usageKey ? 'usageKey = :usageKey' : 'usageKey = if_not_exists(usageKey, :usageKey)',
      ].join(', '),
      ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
      ExpressionAttributeValues: {
        ':tenant': tenant,
        ':clientId': clientId,
        ':name': registration.name ?? clientId,
        ':secretHash': secretHash,
        ':scopes': scopes,
        ':status': registration.status ?? 'active',
        ':now': now,
        ':usageKey': usageKey,
      },
    },
    predicted,
    also,
  );
}

/**
 * Enables or disables a client. A disabled client gets no tokens, and the authorizer refuses its live ones
 * from the next evaluation (an answer API Gateway already cached lasts up to LIMITS.authorizerCacheSeconds).
 */
export async function setClientStatus(tenant: string, clientId: string, status: ClientStatus, also?: AlsoWrite): Promise<void> {
  const input: UpdateCommandInput = {
    TableName: tableName('clients'),
    Key: keys.client(tenant, clientId),
    UpdateExpression: 'SET #status = :status',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status },
  };
  if (!also) {
    await dynamoClient().send(new UpdateCommand(input));
    return;
  }
  const current = await getClient(tenant, clientId);
  if (!current) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
  await updateClient(input, { ...current, status }, also);
}

/**
 * Replaces a client's secret. The old one keeps working until `graceSeconds` from now, so a partner can roll
 * the new secret out to its systems without an outage; after that only the new one does.
 */
export async function rotateClientSecret(
  tenant: string,
  clientId: string,
  newSecret: string,
  graceSeconds: number,
  now = new Date(),
  also?: AlsoWrite,
): Promise<ClientRecord> {
  const current = await getClient(tenant, clientId);
  if (!current) throw new ClientRegistrationError(`no client '${clientId}' in account '${tenant}'`);
  const secretHash = await hashSecret(newSecret);
  const expiresAt = new Date(now.getTime() + graceSeconds * 1000).toISOString();
  return updateClient(
    {
      TableName: tableName('clients'),
      Key: keys.client(tenant, clientId),
      UpdateExpression: 'SET secretHash = :secretHash, previousSecretHash = :previous, previousSecretExpiresAt = :expiresAt',
      // Two rotations at once must not both keep "the" previous secret: the second one fails and is retried.
      ConditionExpression: 'secretHash = :current',
      ExpressionAttributeValues: {
        ':secretHash': secretHash,
        ':previous': current.secretHash,
        ':current': current.secretHash,
        ':expiresAt': expiresAt,
      },
    },
    { ...current, secretHash, previousSecretHash: current.secretHash, previousSecretExpiresAt: expiresAt },
    also,
  );
}

/** Every client of an account. */
export async function listClients(tenant: string): Promise<ClientRecord[]> {
  const { Items } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName('clients'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `${tenant}#client` },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toClientRecord).filter((c): c is ClientRecord => c !== null);
}

/** The client a token request names, or null when none (or, by misconfiguration, more than one) holds the id. */
export async function findClientById(clientId: string): Promise<ClientRecord | null> {
  const found = await findClientsById(clientId);
  return found.length === 1 ? found[0]! : null;
}

async function findClientsById(clientId: string): Promise<ClientRecord[]> {
  const { Items } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName('clients'),
      IndexName: 'byClientId',
      KeyConditionExpression: 'clientId = :clientId',
      ExpressionAttributeValues: { ':clientId': clientId },
      Limit: 2,
    }),
  );
  return (Items ?? []).map(toClientRecord).filter((c): c is ClientRecord => c !== null);
}

/** The client under its tenant; strongly consistent, so the authorizer's next evaluation sees a disabling. */
export async function getClient(tenant: string, clientId: string): Promise<ClientRecord | null> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName('clients'), Key: keys.client(tenant, clientId), ConsistentRead: true }),
  );
  return toClientRecord(Item);
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Reads a stored item defensively: a record of the wrong shape is treated as no client at all. */
function toClientRecord(item: Record<string, unknown> | undefined): ClientRecord | null {
  if (!item) return null;
  const { tenant, clientId, name, secretHash, scopes, usageKey, status, createdAt, previousSecretHash, previousSecretExpiresAt } = item;
  if (!isString(tenant) || !isString(clientId) || !isString(secretHash) || !isString(usageKey) || !isString(createdAt)) return null;
  if (status !== 'active' && status !== 'disabled') return null;
  if (!Array.isArray(scopes)) return null;
  const known = scopes.filter((s): s is Scope => (SCOPES as readonly unknown[]).includes(s));
  return {
    tenant,
    clientId,
    name: isString(name) ? name : clientId,
    secretHash,
    scopes: known,
    usageKey,
    status,
    createdAt,
    ...(isString(previousSecretHash) && isString(previousSecretExpiresAt) ? { previousSecretHash, previousSecretExpiresAt } : {}),
  };
}
