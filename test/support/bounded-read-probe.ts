/**
 * Run as its own process by test/integration/supplier-boundary.test.ts (`node --import tsx`), so what one
 * hostile answer costs is measured alone: asks one adapter (through the supplier boundary, as the registry
 * builds it) for a city's availability at the URL given, and prints one JSON line: how the call ended, how
 * long it took, and how much memory the process held (V8 heap and array buffers) and occupied (resident set)
 * at most during the call, over what it held before.
 *
 *   node --import tsx test/support/bounded-read-probe.ts <hotelbeds|expedia|opentravel> <baseUrl> [unbounded]
 *
 * `unbounded` reads the same answer whole with the platform fetch's text(), as the adapters did before the
 * boundary, for comparison.
 */
import { ExpediaAdapter } from '../../functions/suppliers/expedia/adapter.js';
import { guardedSupplier } from '../../functions/suppliers/guarded-supplier.js';
import { HotelbedsAdapter } from '../../functions/suppliers/hotelbeds/adapter.js';
import { OpenTravelAdapter } from '../../functions/suppliers/opentravel/adapter.js';
import { asContracted } from '../../functions/suppliers/as-contracted.js';
import type { SupplierPort } from '../../functions/suppliers/port.js';
import { isSupplierError } from '../../functions/suppliers/supplier-error.js';
import { cityArea, hotelList } from './supplier-destinations.js';

const [wire, baseUrl] = process.argv.slice(2);
const credentials = { baseUrl: baseUrl!, apiKey: 'sandbox-key', secret: 'sandbox-secret', timeoutMs: 60_000 };
const adapters: Record<string, () => SupplierPort> = {
  hotelbeds: () => new HotelbedsAdapter(credentials),
  expedia: () => new ExpediaAdapter(credentials),
  opentravel: () => new OpenTravelAdapter(credentials),
};
const adapter = guardedSupplier(asContracted({ supplierId: wire!, pointOfSale: 'GB' }, adapters[wire!]!()));

const day = 86_400_000;
const start = Date.now() + 40 * day;
const question = {
  // Rapid shops by property id: a list skips its region lookup, so the one call measured is the availability.
  destination: wire === 'expedia' ? hotelList(['1']) : cityArea('PAR'),
  checkIn: new Date(start).toISOString().slice(0, 10),
  checkOut: new Date(start + 2 * day).toISOString().slice(0, 10),
  occupancies: [{ adults: 2, childrenAges: [] }],
  nationality: 'GB',
};

const AVAILABILITY_PATH: Record<string, string> = {
  hotelbeds: '/hotel-api/1.0/hotels',
  expedia: '/v3/properties/availability',
  opentravel: '/ota',
};
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
// What the process holds before the call: modules loaded, a first collection done. Memory is then sampled
// every few milliseconds during the call (the process's lifetime peak would include loading tsx).
(globalThis as { gc?: () => void }).gc?.();
const held = (): number => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
const residentBefore = process.memoryUsage().rss;
const heldBefore = held();
let residentPeak = residentBefore;
let heldPeak = heldBefore;
const sample = (): void => {
  residentPeak = Math.max(residentPeak, process.memoryUsage().rss);
  heldPeak = Math.max(heldPeak, held());
};
const sampler = setInterval(sample, 5);
const started = performance.now();
let outcome: string;
try {
  if (process.argv[4] === 'unbounded') {
    // For comparison, what reading the whole answer costs: the platform fetch's text(), as the adapters read before.
    const text = await (await fetch(`${baseUrl}${AVAILABILITY_PATH[wire!]}`, { method: wire === 'expedia' ? 'GET' : 'POST' })).text();
    outcome = `read ${mb(text.length)} MB`;
  } else {
    const result = await adapter.searchAvailability(question);
    outcome = `answered ${result.offers.length} offers`;
  }
} catch (error) {
  outcome = isSupplierError(error) ? `${error.kind}:${error.details.reason ?? ''}` : `threw ${(error as Error).name}`;
}
const ms = Math.round(performance.now() - started);
sample();
clearInterval(sampler);
process.stdout.write(
  `${JSON.stringify({ outcome, ms, heldGrowthMb: mb(heldPeak - heldBefore), residentGrowthMb: mb(residentPeak - residentBefore) })}\n`,
);
