/**
 * `npm run bench:destinations-typeahead`: the type-ahead (GET /v1/destinations) in process, as a warm
 * container answers it: the catalogue's cities and airports with their other names (place-names.json) and
 * the sandbox world's 18,376 hotels as the account's properties.
 *
 * - Build: the catalogue index at the first call, and the properties' index, each timed, with the heap
 *   they hold (after a forced garbage collection: the script runs Node with --expose-gc).
 * - Warm: WARM_UPS rounds over the query list, then ROUNDS timed rounds; each query timed alone through the
 *   whole use case (folding, the index, match ranks, order, shaping). p50, p95, p99, max, and the slowest
 *   queries. The list has Latin, Cyrillic, Greek, Arabic, Han, Kana and Hangul text, prefixes, typos and
 *   one-letter queries.
 * - Quality: how many of the labelled queries answer the place meant first, and within the first three.
 * - Size: the type-ahead's code bundled as the functions are (esbuild, ESM, minified), and the data file.
 *
 * `-- --compare` measures the candidate libraries on the same places and queries: MiniSearch (what ships),
 * FlexSearch, Fuse.js and Orama, each over the same folded text, its candidates put in the same order
 * (match-rank.ts). Those not installed are named with the command that adds them for the run
 * (`npm install --no-save ...`); they are not dependencies.
 *
 * Nothing is asserted. The machine is shared: the load average is printed beside the figures.
 */
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { answerHelp } from '../bin/cli-help.js';
import { allCities } from '../functions/domain/destinations/index.js';
import { findPlaces } from '../functions/search/places/find-places.js';
import { foldText } from '../functions/search/places/fold-text.js';
import { compareRanked, matchRank, type RankedPlace } from '../functions/search/places/match-rank.js';
import type { Place } from '../functions/search/places/place.js';
import { catalogueIndex } from '../functions/search/places/place-indexes.js';
import { PlaceIndex } from '../functions/search/places/place-index.js';
import { propertyPlace } from '../functions/search/places/property-places.js';
import { inOtherScript } from '../functions/search/places/script.js';
import { repositoryPath } from '../lib/project-paths.js';
import { getWorld } from '../sandbox/world/generate-world.js';
import { percentile } from './support/booking-overhead.js';

answerHelp(`usage: npm run bench:destinations-typeahead [-- --compare]

The type-ahead's build time, heap, warm latency (p50/p95/p99 over a query list in several scripts), quality
on labelled queries and size. --compare measures MiniSearch, FlexSearch, Fuse.js and Orama on the same
places and queries (the three not shipped are installed for the run with npm install --no-save).
Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const WARM_UPS = 20;
const ROUNDS = 60;
const GOAL_P95_MS = 20;

/** [what a person types, what they mean: kind:code or the hotel's name]. */
const LABELLED: readonly (readonly [string, string])[] = [
  ['par', 'city:PAR'],
  ['Paris', 'city:PAR'],
  ['charles de gaulle', 'airport:CDG'],
  ['munchen', 'city:MUC'],
  ['München', 'city:MUC'],
  ['Muenchen', 'city:MUC'],
  ['Москва', 'city:MOW'],
  ['Моск', 'city:MOW'],
  ['heathrow', 'airport:LHR'],
  ['東京', 'city:TYO'],
  ['北京', 'city:BJS'],
  ['서울', 'city:SEL'],
  ['Αθήνα', 'city:ATH'],
  ['القاهرة', 'city:CAI'],
  ['ミュンヘン', 'city:MUC'],
  ['barcelna', 'city:BCN'],
  ['lisbom', 'city:LIS'],
  ['new york', 'city:NYC'],
  ['jfk', 'airport:JFK'],
  ['sao paulo', 'city:SAO'],
  ['zuerich', 'city:ZRH'],
  ['Bombay', 'city:BOM'],
  ['Roma', 'city:ROM'],
  ['Praha', 'city:PRG'],
  ['Moskau', 'city:MOW'],
  ['san fran', 'city:SFO'],
  ['citizenm london covent', 'property:citizenM London Covent Garden'],
  ['holiday inn heathrow', 'property:Holiday Inn London Heathrow'],
];
/** Unlabelled: what a box sees between keystrokes. */
const KEYSTROKES = [
  'a',
  'l',
  'lo',
  'lon',
  'lond',
  'londo',
  'b',
  'be',
  'ber',
  'hot',
  'hotel',
  'hotel p',
  'ibis',
  'novotel par',
  'ж',
  'مو',
  '大',
];

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const gc = (globalThis as { gc?: () => void }).gc;
const heapMiB = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1048576;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** The sandbox world's hotels as the account's properties (the mapping job's names are suppliers' names of them). */
function worldProperties(): Place[] {
  const cities = new Map(allCities().map((city) => [city.code, city]));
  return getWorld().hotels.map((hotel, n) =>
    propertyPlace(
      {
        propertyId: `prop_${String(n).padStart(20, '0')}`,
        name: hotel.name,
        starRating: hotel.stars,
        geo: hotel.geo,
        supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: hotel.id }],
      },
      hotel.cityCode,
      cities.get(hotel.cityCode),
      foldText(cities.get(hotel.cityCode)?.name ?? ''),
    ),
  );
}

const keyOf = (place: Place) => (place.kind === 'property' ? `property:${place.name}` : `${place.kind}:${place.id}`);

interface Candidate {
  readonly name: string;
  /** Builds the index over the places; answers a finder of the folded query's ranked places. */
  readonly build: (places: readonly Place[]) => Promise<(folded: string, otherScript: boolean) => RankedPlace[]>;
  readonly module: string;
}

async function measure(label: string, places: readonly Place[], candidate: Candidate): Promise<void> {
  const before = heapMiB();
  const started = performance.now();
  const find = await candidate.build(places);
  const buildMs = performance.now() - started;
  const heap = heapMiB() - before;
  const queries = [...LABELLED.map(([q]) => q), ...KEYSTROKES];
  const run = (q: string) => find(foldText(q), inOtherScript(q));
  for (let round = 0; round < 3; round += 1) for (const q of queries) run(q);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const q of queries) {
      const t = performance.now();
      run(q);
      times.push(performance.now() - t);
    }
  }
  let top1 = 0;
  let top3 = 0;
  for (const [q, meant] of LABELLED) {
    const keys = run(q)
      .slice(0, 3)
      .map((r) => keyOf(r.place));
    if (keys[0] === meant) top1 += 1;
    if (keys.includes(meant)) top3 += 1;
  }
  const bundled = await bundleMinified({
    stdin: { contents: `import * as lib from '${candidate.module}'; globalThis.lib = lib;`, resolveDir: repositoryPath('.') },
  });
  console.log(
    `${label.padEnd(22)} build ${fmt(buildMs).padStart(11)}  heap ${heap.toFixed(1).padStart(6)} MiB  warm p50 ${fmt(percentile(times, 50)).padStart(9)} p95 ${fmt(percentile(times, 95)).padStart(10)}  first ${top1}/${LABELLED.length}, top three ${top3}/${LABELLED.length}  bundled ${bundled.outputFiles[0]!.contents.length.toLocaleString('en')} B`,
  );
}

/** Bundled as the functions are (esbuild, ESM, Node 24, minified), in memory. */
const bundleMinified = (options: Pick<BuildOptions, 'stdin' | 'entryPoints'>) =>
  build({
    ...options,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });

/** A candidate library the project does not depend on: imported by name, so nothing resolves it before the run. */
const optional = (module: string): Promise<unknown> => import(module);

const ordered = (places: readonly Place[], ids: Iterable<number>, folded: string, otherScript: boolean): RankedPlace[] =>
  [...ids].map((id) => ({ place: places[id]!, rank: matchRank(places[id]!, folded, otherScript) })).sort(compareRanked);

const candidates: Candidate[] = [
  {
    name: 'minisearch',
    module: 'minisearch',
    build: async (places) => {
      const index = new PlaceIndex(places);
      return (folded, otherScript) => index.find(folded, { otherScript });
    },
  },
  {
    name: 'flexsearch',
    module: 'flexsearch',
    build: async (places) => {
      const { Document } = (await optional('flexsearch')) as {
        Document: new (options: object) => { add(doc: object): void; search(q: string, options: object): { result: number[] }[] };
      };
      const index = new Document({ tokenize: 'forward', document: { id: 'id', index: ['name', 'other', 'code', 'where'] } });
      places.forEach((place, id) => {
        index.add({ id, name: place.names[0], other: place.names.slice(1).join(' '), code: place.id.toLowerCase(), where: place.where });
      });
      return (folded, otherScript) => {
        const found = new Set<number>();
        for (const field of index.search(folded, { limit: 400 })) for (const id of field.result) found.add(id);
        return ordered(places, found, folded, otherScript);
      };
    },
  },
  {
    name: 'fuse.js',
    module: 'fuse.js',
    build: async (places) => {
      const { default: Fuse } = (await optional('fuse.js')) as {
        default: new (docs: readonly object[], options: object) => { search(q: string, options: object): { refIndex: number }[] };
      };
      const docs = places.map((place) => ({
        name: place.names[0],
        other: place.names.slice(1).join(' '),
        code: place.id.toLowerCase(),
        where: place.where,
      }));
      const index = new Fuse(docs, { keys: ['name', 'other', 'code'], threshold: 0.3, ignoreLocation: true });
      return (folded, otherScript) =>
        ordered(
          places,
          index.search(folded, { limit: 400 }).map((r) => r.refIndex),
          folded,
          otherScript,
        );
    },
  },
  {
    name: '@orama/orama',
    module: '@orama/orama',
    build: async (places) => {
      const orama = (await optional('@orama/orama')) as {
        create(options: object): unknown;
        insertMultiple(db: unknown, docs: object[], batch?: number): unknown;
        search(db: unknown, query: object): { hits: { id: string }[] };
      };
      const db = orama.create({
        schema: { name: 'string', other: 'string', code: 'string', where: 'string' },
        components: {
          tokenizer: { language: 'english', normalizationCache: new Map(), tokenize: (text: string) => text.split(' ').filter(Boolean) },
        },
      });
      await orama.insertMultiple(
        db,
        places.map((place, id) => ({
          id: String(id),
          name: place.names[0],
          other: place.names.slice(1).join(' '),
          code: place.id.toLowerCase(),
          where: place.where,
        })),
        1_000_000,
      );
      return (folded, otherScript) =>
        ordered(
          places,
          orama
            .search(db, { term: folded, properties: ['name', 'other', 'code'], tolerance: 1, limit: 400 })
            .hits.map((hit) => Number(hit.id)),
          folded,
          otherScript,
        );
    },
  },
];

console.log(
  `Type-ahead: ${cpus().length} cores, Node ${process.version}, load average ${loadAverage()} (1 / 5 / 15 min)${gc ? '' : ' (run with --expose-gc for the heap)'}`,
);

if (process.argv.includes('--compare')) {
  const places = [...catalogueIndex().places, ...worldProperties()];
  console.log(
    `${places.length.toLocaleString('en')} places (cities with their other names, airports, the sandbox world's hotels), ${LABELLED.length} labelled and ${KEYSTROKES.length} keystroke queries, 20 timed rounds after 3`,
  );
  const missing: string[] = [];
  for (const candidate of candidates) {
    try {
      await optional(candidate.module);
    } catch {
      missing.push(
        candidate.name === '@orama/orama'
          ? '@orama/orama@3.1.18'
          : candidate.name === 'fuse.js'
            ? 'fuse.js@7.5.0'
            : `${candidate.name}@0.8.212`,
      );
      continue;
    }
    const version = JSON.parse(readFileSync(repositoryPath(`node_modules/${candidate.module}/package.json`), 'utf8')) as {
      version: string;
    };
    await measure(`${candidate.name} ${version.version}`, places, candidate);
  }
  if (missing.length) console.log(`not installed: ${missing.join(', ')}; for this run: npm install --no-save ${missing.join(' ')}`);
  console.log(`load average ${loadAverage()} after`);
} else {
  let heap = heapMiB();
  let started = performance.now();
  const catalogue = catalogueIndex();
  console.log(
    `catalogue index (${catalogue.places.length.toLocaleString('en')} cities and airports): built in ${fmt(performance.now() - started)} at the first call, ${(heapMiB() - heap).toFixed(1)} MiB heap`,
  );
  const properties = worldProperties();
  heap = heapMiB();
  started = performance.now();
  const propertyIndex = new PlaceIndex(properties);
  console.log(
    `properties index (${properties.length.toLocaleString('en')} sandbox hotels): built in ${fmt(performance.now() - started)}, ${(heapMiB() - heap).toFixed(1)} MiB heap`,
  );

  const ports = {
    catalogue: () => catalogue,
    properties: async () => propertyIndex,
    contractedSuppliers: async () => new Set(['hotelbeds']),
  };
  const queries = [...LABELLED.map(([q]) => q), ...KEYSTROKES];
  for (let round = 0; round < WARM_UPS; round += 1) for (const q of queries) await findPlaces(ports, { q, limit: 10 });
  const all: number[] = [];
  const cpu: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const q of queries) {
      const cpuBefore = process.cpuUsage();
      const t = performance.now();
      await findPlaces(ports, { q, limit: 10 });
      const elapsed = performance.now() - t;
      const used = process.cpuUsage(cpuBefore);
      all.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
      perQuery.set(q, [...(perQuery.get(q) ?? []), elapsed]);
    }
  }
  const p95 = percentile(all, 95);
  console.log(
    `warm, ${queries.length} queries × ${ROUNDS} rounds after ${WARM_UPS}: p50 ${fmt(percentile(all, 50))}, p95 ${fmt(p95)}, p99 ${fmt(percentile(all, 99))}, max ${fmt(Math.max(...all))}: goal p95 ≤ ${GOAL_P95_MS} ms ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}`,
  );
  // CPU time is what a query costs whatever else runs on the cores (the process's, garbage collection included).
  console.log(`  CPU time per query: p50 ${fmt(percentile(cpu, 50))}, p95 ${fmt(percentile(cpu, 95))}, p99 ${fmt(percentile(cpu, 99))}`);
  const slowest = [...perQuery]
    .map(([q, times]) => [q, percentile(times, 95)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  console.log(`  slowest by p95: ${slowest.map(([q, ms]) => `"${q}" ${fmt(ms)}`).join(', ')}`);

  let top1 = 0;
  const wrong: string[] = [];
  for (const [q, meant] of LABELLED) {
    const answer = await findPlaces(ports, { q, limit: 3 });
    const keys = answer.map((s) => (s.type === 'property' ? `property:${s.name}` : `${s.type}:${s.code}`));
    if (keys[0] === meant) top1 += 1;
    else wrong.push(`"${q}" → ${keys.join(', ') || 'nothing'} (meant ${meant})`);
  }
  console.log(
    `quality: ${top1} of ${LABELLED.length} labelled queries answer the place meant first${wrong.length ? `; not first: ${wrong.join('; ')}` : ''}`,
  );

  const bundled = await bundleMinified({ entryPoints: [repositoryPath('functions/search/destinations-handler.ts')] });
  const inputs = bundled.metafile.outputs[Object.keys(bundled.metafile.outputs)[0]!]!.inputs;
  const bytesOf = (match: (path: string) => boolean) =>
    Object.entries(inputs)
      .filter(([path]) => match(path))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  const data = readFileSync(repositoryPath('functions/search/places/place-names.json'));
  console.log(
    `size: the type-ahead's own code ${bytesOf((p) => p.includes('functions/search/places/')).toLocaleString('en')} B and minisearch ${bytesOf((p) => p.includes('node_modules/minisearch/')).toLocaleString('en')} B in the search bundle (minified); place-names.json beside it ${data.length.toLocaleString('en')} B (${gzipSync(data).length.toLocaleString('en')} gzipped)`,
  );
  console.log(`load average ${loadAverage()} after`);
}
