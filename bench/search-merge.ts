/**
 * `npm run bench:search-merge`: the CPU part of search on its own, at 10k, 50k and 100k supplier offers:
 * resolving offers to unified properties through the destination index, merging them, pricing every rate
 * for the account with FX, filtering, ranking, and signing the shown rates. It must grow linearly: the
 * 100k run within 12 times the 10k run.
 *
 * Offers are real sandbox answers (the three suppliers' adapters against their servers, no latency) for
 * the largest cities; to reach 100k they are repeated with suffixed supplier property ids (each copy a
 * distinct hotel in the destination index), so every size resolves, prices and ranks the same mix.
 * Prints the figures; nothing is asserted.
 */
import { cityAvailability } from './support/city-availability.js';
import { randomBytes } from 'node:crypto';
import { embeddedFxRates } from '../functions/domain/fx/reference-fx-rates.js';
import { destinationEntry, type DestinationEntry } from '../functions/search/mapping/destination-index.js';
import { matchProperties } from '../functions/search/mapping/match-properties.js';
import { mintPropertyId } from '../functions/search/mapping/property-id.js';
import { compareRefs } from '../functions/domain/property/supplier-ref.js';
import { unifyProperty } from '../functions/search/mapping/unify-property.js';
import { worldSupplierContent } from '../sandbox/world/world-content.js';
import { defaultPricingRules } from '../functions/domain/pricing/default-pricing-rules.js';
import { cheapestRate, sortProperties } from '../functions/search/ranking/property-sort.js';
import { applySearchFilters } from '../functions/search/ranking/search-filters.js';
import { mergeOffers } from '../functions/search/offer-merger.js';
import { showRate } from '../functions/domain/rate/shown-rate.js';
import { ExpediaAdapter } from '../functions/suppliers/expedia/adapter.js';
import { startExpediaSandbox } from '../sandbox/expedia/server.js';
import { HotelbedsAdapter } from '../functions/suppliers/hotelbeds/adapter.js';
import { startHotelbedsSandbox } from '../sandbox/hotelbeds/server.js';
import { OpenTravelAdapter } from '../functions/suppliers/opentravel/adapter.js';
import { startOpenTravelSandbox } from '../sandbox/opentravel/server.js';
import type { SupplierOffer, SupplierPort } from '../functions/suppliers/port.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { SUPPLIER_IDS } from '../sandbox/world/supplier-views.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:search-merge

The CPU part of search (resolve, merge, price, filter, rank, sign) at 10k, 50k and 100k supplier offers.
Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const CITIES = ['LON', 'PAR', 'NYC', 'TYO', 'ROM'];
const SIZES = [10_000, 50_000, 100_000];
const credentials = { apiKey: 'bench', secret: 'bench-secret-123' };

// The destination index the mapping job would write, built in memory from the same catalogues.
const content = SUPPLIER_IDS.flatMap((id) => worldSupplierContent(id));
const destination: DestinationEntry[] = matchProperties(content).clusters.map((cluster) =>
  destinationEntry(unifyProperty(mintPropertyId([...cluster].sort(compareRefs)[0]!), cluster)),
);

const servers = await Promise.all([
  startHotelbedsSandbox({ ...credentials, latency: NO_LATENCY }),
  startExpediaSandbox({ ...credentials, latency: NO_LATENCY }),
  startOpenTravelSandbox({ ...credentials, latency: NO_LATENCY }),
]);
const adapters: SupplierPort[] = [
  new HotelbedsAdapter({ baseUrl: servers[0].url, ...credentials }),
  new ExpediaAdapter({ baseUrl: servers[1].url, ...credentials }),
  new OpenTravelAdapter({ baseUrl: servers[2].url, ...credentials }),
];
const base: SupplierOffer[] = [];
for (const city of CITIES) {
  for (const adapter of adapters) {
    const result = await adapter.searchAvailability(cityAvailability(city));
    base.push(...result.offers);
  }
}
await Promise.all(servers.map((s) => s.close()));

const copies = Math.ceil(Math.max(...SIZES) / base.length);
const offers: SupplierOffer[] = [];
const entries: DestinationEntry[] = [];
for (let copy = 0; copy < copies; copy++) {
  const suffix = copy === 0 ? '' : `~${copy}`;
  offers.push(...base.map((o) => ({ ...o, supplierPropertyId: o.supplierPropertyId + suffix })));
  entries.push(
    ...destination.map((e) => ({
      ...e,
      propertyId: e.propertyId + suffix,
      supplierRefs: e.supplierRefs.map((r) => ({ ...r, supplierPropertyId: r.supplierPropertyId + suffix })),
    })),
  );
}
const rates = (n: number) => offers.slice(0, n).reduce((sum, o) => sum + o.rates.length, 0);

const fx = await embeddedFxRates.ratesFor();
const rules = defaultPricingRules('demo');
const key = randomBytes(32);
const now = new Date();

async function run(size: number): Promise<{ ms: number; properties: number }> {
  const started = performance.now();
  const merged = await mergeOffers(offers.slice(0, size), entries, async () => [], {
    rules,
    quoteCurrency: 'EUR',
    fx,
    nights: 3,
    rooms: 1,
  });
  const ranked = sortProperties(applySearchFilters(merged, undefined, now), { sort: 'price' });
  const stay = {
    searchId: 'srch_bench',
    tenant: 'demo',
    checkIn: cityAvailability('PAR').checkIn,
    nights: 3,
    rooms: 1,
    expiresAt: new Date(now.getTime() + 1_800_000).toISOString(),
    rateIdKey: key,
  };
  for (const property of ranked) showRate(cheapestRate(property.rates)!, property, stay);
  return { ms: performance.now() - started, properties: ranked.length };
}

await run(SIZES[0]!); // warm-up: JIT and the FX cross-rate cache
console.log(
  `\nbench:search-merge on Node ${process.version}, ${new Date().toISOString()}; ${base.length} real offers from ${CITIES.join(', ')} × ${copies}`,
);
const results: { size: number; ms: number }[] = [];
for (const size of SIZES) {
  const runs = [await run(size), await run(size), await run(size)];
  const ms = Math.min(...runs.map((r) => r.ms));
  results.push({ size, ms });
  console.log(
    `${String(size).padStart(7)} offers, ${String(rates(size)).padStart(8)} rates → ${String(runs[0]!.properties).padStart(6)} properties: ${ms.toFixed(0).padStart(6)} ms (best of 3), ${((ms * 1000) / size).toFixed(1)} µs per offer`,
  );
}
const ratio = results[2]!.ms / results[0]!.ms;
console.log(`100k / 10k = ${ratio.toFixed(2)} (linear is 10; target within 12)`);
