/**
 * An account's pricing rules as the operator set them (`npm run admin -- pricing set`), in the contracts
 * table beside the account's supplier contracts, validated with the schema pricing reads them with. An
 * account without stored rules prices with the built-in ones (default-pricing-rules.ts: none for a new
 * account, so it sells at net). Search, the rate check and the booking all read them here, afresh, so a
 * rate is priced one way and a change applies to the next search.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { FxRatesProvider } from '../domain/fx/fx-rates.js';
import { defaultPricingRules } from '../domain/pricing/default-pricing-rules.js';
import { pricingRulesSchema, type PricingRules, type PricingRulesInput } from '../domain/pricing/pricing-rules.js';
import type { PricingSources } from '../domain/pricing/pricing-sources.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import type { TransactItem } from '../shared/transact-item.js';

export async function storedPricingRules(tenant: string): Promise<PricingRules | undefined> {
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName('contracts'), Key: keys.pricingRules(tenant) }));
  if (!Item) return undefined;
  const parsed = pricingRulesSchema.safeParse(Item.rules);
  // A stored row of the wrong shape (written by hand) must not price at net silently nor fail every search.
  if (!parsed.success) throw new Error(`the stored pricing rules of ${tenant} do not match the schema`);
  return parsed.data;
}

/** Validates (throws the zod error naming the field) and stores; answers the rules as pricing will read them. */
/** @param also written in the same transaction, given the rules as stored (an operator's audit entry). */
export async function putPricingRules(
  tenant: string,
  rules: PricingRulesInput,
  updatedAt = new Date(),
  also?: (stored: PricingRules) => TransactItem[],
): Promise<PricingRules> {
  const valid = pricingRulesSchema.parse(rules);
  const put = {
    TableName: tableName('contracts'),
    Item: { ...keys.pricingRules(tenant), kind: 'pricing', tenant, rules: valid, updatedAt: updatedAt.toISOString() },
  };
  if (!also) await dynamoClient().send(new PutCommand(put));
  else await dynamoClient().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...also(valid)] }));
  return valid;
}

/** Pricing's sources as stored: the account's rules, and the FX figures of `fx` (stored-fx-rates.ts). */
export function storedPricingSources(fx: FxRatesProvider): PricingSources {
  return {
    fx: () => fx.ratesFor(),
    pricingRules: async (tenant) => (await storedPricingRules(tenant)) ?? defaultPricingRules(tenant),
  };
}
