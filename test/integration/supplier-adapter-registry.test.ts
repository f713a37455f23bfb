/**
 * From a stored contract to a working adapter: each seeded sandbox supplier is reached through the
 * registry with nothing but its contract, the way search and booking will reach them.
 */
import { cityArea } from '../support/supplier-destinations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterFor } from '../../functions/suppliers/adapter-registry.js';
import { listContracts } from '../../functions/suppliers/contracts.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { SANDBOX_SUPPLIERS, SEEDED_TENANT_SUPPLIERS } from '../../sandbox/suppliers.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { seedContracts } from '../../local/seed.js';
import { freshTables } from '../support/dynamo.js';
import { inDays } from '../support/stay-dates.js';

let suppliers: RunningSandboxSupplier[] = [];
beforeAll(async () => {
  await freshTables();
  suppliers = await startSandboxSuppliers({ latency: NO_LATENCY });
  await seedContracts(suppliers);
}, 60_000);
afterAll(async () => {
  await Promise.all(suppliers.map((s) => s.close()));
});

describe('adapter registry', () => {
  it('contracts demo with every sandbox supplier and acme with two', async () => {
    expect((await listContracts('demo')).map((c) => c.supplierId)).toEqual([...SEEDED_TENANT_SUPPLIERS.demo!].sort());
    expect((await listContracts('acme')).map((c) => c.supplierId)).toEqual([...SEEDED_TENANT_SUPPLIERS.acme!].sort());
    expect(SANDBOX_SUPPLIERS.map((s) => s.supplierId).sort()).toEqual(['expedia', 'hotelbeds', 'opentravel']);
  });

  it('turns each contract into an adapter that finds availability at its supplier', async () => {
    for (const contract of await listContracts('demo')) {
      const adapter = await adapterFor(contract);
      expect(adapter.supplierId).toBe(contract.supplierId);
      const result = await adapter.searchAvailability({
        destination: cityArea('REK'),
        checkIn: inDays(40),
        checkOut: inDays(42),
        occupancies: [{ adults: 2, childrenAges: [] }],
        nationality: 'GB',
        // Rapid's shop requires the point of sale (country_code); the other adapters ignore it.
        pointOfSale: 'GB',
      });
      expect(result.offers.length, contract.supplierId).toBeGreaterThan(10);
      expect(result.offers.every((o) => o.rates.length > 0 && o.supplierId === contract.supplierId)).toBe(true);
    }
  });

  it('reuses one adapter per contract, so its connections and caches last across calls', async () => {
    const [contract] = await listContracts('acme');
    expect(await adapterFor(contract!)).toBe(await adapterFor(contract!));
    expect(await adapterFor({ ...contract!, endpoint: `${contract!.endpoint}/` })).toBe(await adapterFor(contract!));
  });
});
