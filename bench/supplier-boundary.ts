/**
 * `npm run bench:supplier-boundary`: what the supplier boundary's check of an answer against its question
 * (functions/suppliers/answer-check.ts) costs, beside what the adapter's own call costs. Each sandbox supplier
 * is asked for a few cities (one room, two adults, three nights a month ahead, no latency); each answer is then
 * checked BENCH_CHECKS times (default 30, after three warm-ups). Prints, per supplier and city: hotels and rates,
 * the adapter's call (request, answer over loopback, parse and map) once, and the check's p50 wall and CPU time
 * and its cost per rate. Nothing is asserted.
 */
import { cpus, loadavg } from 'node:os';
import { answerHelp } from '../bin/cli-help.js';
import { checkAvailability } from '../functions/suppliers/answer-check.js';
import { ExpediaAdapter } from '../functions/suppliers/expedia/adapter.js';
import { HotelbedsAdapter } from '../functions/suppliers/hotelbeds/adapter.js';
import { OpenTravelAdapter } from '../functions/suppliers/opentravel/adapter.js';
import type { SupplierPort } from '../functions/suppliers/port.js';
import { startExpediaSandbox } from '../sandbox/expedia/server.js';
import { startHotelbedsSandbox } from '../sandbox/hotelbeds/server.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { startOpenTravelSandbox } from '../sandbox/opentravel/server.js';
import { percentile } from './support/booking-overhead.js';
import { cityAvailability } from './support/city-availability.js';

answerHelp(`usage: npm run bench:supplier-boundary

The supplier boundary's check of one availability answer against its question, per sandbox supplier and city
(PAR, LON, RAK): hotels, rates, the adapter's own call, the check's p50 wall and CPU ms and µs per rate.
Environment: BENCH_CHECKS (default 30). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const CHECKS = Number(process.env.BENCH_CHECKS ?? 30);
const WARM_UPS = 3;
const CITIES = ['PAR', 'LON', 'RAK'];
const credentials = { apiKey: 'bench', secret: 'bench-secret-123' };

async function main(): Promise<void> {
  const options = { ...credentials, latency: NO_LATENCY };
  const sandboxes = [await startHotelbedsSandbox(options), await startExpediaSandbox(options), await startOpenTravelSandbox(options)];
  const adapters: [string, SupplierPort][] = [
    ['hotelbeds', new HotelbedsAdapter({ baseUrl: sandboxes[0]!.url, ...credentials })],
    ['expedia', new ExpediaAdapter({ baseUrl: sandboxes[1]!.url, ...credentials })],
    ['opentravel', new OpenTravelAdapter({ baseUrl: sandboxes[2]!.url, ...credentials })],
  ];
  console.log(
    `# supplier boundary: checks per answer ${CHECKS}; ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| supplier | city | hotels | rates | adapter call ms | check p50 ms (wall / CPU) | µs a rate |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  try {
    for (const [supplier, adapter] of adapters) {
      for (const city of CITIES) {
        const question = cityAvailability(city);
        const started = performance.now();
        const answer = await adapter.searchAvailability(question);
        const callMs = performance.now() - started;
        const rates = answer.offers.reduce((sum, offer) => sum + offer.rates.length, 0);
        for (let i = 0; i < WARM_UPS; i++) checkAvailability(question, answer);
        const wall: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < CHECKS; i++) {
          const cpuBefore = process.cpuUsage();
          const before = performance.now();
          checkAvailability(question, answer);
          wall.push(performance.now() - before);
          const used = process.cpuUsage(cpuBefore);
          cpu.push((used.user + used.system) / 1000);
        }
        const p50 = percentile(wall, 50);
        console.log(
          `| ${supplier} | ${city} | ${answer.offers.length} | ${rates} | ${callMs.toFixed(0)} | ${p50.toFixed(2)} / ${percentile(cpu, 50).toFixed(2)} | ${((p50 * 1000) / Math.max(1, rates)).toFixed(2)} |`,
        );
      }
    }
  } finally {
    await Promise.all(sandboxes.map((s) => s.close()));
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
