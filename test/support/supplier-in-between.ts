/**
 * Puts a server of the test's (a fault proxy, a hostile supplier) between the demo tenant and one of the local
 * host's sandbox suppliers: the tenant's contract for that supplier points at `url`, with the sandbox's own
 * credentials, so every call the API makes to the supplier goes through it.
 */
import { putContract } from '../../functions/suppliers/contracts.js';
import type { LocalHost } from '../../local/host.js';

export async function contractThrough(host: LocalHost, supplierId: string, url: string): Promise<void> {
  const supplier = host.suppliers.find((s) => s.supplierId === supplierId);
  if (!supplier) throw new Error(`the local host runs no sandbox supplier ${supplierId}`);
  await putContract({
    tenant: 'demo',
    supplierId,
    adapter: supplier.adapter,
    endpoint: url,
    sandbox: true,
    credentials: { ...supplier.credentials },
    active: true,
  });
}
