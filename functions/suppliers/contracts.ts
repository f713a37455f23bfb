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
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
    /**
     * Whether the account may sell this supplier's package-only rates (Hotelbeds `packaging`, Rapid
     * `sale_scenario.package`): only resellers selling a package (a flight with the hotel) may; for any other
     * account such rates are left out of every answer.
     */
    sellsPackages: z.boolean().default(false),
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

export type StoredContract = z.infer<typeof contractSchema>;

/**
 * An account's sales settings, set by the operator (account-admin.ts) and kept beside its contracts (one item
 * in their partition) so the one query that lists the contracts reads them too:
 * - `pointOfSale` (ISO 3166-1 alpha-2): where the account sells, sent to suppliers that ask (Rapid's
 *   `country_code`);
 * - `reservationsEmail`, `reservationsPhone` (E.164): the account's reservations desk, which suppliers that
 *   require a customer contact (Rapid files itineraries under an e-mail and wants a phone) are given when the
 *   traveller gave none: a desk the account really answers and relays to the guest, never a made-up address.
 */
export const salesSettingsSchema = z.object({
  pointOfSale: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code (GB, US, ES)')
    .optional(),
  reservationsEmail: z.email().max(254).optional(),
  reservationsPhone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'an E.164 phone number (+442079460000)')
    .optional(),
});

export type SalesSettings = z.infer<typeof salesSettingsSchema>;

/** A contract as the use cases read it: as stored, with the account's sales settings. */
export type SupplierContract = StoredContract & SalesSettings;

/** What an operator writes: as stored, with the defaults (active, sellsPackages) optional. */
export type ContractInput = z.input<typeof contractSchema>;

/**
 * Writes the account's sales settings, these and no others.
 * @param also written in the same transaction (an operator's audit entry).
 */
export async function putSalesSettings(tenant: string, settings: SalesSettings, also: TransactItem[] = []): Promise<void> {
  const valid = salesSettingsSchema.parse(settings);
  const put = { TableName: tableName('contracts'), Item: { ...keys.salesSettings(tenant), kind: 'sales-settings', tenant, ...valid } };
  if (also.length === 0) await dynamoClient().send(new PutCommand(put));
  else await dynamoClient().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...also] }));
}

export async function salesSettings(tenant: string): Promise<SalesSettings> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName('contracts'), Key: keys.salesSettings(tenant), ConsistentRead: true }),
  );
  return settingsOf(Item);
}

function settingsOf(item: Record<string, unknown> | undefined): SalesSettings {
  if (!item) return {};
  const { pointOfSale, reservationsEmail, reservationsPhone } = item;
  const parsed = salesSettingsSchema.safeParse({ pointOfSale, reservationsEmail, reservationsPhone });
  return parsed.success ? Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) : {};
}

/** @param also written in the same transaction (an operator's audit entry). */
export async function putContract(contract: ContractInput, also: TransactItem[] = []): Promise<void> {
  const valid = contractSchema.parse(contract);
  const put = { TableName: tableName('contracts'), Item: { ...keys.contract(valid.tenant, valid.supplierId), kind: 'contract', ...valid } };
  if (also.length === 0) await dynamoClient().send(new PutCommand(put));
  else await dynamoClient().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...also] }));
}

/** The tenant's active contracts; a malformed stored row is skipped rather than failing every search. */
export async function listContracts(tenant: string): Promise<SupplierContract[]> {
  const out: StoredContract[] = [];
  let settings: SalesSettings = {};
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
      if (item.sk === keys.salesSettings(tenant).sk) {
        settings = settingsOf(item);
        continue;
      }
      const parsed = contractSchema.safeParse(item);
      if (parsed.success && parsed.data.active) out.push(parsed.data);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  out.sort((a, b) => a.supplierId.localeCompare(b.supplierId));
  return Object.keys(settings).length === 0 ? out : out.map((contract) => ({ ...contract, ...settings }));
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
