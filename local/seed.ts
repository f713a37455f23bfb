/**
 * The seeded tenants of API-SPEC.md: `demo` and `acme`, one client each with every scope, secrets
 * overridable by environment, and their supplier contracts pointing at the running sandbox suppliers.
 */
import { registerClient } from '../functions/auth/client-registry.js';
import { SCOPES, type Scope } from '../functions/shared/routes.js';
import { putContract } from '../functions/suppliers/contracts.js';
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

export async function seedClients(clients: readonly SeededClient[]): Promise<void> {
  for (const client of clients) {
    await registerClient({ tenant: client.tenant, clientId: client.clientId, secret: client.secret, scopes: client.scopes, name: `${client.tenant} (seeded)` });
  }
}

/** Each seeded tenant's contracts, limited to the sandbox suppliers that are running. */
export async function seedContracts(suppliers: readonly RunningSandboxSupplier[]): Promise<Record<string, string[]>> {
  const contracted: Record<string, string[]> = {};
  for (const [tenant, supplierIds] of Object.entries(SEEDED_TENANT_SUPPLIERS)) {
    contracted[tenant] = [];
    for (const supplier of suppliers.filter((s) => supplierIds.includes(s.supplierId))) {
      await putContract({
        tenant,
        supplierId: supplier.supplierId,
        adapter: supplier.adapter,
        endpoint: supplier.endpoint,
        sandbox: true,
        credentials: { ...supplier.credentials },
        active: true,
      });
      contracted[tenant].push(supplier.supplierId);
    }
  }
  return contracted;
}
