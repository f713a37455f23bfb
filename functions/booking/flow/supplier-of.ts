/** The adapter of one of the tenant's contracted suppliers, or the problem when the contract is gone. */
import { HttpProblem } from '../../shared/problem.js';
import type { SupplierPort } from '../../suppliers/port.js';
import type { RateCheckDeps } from '../rate-check/check-rate.js';

export async function adapterOf(
  tenant: string,
  supplierId: string,
  deps: Pick<RateCheckDeps, 'contracts' | 'adapterFor'>,
): Promise<SupplierPort> {
  const contract = (await deps.contracts(tenant)).find((c) => c.supplierId === supplierId);
  if (!contract) throw new HttpProblem('supplier-error', `Supplier ${supplierId} is no longer contracted for this account`);
  return deps.adapterFor(contract);
}
