/**
 * The seeded tenants of API-SPEC.md: `demo` and `acme`, one client each with every scope, secrets
 * overridable by environment, their supplier contracts pointing at the running sandbox suppliers and their
 * pricing rules. They are made the way an operator makes any account (functions/accounts/account-admin.ts,
 * what `npm run admin` runs), by the actor `local-start`, so they show in the audit trail like any other.
 */
import { createAccount, issueClient, setContract, setPricing } from '../functions/accounts/account-admin.js';
import { setOperatorRate } from '../functions/accounts/fx-admin.js';
import { EMBEDDED_REFERENCE_SNAPSHOT } from '../functions/domain/fx/ecb-reference-snapshot.js';
import { decimalText, parseDecimal } from '../functions/domain/money/decimal.js';
import { defaultPricingRules } from '../functions/domain/pricing/default-pricing-rules.js';
import type { WalletStore } from '../functions/domain/wallet/wallet-store.js';
import { putSalesSettings } from '../functions/suppliers/contracts.js';
import { SCOPES, type Scope } from '../functions/shared/routes.js';
import { SEEDED_TENANT_SUPPLIERS } from '../sandbox/suppliers.js';
import type { RunningSandboxSupplier } from './sandbox-suppliers.js';

export interface SeededClient {
  readonly tenant: string;
  readonly clientId: string;
  readonly secret: string;
  readonly scopes: readonly Scope[];
}

export function seededClients(environment: NodeJS.ProcessEnv = process.env): SeededClient[] {
  return [
    { tenant: 'demo', clientId: 'demo-client', secret: environment.DEMO_CLIENT_SECRET || 'demo-secret', scopes: [...SCOPES] },
    { tenant: 'acme', clientId: 'acme-client', secret: environment.ACME_CLIENT_SECRET || 'acme-secret', scopes: [...SCOPES] },
  ];
}

const ACTOR = 'local-start';
const SEEDED_POINT_OF_SALE = 'GB';

export async function seedClients(clients: readonly SeededClient[]): Promise<void> {
  for (const client of clients) {
    await createAccount({ tenant: client.tenant, name: `${client.tenant} (seeded)`, scopes: client.scopes }, ACTOR);
    await issueClient(
      client.tenant,
      { clientId: client.clientId, secret: client.secret, scopes: client.scopes, name: `${client.tenant} (seeded)` },
      ACTOR,
    );
    await setPricing(client.tenant, defaultPricingRules(client.tenant), ACTOR);
  }
}

/** Each seeded tenant's contracts, limited to the sandbox suppliers that are running. */
export async function seedContracts(suppliers: readonly RunningSandboxSupplier[]): Promise<Record<string, string[]>> {
  const contracted: Record<string, string[]> = {};
  for (const [tenant, supplierIds] of Object.entries(SEEDED_TENANT_SUPPLIERS)) {
    contracted[tenant] = [];
    // The account first (a no-op when seedClients made it): a contract belongs to an account.
    await createAccount({ tenant, name: `${tenant} (seeded)`, scopes: [...SCOPES] }, ACTOR);
    // Where the seeded accounts sell from (Rapid's country_code), and the reservations desk suppliers that need a
    // customer contact get when a traveller gave none (the seeded accounts' own, on a domain reserved for examples).
    await putSalesSettings(tenant, {
      pointOfSale: SEEDED_POINT_OF_SALE,
      reservationsEmail: `reservations@${tenant}.example`,
      reservationsPhone: '+442079460000',
    });
    for (const supplier of suppliers.filter((s) => supplierIds.includes(s.supplierId))) {
      await setContract(
        tenant,
        {
          supplierId: supplier.supplierId,
          adapter: supplier.adapter,
          endpoint: supplier.endpoint,
          sandbox: true,
          credentials: { ...supplier.credentials },
          active: true,
        },
        ACTOR,
      );
      contracted[tenant].push(supplier.supplierId);
    }
  }
  return contracted;
}

/** The demo account's wallet (README "Paying from a wallet"): EUR, 10,000.00 paid in, 2,000.00 of credit. */
export const DEMO_WALLET_ID = 'wal_de0000000000000000';

export async function seedWallets(now: Date = new Date()): Promise<void> {
  const { DynamoWalletStore } = await import('../functions/stores/dynamo-wallets.js');
  const wallets: WalletStore = new DynamoWalletStore();
  await wallets.create({ tenant: 'demo', walletId: DEMO_WALLET_ID, currency: 'EUR', creditLimitMinor: 2_000_00, now });
  // By reference: a restart on kept data pays in nothing twice.
  await wallets.topUp('demo', DEMO_WALLET_ID, 10_000_00, 'local-start-opening-balance', now);
}

/**
 * Operators' rates for the currencies the sandbox world prices in that the ECB does not publish (the
 * OpenTravel sandbox's hotels in Dubai, Cairo and Marrakech charge their taxes in AED, EGP and MAD; BHD is
 * the three-decimal currency partners try first): per EUR, the embedded snapshot's per-USD figure (two
 * central-bank pegs and two indicative figures, each source saying which) times its ECB USD figure, exactly,
 * dated the day of the start, as an operator would set them with `npm run admin -- fx set`. KWD is left for
 * the operator to set (docs/operators.md shows how).
 */
export async function seedFxRates(now: Date = new Date()): Promise<void> {
  const usdPerEur = parseDecimal(EMBEDDED_REFERENCE_SNAPSHOT.perEur.USD!);
  for (const [currency, { perUsd, source }] of Object.entries(EMBEDDED_REFERENCE_SNAPSHOT.perUsd)) {
    const perEur = decimalText(parseDecimal(perUsd).times(usdPerEur));
    await setOperatorRate({ currency, perEur, source: `sandbox seed: ${source}` }, ACTOR, now);
  }
}
