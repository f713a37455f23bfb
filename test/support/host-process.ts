/**
 * A local host in a process of its own, for the tests that kill it: it keeps DynamoDB Local's data in
 * DATA_DIR and talks to sandbox suppliers the test process runs (HOST_SUPPLIERS), so both survive the kill.
 * The signing key and the rateId secret come from the environment, as a deployment's persist across its
 * containers. When ready it prints one JSON line: the gateway URL, the DynamoDB endpoint and table names.
 *
 * Run with the test's own Node: `process.execPath --import tsx test/support/host-process.ts`.
 */
import { TABLES } from '../../functions/shared/tables.js';
import type { RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { startLocalHost } from '../../local/host.js';

type SupplierAddress = Pick<RunningSandboxSupplier, 'supplierId' | 'adapter' | 'endpoint' | 'credentials'>;

const addresses = JSON.parse(process.env.HOST_SUPPLIERS ?? '[]') as SupplierAddress[];
const host = await startLocalHost({
  port: 0,
  dataDir: process.env.DATA_DIR!,
  mapProperties: false,
  externalSuppliers: addresses.map((a) => ({
    ...a,
    close: async () => undefined,
    bookingsUnder: () => {
      throw new Error('ask the test process, which runs the suppliers');
    },
  })),
  reconcileIntervalMs: Number(process.env.RECONCILE_INTERVAL_MS ?? 60_000),
  ...(process.env.CRASH_AFTER_SUPPLIER_BOOKED ? { crashAfterSupplierBooked: process.env.CRASH_AFTER_SUPPLIER_BOOKED } : {}),
});
const tables = Object.fromEntries(TABLES.map((t) => [t.id, process.env[t.envVar]]));
process.stdout.write(`${JSON.stringify({ ready: host.url, dynamoEndpoint: host.dynamoEndpoint, tables })}\n`);
const stop = () => void host.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
