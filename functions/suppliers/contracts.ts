/**
 * A tenant's supplier contracts: which suppliers its searches fan out to, where they answer and with which
 * credentials. Stored in the contracts table. Adding a supplier to an account
 * is writing a contract; adding a new supplier to the product is an adapter plus a registry row
 * (adapter-registry.ts).
 *
 * Sandbox contracts carry their (sandbox) credentials inline; production contracts name a Secrets Manager
 * secret instead, so real supplier credentials never sit in a table export.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import type { TransactItem } from '../shared/transact-item.js';

export const ADAPTER_KINDS = ['hotelbeds', 'expedia', 'opentravel'] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

/** Where a tenant's production supplier credentials live in Secrets Manager (the stack grants this prefix only). */
export function supplierSecretPrefix(tenant: string): string {
  return `hotel-api/${tenant}/suppliers/`;
}

export const contractSchema = z
  .object({
    tenant: z.string().min(1),
    supplierId: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/),
    adapter: z.enum(ADAPTER_KINDS),
    endpoint: z.url(),
    /** Sandbox suppliers get the caller's X-Sandbox-Scenario header; real ones never do. */
    sandbox: z.boolean(),
    credentials: z.record(z.string(), z.string()).optional(),
    credentialsSecretArn: z.string().startsWith('arn:').optional(),
    active: z.boolean().default(true),
  })
  .refine((c) => (c.credentials === undefined) !== (c.credentialsSecretArn === undefined), {
    message: 'give either credentials (sandbox) or credentialsSecretArn',
  })
  .refine((c) => c.sandbox || c.credentials === undefined, {
    message: 'production contracts keep their credentials in Secrets Manager',
  })
  .refine((c) => c.sandbox || (c.credentialsSecretArn ?? '').includes(`:secret:${supplierSecretPrefix(c.tenant)}`), {
    message: 'production credentials must be a secret named under hotel-api/<tenant>/suppliers/ (the only secrets the stack may read)',
    path: ['credentialsSecretArn'],
  });

export type SupplierContract = z.infer<typeof contractSchema>;

/** @param also written in the same transaction (an operator's audit entry). */
export async function putContract(contract: SupplierContract, also: TransactItem[] = []): Promise<void> {
  const valid = contractSchema.parse(contract);
  const put = { TableName: tableName('contracts'), Item: { ...keys.contract(valid.tenant, valid.supplierId), kind: 'contract', ...valid } };
  if (also.length === 0) await dynamoClient().send(new PutCommand(put));
  else await dynamoClient().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...also] }));
}

/** The tenant's active contracts; a malformed stored row is skipped rather than failing every search. */
export async function listContracts(tenant: string): Promise<SupplierContract[]> {
  const out: SupplierContract[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName('contracts'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.contracts(tenant).pk },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const parsed = contractSchema.safeParse(item);
      if (parsed.success && parsed.data.active) out.push(parsed.data);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out.sort((a, b) => a.supplierId.localeCompare(b.supplierId));
}

const secretsCache = new Map<string, Promise<Record<string, string>>>();

/** The contract's credentials, from the secret when it names one (cached per container). */
export function contractCredentials(contract: SupplierContract): Promise<Record<string, string>> {
  if (contract.credentials) return Promise.resolve(contract.credentials);
  const arn = contract.credentialsSecretArn!;
  let cached = secretsCache.get(arn);
  if (!cached) {
    cached = new SecretsManagerClient({})
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then((res) => z.record(z.string(), z.string()).parse(JSON.parse(res.SecretString ?? '{}')));
    cached.catch(() => secretsCache.delete(arn));
    secretsCache.set(arn, cached);
  }
  return cached;
}
