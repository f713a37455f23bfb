/**
 * `npm run bench:opentravel-parse`: the CPU the OpenTravel adapter spends reading one availability answer,
 * which Lambda bills inside the supplier's time. The answers are the OpenTravel sandbox supplier's real ones
 * for a few cities (one room, two adults, three nights a month ahead, no latency), captured once, plus the
 * availability samples in specs/opentravel/. Each is read BENCH_PARSES times (default 20, after two warm-ups):
 *   parse           parseXml, the text to the parsed tree;
 *   parse + map     the adapter's whole searchAvailability on that answer (a fetch that replays it): the
 *                   request built, the answer parsed and mapped to offers.
 * Prints p50 and p95 in wall-clock ms, the p50 of the CPU ms this process spent (which a machine shared with
 * other work cannot inflate as it does the wall clock), and the parse throughput in MB/s at its p50. Nothing
 * is asserted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { answerHelp } from '../bin/cli-help.js';
import { repositoryPath } from '../lib/project-paths.js';
import { OpenTravelAdapter } from '../functions/suppliers/opentravel/adapter.js';
import { parseXml } from '../functions/suppliers/opentravel/xml.js';
import type { AvailabilityRequest } from '../functions/suppliers/port.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { startOpenTravelSandbox } from '../sandbox/opentravel/server.js';
import { cityAvailability } from './support/city-availability.js';
import { percentile } from './support/booking-overhead.js';

answerHelp(`usage: npm run bench:opentravel-parse

CPU of the OpenTravel adapter on one availability answer: parse, and parse + map, per answer (sandbox
answers for PAR, LON, NYC, ROM, BCN; the spec folder's availability samples). p50, p95 and MB/s.
Environment: BENCH_PARSES (default 20). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const PARSES = Number(process.env.BENCH_PARSES ?? 20);
const WARM_UPS = 2;
const CITIES = ['PAR', 'LON', 'NYC', 'ROM', 'BCN'];
const credentials = { apiKey: 'bench', secret: 'bench-secret-123' };

interface Answer {
  readonly label: string;
  readonly xml: string;
  readonly request: AvailabilityRequest;
}

const request = cityAvailability;

/** The sandbox's answers, as the adapter received them. */
async function sandboxAnswers(): Promise<Answer[]> {
  const server = await startOpenTravelSandbox({ ...credentials, latency: NO_LATENCY });
  const answers: Answer[] = [];
  try {
    for (const city of CITIES) {
      let body = '';
      const recorder = new OpenTravelAdapter({
        baseUrl: server.url,
        ...credentials,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          body = await response.text();
          return new Response(body, { status: response.status, headers: response.headers });
        },
      });
      await recorder.searchAvailability(request(city));
      answers.push({ label: `sandbox ${city}`, xml: body, request: request(city) });
    }
  } finally {
    await server.close();
  }
  return answers;
}

/** The published folder's availability answers (specs/opentravel/check-samples/OTA_HotelAvailRS*.xml). */
function specSamples(): Answer[] {
  const folder = repositoryPath('specs/opentravel/check-samples');
  return readdirSync(folder)
    .filter((name) => name.startsWith('OTA_HotelAvailRS') && name.endsWith('.xml'))
    .map((name) => ({ label: `spec ${name}`, xml: readFileSync(join(folder, name), 'utf8'), request: request('PAR') }));
}

/** Wall-clock and CPU milliseconds of each run (CPU: this process's user + system time, so a busy machine shows less). */
async function timed(runs: number, work: () => unknown): Promise<{ wall: number[]; cpu: number[] }> {
  for (let i = 0; i < WARM_UPS; i++) await work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await work();
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

const answers = [...(await sandboxAnswers()), ...specSamples()];
console.log(
  `OpenTravel availability answers, ${PARSES} reads each after ${WARM_UPS} warm-ups; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `${'answer'.padEnd(36)} ${'size'.padStart(9)} ${'stays'.padStart(6)} | parse: ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'cpu p50'.padStart(7)} ${'MB/s'.padStart(6)} | parse+map: ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'cpu p50'.padStart(7)}`,
);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1).padStart(7);
for (const answer of answers) {
  const bytes = Buffer.byteLength(answer.xml);
  const stays = (answer.xml.match(/<(?:\w+:)?RoomStay[\s>]/g) ?? []).length;
  const parse = await timed(PARSES, () => parseXml(answer.xml));
  const adapter = new OpenTravelAdapter({
    baseUrl: 'http://opentravel.bench',
    ...credentials,
    fetch: async () => new Response(answer.xml, { status: 200, headers: { 'Content-Type': 'application/xml' } }),
  });
  const mapped = await timed(PARSES, () => adapter.searchAvailability(answer.request));
  const p50 = percentile(parse.wall, 50);
  console.log(
    `${answer.label.padEnd(36)} ${`${(bytes / 1e6).toFixed(2)} MB`.padStart(9)} ${String(stays).padStart(6)} |        ${ms(p50)} ${ms(percentile(parse.wall, 95))} ${ms(percentile(parse.cpu, 50))} ${(bytes / 1e6 / (p50 / 1000)).toFixed(1).padStart(6)} |            ${ms(percentile(mapped.wall, 50))} ${ms(percentile(mapped.wall, 95))} ${ms(percentile(mapped.cpu, 50))}`,
  );
}
