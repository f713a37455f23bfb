/**
 * What an operator does to an account (there is no self-service signup): create it with the scopes its
 * clients may have; issue, rotate and revoke its clients; set its supplier contracts and pricing rules;
 * read it whole. Every change is written to the audit trail (audit-trail.ts) with who made it, in the
 * same transaction as the change. The CLI
 * (`npm run admin`, bin/admin.ts) and the local host's seeding (local/seed.ts) both call these functions.
 *
 * Failures an operator can act on are AccountAdminError with a code the CLI turns into its exit code.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  ClientRegistrationError,
  getClient,
  listClients,
  registerClient,
  rotateClientSecret,
  setClientStatus,
  TENANT_PATTERN,
  type ClientRecord,
} from '../auth/client-registry.js';
import type { PricingRules, PricingRulesInput } from '../domain/pricing/pricing-rules.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys, PLATFORM_OWNER } from '../shared/keys.js';
import { SCOPES, type Scope } from '../shared/routes.js';
import { putPricingRules, storedPricingRules } from '../stores/dynamo-pricing-rules.js';
import {
  contractSchema,
  listContracts,
  putContract,
  putSalesSettings,
  salesSettings,
  salesSettingsSchema,
  supplierSecretPrefix,
  type AdapterKind,
  type SalesSettings,
  type SupplierContract,
} from '../suppliers/contracts.js';
import { auditPut } from './audit-trail.js';

export type AdminErrorCode = 'not-found' | 'conflict' | 'invalid';

export class AccountAdminError extends Error {
  override readonly name = 'AccountAdminError';
  constructor(
    readonly code: AdminErrorCode,
    message: string,
    /** The offending input, named as the operator gave it (`--endpoint`, `markups[0].markup.percent`). */
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface Account {
  readonly tenant: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: string;
}

/** How long the old secret keeps working after a rotation unless the operator says otherwise. */
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 60 * 60;

const scopeList = z.array(z.enum(SCOPES)).min(1, 'needs at least one scope');

function invalidFrom(error: z.ZodError, prefix = ''): AccountAdminError {
  const issue = error.issues[0]!;
  const field = `${prefix}${issue.path.map(String).join('.')}`;
  return new AccountAdminError('invalid', `${field || 'input'}: ${issue.message}`, field || undefined);
}

export async function getAccount(tenant: string): Promise<Account | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName('clients'), Key: keys.account(tenant), ConsistentRead: true }),
  );
  return Item ? { tenant: Item.tenant, name: Item.name, scopes: Item.scopes, createdAt: Item.createdAt } : undefined;
}

async function accountOrThrow(tenant: string): Promise<Account> {
  const account = await getAccount(tenant);
  if (!account) throw new AccountAdminError('not-found', `no account '${tenant}'`);
  return account;
}

/** Creates the account; creating one that exists with the same scopes is a no-op (local start does it every time). */
export async function createAccount(input: { tenant: string; name?: string; scopes: readonly string[] }, actor: string): Promise<Account> {
  const parsedScopes = scopeList.safeParse(input.scopes);
  if (!parsedScopes.success) throw invalidFrom(parsedScopes.error, 'scopes');
  // The tenant becomes the first part of every stored key: the client registry's rule decides what it may be.
  if (!TENANT_PATTERN.test(input.tenant) || input.tenant === PLATFORM_OWNER) {
    throw new AccountAdminError(
      'invalid',
      `tenant '${input.tenant}': lower-case letters, digits and hyphens, at most 63, not '${PLATFORM_OWNER}'`,
      'tenant',
    );
  }
  const existing = await getAccount(input.tenant);
  const account: Account = {
    tenant: input.tenant,
    name: input.name ?? existing?.name ?? input.tenant,
    scopes: SCOPES.filter((s) => parsedScopes.data.includes(s)),
    createdAt: existing?.createdAt ?? new Date().toISOString(),
  };
  if (existing && JSON.stringify(existing) === JSON.stringify(account)) return existing;
  await dynamoClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('clients'), Item: { ...keys.account(account.tenant), kind: 'account', ...account } } },
        auditPut({
          tenant: account.tenant,
          actor,
          action: existing ? 'account.updated' : 'account.created',
          target: account.tenant,
          ...(existing ? { before: existing } : {}),
          after: account,
        }),
      ],
    }),
  );
  return account;
}

export interface IssuedClient {
  readonly tenant: string;
  readonly clientId: string;
  /** Shown once: only its scrypt hash is stored. */
  readonly secret: string;
  readonly scopes: readonly Scope[];
  /** The value API Gateway's usage plan knows the client by (not a credential: the token is). */
  readonly usageKey: string;
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Issues a client of the account, with the account's scopes or fewer. The id and secret are generated;
 * local start passes the seeded ones so the printed demo credentials stay the documented ones.
 */
export async function issueClient(
  tenant: string,
  input: { clientId?: string; secret?: string; scopes?: readonly string[]; name?: string },
  actor: string,
): Promise<IssuedClient> {
  const account = await accountOrThrow(tenant);
  const requested = input.scopes ?? account.scopes;
  const beyond = requested.filter((s) => !account.scopes.includes(s as Scope));
  if (beyond.length > 0)
    throw new AccountAdminError(
      'invalid',
      `scopes: ${beyond.join(', ')} not granted to account '${tenant}' (it has ${account.scopes.join(' ')})`,
      'scopes',
    );
  const clientId = input.clientId ?? `${tenant}-${randomBytes(6).toString('hex')}`;
  const secret = input.secret ?? newSecret();
  const before = await getClient(tenant, clientId);
  let record: ClientRecord;
  try {
    record = await registerClient(
      { tenant, clientId, secret, scopes: requested as Scope[], name: input.name ?? `${tenant} client` },
      (after) => [
        auditPut({
          tenant,
          actor,
          action: before ? 'client.reissued' : 'client.issued',
          target: clientId,
          ...(before ? { before: clientView(before) } : {}),
          after: clientView(after),
        }),
      ],
    );
  } catch (error) {
    if (error instanceof ClientRegistrationError)
      throw new AccountAdminError(error.message.includes('another tenant') ? 'conflict' : 'invalid', error.message, 'client-id');
    throw error;
  }
  return { tenant, clientId, secret, scopes: record.scopes, usageKey: record.usageKey };
}

/** A new secret for the client; the old one keeps working for `graceSeconds`. */
export async function rotateSecret(
  tenant: string,
  clientId: string,
  graceSeconds: number,
  actor: string,
): Promise<IssuedClient & { readonly previousSecretValidUntil: string }> {
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0)
    throw new AccountAdminError('invalid', 'grace-seconds: a whole number of seconds, 0 or more', 'grace-seconds');
  const before = await getClient(tenant, clientId);
  if (!before) throw new AccountAdminError('not-found', `no client '${clientId}' in account '${tenant}'`);
  const secret = newSecret();
  const after = await rotateClientSecret(tenant, clientId, secret, graceSeconds, new Date(), (rotated) => [
    auditPut({
      tenant,
      actor,
      action: 'client.secret-rotated',
      target: clientId,
      before: clientView(before),
      after: { ...clientView(rotated), previousSecretValidUntil: rotated.previousSecretExpiresAt },
    }),
  ]);
  return {
    tenant,
    clientId,
    secret,
    scopes: after.scopes,
    usageKey: after.usageKey,
    previousSecretValidUntil: after.previousSecretExpiresAt!,
  };
}

/**
 * Revokes a client: no new tokens at once; its live tokens are refused by the authorizer at its next
 * evaluation, which API Gateway caches per token for LIMITS.authorizerCacheSeconds (300 s) at most.
 */
export async function revokeClient(tenant: string, clientId: string, actor: string): Promise<void> {
  const before = await getClient(tenant, clientId);
  if (!before) throw new AccountAdminError('not-found', `no client '${clientId}' in account '${tenant}'`);
  await setClientStatus(tenant, clientId, 'disabled', (after) => [
    auditPut({ tenant, actor, action: 'client.revoked', target: clientId, before: clientView(before), after: clientView(after) }),
  ]);
}

export interface ContractInput {
  readonly supplierId: string;
  readonly adapter: string;
  readonly endpoint: string;
  /** Sandbox suppliers only: credentials inline. */
  readonly credentials?: Record<string, string>;
  /** Production: the Secrets Manager secret's name under hotel-api/<tenant>/suppliers/, with the AWS account and region it lives in. */
  readonly secretName?: string;
  readonly awsAccount?: string;
  readonly region?: string;
  readonly sandbox: boolean;
  readonly active?: boolean;
  /** Whether the account sells this supplier's package-only rates (it sells packages: a flight with the hotel). */
  readonly sellsPackages?: boolean;
}

/** Sets (creates or replaces) one supplier contract, validated by the schema search and booking read it with. */
export async function setContract(tenant: string, input: ContractInput, actor: string): Promise<SupplierContract> {
  await accountOrThrow(tenant);
  if (input.secretName && !/^\d{12}$/.test(input.awsAccount ?? ''))
    throw new AccountAdminError('invalid', 'aws-account: the 12-digit AWS account id the secret lives in', 'aws-account');
  // A partial ARN (no random suffix): Secrets Manager resolves it, and the stack's grant covers the prefix.
  const credentialsSecretArn = input.secretName
    ? `arn:aws:secretsmanager:${input.region ?? 'us-east-1'}:${input.awsAccount}:secret:${supplierSecretPrefix(tenant)}${input.secretName}`
    : undefined;
  const parsed = contractSchema.safeParse({
    tenant,
    supplierId: input.supplierId,
    adapter: input.adapter as AdapterKind,
    endpoint: input.endpoint,
    sandbox: input.sandbox,
    ...(input.credentials ? { credentials: input.credentials } : {}),
    ...(credentialsSecretArn ? { credentialsSecretArn } : {}),
    active: input.active ?? true,
    sellsPackages: input.sellsPackages ?? false,
  });
  if (!parsed.success) throw invalidFrom(parsed.error);
  const before = (await listContracts(tenant)).find((c) => c.supplierId === input.supplierId);
  await putContract(parsed.data, [
    auditPut({
      tenant,
      actor,
      action: before ? 'contract.updated' : 'contract.created',
      target: input.supplierId,
      ...(before ? { before } : {}),
      after: parsed.data,
    }),
  ]);
  return parsed.data;
}

/**
 * Sets the account's sales settings (contracts.ts): its point of sale, and the reservations desk suppliers
 * that need a customer contact are given when a traveller gave none. Settings not given are kept.
 */
export async function setSalesSettings(tenant: string, input: SalesSettings, actor: string): Promise<SalesSettings> {
  await accountOrThrow(tenant);
  const parsed = salesSettingsSchema.safeParse(input);
  if (!parsed.success) throw invalidFrom(parsed.error);
  const before = await salesSettings(tenant);
  const after: SalesSettings = { ...before, ...parsed.data };
  await putSalesSettings(tenant, after, [auditPut({ tenant, actor, action: 'sales-settings.updated', target: tenant, before, after })]);
  return after;
}

/** Sets the account's pricing rules, validated by the schema pricing reads them with. */
export async function setPricing(tenant: string, rules: PricingRulesInput, actor: string): Promise<PricingRules> {
  await accountOrThrow(tenant);
  const before = await storedPricingRules(tenant);
  let stored: PricingRules;
  try {
    stored = await putPricingRules(tenant, rules, new Date(), (after) => [
      auditPut({ tenant, actor, action: 'pricing.set', target: tenant, ...(before ? { before } : {}), after }),
    ]);
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidFrom(error);
    throw error;
  }
  return stored;
}

/** A client as an operator sees it: never its secret or hash. */
export function clientView(client: ClientRecord) {
  return {
    clientId: client.clientId,
    name: client.name,
    scopes: client.scopes,
    status: client.status,
    createdAt: client.createdAt,
    ...(client.previousSecretExpiresAt ? { previousSecretValidUntil: client.previousSecretExpiresAt } : {}),
  };
}

/** Everything of an account, for `admin show`: no secret, hash or credential in it. */
export async function showAccount(tenant: string) {
  const account = await accountOrThrow(tenant);
  const [clients, contracts, pricing] = await Promise.all([listClients(tenant), listContracts(tenant), storedPricingRules(tenant)]);
  return {
    account,
    clients: clients.map(clientView),
    contracts: contracts.map(({ credentials, credentialsSecretArn, ...contract }) => ({
      ...contract,
      credentials: credentials ? 'inline (sandbox)' : `secret ${credentialsSecretArn}`,
    })),
    pricingRules: pricing ?? null,
  };
}
