/** The adapter of one of the tenant's contracted suppliers, or supplier-failed when the contract is gone. */
import { DomainError } from '../../domain/errors/domain-error.js';
import type { SupplierPort } from '../../suppliers/port.js';
import type { RateCheckDeps } from '../rate-check/check-rate.js';

export async function adapterOf(
  tenant: string,
  supplierId: string,
  deps: Pick<RateCheckDeps, 'contracts' | 'adapterFor'>,
): Promise<SupplierPort> {
  const contract = (await deps.contracts(tenant)).find((c) => c.supplierId === supplierId);
  if (!contract) throw new DomainError('supplier-failed', `Supplier ${supplierId} is no longer contracted for this account`);
  return deps.adapterFor(contract);
}
