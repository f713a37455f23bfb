/**
 * Every operator change is written in one DynamoDB transaction with its audit entry (functions/accounts/),
 * against DynamoDB Local: each command sends exactly one write request, a TransactWriteItems holding the
 * change and the `{tenant}#audit` entry, so no crash can fall between them; and a change that is refused
 * leaves no entry behind.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, issueClient, revokeClient, rotateSecret, setContract, setPricing } from '../../functions/accounts/account-admin.js';
import { auditTrail } from '../../functions/accounts/audit-trail.js';
import { createWallet, setWalletCreditLimit, topUpWallet } from '../../functions/accounts/wallet-admin.js';
import { setWebhookEndpointEnabled } from '../../functions/accounts/webhook-admin.js';
import { defaultPricingRules } from '../../functions/domain/pricing/default-pricing-rules.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { DynamoWebhookStore } from '../../functions/stores/dynamo-webhooks.js';
import { freshTables } from '../support/dynamo.js';

await freshTables();

/** The write requests sent, each with the partition keys it writes. */
const writes: { command: string; pks: string[] }[] = [];
/** As the DynamoDB client names them (the document client's commands reach its stack as these). */
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);

beforeAll(() => {
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITE_COMMANDS.has(context.commandName ?? '')) {
        const input = args.input as Record<string, any>;
        const items: any[] = input.TransactItems ?? [input];
        // Plain or marshalled ({ S: '...' }), depending on where in the stack the document client converts.
        const pks = items.map((item) => {
          const pk = (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.Item ?? item.Key)?.pk;
          return String(typeof pk === 'string' ? pk : (pk?.S ?? ''));
        });
        writes.push({ command: context.commandName!, pks });
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordWrites' },
  );
});

const tenant = `audit${randomUUID().slice(0, 6)}`;

/** Runs the command; expects one transaction carrying the change and exactly one audit entry, and that entry stored. */
async function inOneTransaction<T>(action: string, run: () => Promise<T>): Promise<T> {
  const trailBefore = (await auditTrail(tenant)).length;
  writes.length = 0;
  const result = await run();
  const sent = [...writes];
  expect(
    sent.map((w) => w.command),
    action,
  ).toEqual(['TransactWriteItemsCommand']);
  expect(
    sent[0]!.pks.filter((pk) => pk === `${tenant}#audit`),
    action,
  ).toHaveLength(1);
  expect(sent[0]!.pks.filter((pk) => pk !== `${tenant}#audit`).length, `${action}: the change itself`).toBeGreaterThan(0);
  const trail = await auditTrail(tenant);
  expect(trail.length, action).toBe(trailBefore + 1);
  expect(trail.at(-1)!.action).toBe(action);
  return result;
}

describe('operator changes and their audit entries', () => {
  it('are written together, one transaction per command', async () => {
    await inOneTransaction('account.created', () => createAccount({ tenant, scopes: ['hotels.search', 'hotels.book'] }, 'ops'));
    const issued = await inOneTransaction('client.issued', () => issueClient(tenant, {}, 'ops'));
    await inOneTransaction('client.secret-rotated', () => rotateSecret(tenant, issued.clientId, 60, 'ops'));
    await inOneTransaction('client.revoked', () => revokeClient(tenant, issued.clientId, 'ops'));
    await inOneTransaction('contract.created', () =>
      setContract(
        tenant,
        {
          supplierId: 'hotelbeds',
          adapter: 'hotelbeds',
          endpoint: 'https://api.test.hotelbeds.com',
          sandbox: true,
          credentials: { apiKey: 'k', secret: 's' },
        },
        'ops',
      ),
    );
    await inOneTransaction('pricing.set', () => setPricing(tenant, defaultPricingRules(tenant), 'ops'));
    const wallet = await inOneTransaction('wallet.created', () => createWallet(tenant, { currency: 'EUR' }, 'ops'));
    await inOneTransaction('wallet.topped-up', () => topUpWallet(tenant, wallet.walletId, '100.00', `ref-${randomUUID()}`, 'ops'));
    await inOneTransaction('wallet.credit-limit-set', () => setWalletCreditLimit(tenant, wallet.walletId, '50.00', 'ops'));
    const at = new Date().toISOString();
    await new DynamoWebhookStore().createEndpoint({
      tenant,
      endpointId: 'we_audit0000000000000000',
      url: 'https://partner.example.com/hooks',
      events: ['booking.confirmed'],
      enabled: true,
      secret: 'whsec_x',
      createdAt: at,
      updatedAt: at,
    });
    await inOneTransaction('webhook.disabled', () =>
      setWebhookEndpointEnabled(tenant, 'we_audit0000000000000000', false, 'hammered', 'ops'),
    );

    // No secret entered the trail on the way.
    expect(JSON.stringify(await auditTrail(tenant))).not.toMatch(/secretHash|whsec_|"secret"/);
  });

  it('leave no entry when the change is refused', async () => {
    const trailBefore = (await auditTrail(tenant)).length;
    // Refused changes: a client that does not exist; the loser of two rotations at once (its condition fails).
    const issued = await issueClient(tenant, {}, 'ops');
    const afterIssue = (await auditTrail(tenant)).length;
    expect(afterIssue).toBe(trailBefore + 1);
    await expect(revokeClient(tenant, 'no-such-client', 'ops')).rejects.toThrow(/no client/);
    // Two rotations at once: usually one loses on its condition; on a loaded machine they may run one after
    // the other and both win. Either way, exactly the rotations that happened have entries.
    const rotations = await Promise.allSettled([
      rotateSecret(tenant, issued.clientId, 60, 'ops'),
      rotateSecret(tenant, issued.clientId, 60, 'ops'),
    ]);
    const happened = rotations.filter((r) => r.status === 'fulfilled').length;
    expect(happened).toBeGreaterThanOrEqual(1);
    const trail = await auditTrail(tenant);
    expect(trail.slice(afterIssue).map((e) => e.action)).toEqual(Array(happened).fill('client.secret-rotated'));
  });
});
