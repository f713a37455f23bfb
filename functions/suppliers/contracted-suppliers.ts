/**
 * How a use case reaches a tenant's suppliers: the tenant's contracts (contracts.ts), and for each the
 * adapter that speaks its wire format (adapter-registry.ts). Search and booking each wire their own: search
 * keeps a tenant's contracts for a few seconds (they are read before every fan-out), booking reads them
 * afresh (a contract that ended stops bookings at once).
 */
import type { SupplierContract } from './contracts.js';
import type { SupplierPort } from './port.js';

export interface ContractedSuppliers {
  contracts(tenant: string): Promise<SupplierContract[]>;
  adapterFor(contract: SupplierContract): Promise<SupplierPort>;
}
