/**
 * `npm run bench:matching`: property matching quality and speed on the sandbox world. Builds each
 * sandbox supplier's static content the way its adapter presents it (world-content.ts), runs the matcher
 * over all 40 cities at once (as the mapping job does), and scores the clusters against the world's
 * ground truth: a pair of supplier properties is a true match when both are the same world hotel.
 * Prints pairwise precision, recall and F1 per city and overall, the time taken, and where the errors
 * are (by world trap), so the scoring can be tuned. Nothing is asserted; targets: F1 ≥ 0.99,
 * precision ≥ 0.985, recall ≥ 0.985.
 *
 * Then the set that counts: real hotels as suppliers really present them (test/fixtures/real-hotels/),
 * its tuning half and its held-out half, each matched on its own. Targets on the held-out half:
 * precision ≥ 0.99, F1 ≥ 0.97. --examples also lists the real pairs it got wrong.
 *
 * Options: --without-contacts (drop phone and e-mail: names, addresses, coordinates and stars only),
 *          --seed=<n>, --examples=<n> (print that many wrong pairs per error kind).
 */
import { performance } from 'node:perf_hooks';
import { matchProfile } from '../functions/search/mapping/match-profile.js';
import { matchProperties } from '../functions/search/mapping/match-properties.js';
import { scorePair } from '../functions/search/mapping/pair-score.js';
import { assignPropertyIds } from '../functions/search/mapping/property-id.js';
import { unifyProperty } from '../functions/search/mapping/unify-property.js';
import { worldGroundTruth, worldSupplierContent } from '../sandbox/world/world-content.js';
import type { SupplierPropertyContent } from '../functions/suppliers/port.js';
import { getWorld } from '../sandbox/world/generate-world.js';
import { SUPPLIER_IDS } from '../sandbox/world/supplier-views.js';
import { realHotelContent, type Half } from '../test/fixtures/real-hotels/real-hotels.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:matching [-- --without-contacts] [--seed=<n>] [--examples=<n>]

Property matching quality (pairwise precision, recall, F1) and speed on the sandbox world, then on the real
hotels' tuning and held-out halves. Nothing is asserted.

  --without-contacts  drop phone and e-mail: names, addresses, coordinates and stars only
  --seed=<n>          another sandbox world
  --examples=<n>      print that many wrong pairs per error kind

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const withoutContacts = args.has('without-contacts');
const seed = args.has('seed') ? Number(args.get('seed')) : undefined;
const examples = Number(args.get('examples') ?? 0);

const world = getWorld(seed);
const truth = worldGroundTruth(SUPPLIER_IDS, seed);
const ref = (p: SupplierPropertyContent) => `${p.supplierId}|${p.supplierPropertyId}`;

let started = performance.now();
const content = SUPPLIER_IDS.flatMap((id) => worldSupplierContent(id, { ...(seed !== undefined ? { seed } : {}), withoutContacts }));
const contentMs = performance.now() - started;

started = performance.now();
const result = matchProperties(content);
const matchMs = performance.now() - started;
// The rest of the job's match stage (mapping-job.ts): ids for the clusters and their unified content.
started = performance.now();
const ids = assignPropertyIds(result.clusters, new Map());
result.clusters.forEach((cluster, index) => unifyProperty(ids[index]!, cluster));
const unifyMs = performance.now() - started;

// Predicted pairs: every pair inside a cluster. True pairs: every pair of refs of one world hotel.
const pairKey = (a: string, b: string) => (a < b ? `${a}#${b}` : `${b}#${a}`);
const predicted = new Set<string>();
for (const cluster of result.clusters) {
  for (let i = 0; i < cluster.length; i += 1)
    for (let j = i + 1; j < cluster.length; j += 1) predicted.add(pairKey(ref(cluster[i]!), ref(cluster[j]!)));
}
const byHotel = new Map<string, SupplierPropertyContent[]>();
for (const property of content) {
  const hotelId = truth.get(ref(property))!;
  const list = byHotel.get(hotelId) ?? [];
  list.push(property);
  byHotel.set(hotelId, list);
}
const actual = new Set<string>();
for (const members of byHotel.values()) {
  for (let i = 0; i < members.length; i += 1)
    for (let j = i + 1; j < members.length; j += 1) actual.add(pairKey(ref(members[i]!), ref(members[j]!)));
}

const byRef = new Map(content.map((p) => [ref(p), p]));
const cityOf = (pair: string) => world.hotelsById.get(truth.get(pair.split('#')[0]!)!)!.cityCode;
interface Tally {
  tp: number;
  fp: number;
  fn: number;
}
const perCity = new Map<string, Tally>(world.cities.map((city) => [city.code, { tp: 0, fp: 0, fn: 0 }]));
const overall: Tally = { tp: 0, fp: 0, fn: 0 };
const errors = new Map<string, { count: number; samples: string[] }>();
const noteError = (kind: string, pair: string) => {
  const entry = errors.get(kind) ?? { count: 0, samples: [] };
  entry.count += 1;
  if (entry.samples.length < examples) entry.samples.push(pair);
  errors.set(kind, entry);
};

for (const pair of predicted) {
  const tally = perCity.get(cityOf(pair))!;
  if (actual.has(pair)) {
    tally.tp += 1;
    overall.tp += 1;
  } else {
    tally.fp += 1;
    overall.fp += 1;
    for (const kind of errorKinds(pair, false)) noteError(`false match: ${kind}`, pair);
  }
}
for (const pair of actual) {
  if (predicted.has(pair)) continue;
  perCity.get(cityOf(pair))!.fn += 1;
  overall.fn += 1;
  for (const kind of errorKinds(pair, true)) noteError(`missed match: ${kind}`, pair);
}

/** Why a pair may have gone wrong: the world traps of its hotels, and the distortions it carries. */
function errorKinds(pair: string, sameHotel: boolean): string[] {
  const [a, b] = pair.split('#').map((key) => byRef.get(key)!);
  const hotelA = world.hotelsById.get(truth.get(ref(a!))!)!;
  const hotelB = world.hotelsById.get(truth.get(ref(b!))!)!;
  const kinds = new Set<string>([...hotelA.traps, ...hotelB.traps]);
  const evidence = scorePair(matchProfile(a!), matchProfile(b!));
  if ((evidence.distanceMetres ?? 0) > 600) kinds.add(sameHotel ? 'coordinates far off' : 'far apart');
  if (a!.stars !== b!.stars) kinds.add('stars differ');
  if (!sameHotel && hotelA.name === hotelB.name) kinds.add('same name, different hotels');
  if (sameHotel && hotelA.previousName !== undefined) kinds.add(a!.name === b!.name ? 'renamed, same shown name' : 'renamed');
  if (kinds.size === 0) kinds.add('no trap');
  return [...kinds];
}

const quality = (t: Tally) => {
  const precision = t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp);
  const recall = t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
};
const fmt = (n: number) => n.toFixed(4);

console.log(`Property matching on the sandbox world (seed ${world.seed}${withoutContacts ? ', WITHOUT phone and e-mail' : ''})`);
console.log(
  `  supplier properties: ${content.length} (${SUPPLIER_IDS.map((id) => `${id} ${content.filter((p) => p.supplierId === id).length}`).join(', ')}); world hotels: ${world.hotels.length}`,
);
console.log(
  `  candidate pairs scored: ${result.candidatePairs}; pairs above threshold: ${result.matchedPairs}; clusters: ${result.clusters.length}`,
);
console.log(
  `  time: content ${contentMs.toFixed(0)} ms, matching ${matchMs.toFixed(0)} ms (${(content.length / (matchMs / 1000)).toFixed(0)} properties/s)`,
);
console.log(
  `  mapping job's match stage (matching, ids, unified content; reading and writing aside): ${(matchMs + unifyMs).toFixed(0)} ms`,
);
console.log('');
console.log('city   true pairs   tp     fp   fn   precision  recall  F1');
for (const [code, tally] of perCity) {
  const q = quality(tally);
  console.log(
    `${code.padEnd(6)} ${String(tally.tp + tally.fn).padStart(10)} ${String(tally.tp).padStart(6)} ${String(tally.fp).padStart(4)} ${String(tally.fn).padStart(4)}   ${fmt(q.precision)}   ${fmt(q.recall)}  ${fmt(q.f1)}`,
  );
}
const total = quality(overall);
console.log(
  `${'ALL'.padEnd(6)} ${String(overall.tp + overall.fn).padStart(10)} ${String(overall.tp).padStart(6)} ${String(overall.fp).padStart(4)} ${String(overall.fn).padStart(4)}   ${fmt(total.precision)}   ${fmt(total.recall)}  ${fmt(total.f1)}`,
);
console.log('');
console.log('errors by cause (a pair can count under several):');
for (const [kind, entry] of [...errors].sort((x, y) => y[1].count - x[1].count)) {
  console.log(`  ${String(entry.count).padStart(5)}  ${kind}`);
  for (const pair of entry.samples) {
    const [a, b] = pair.split('#').map((key) => byRef.get(key)!);
    const evidence = scorePair(matchProfile(a!), matchProfile(b!));
    const show = (p: SupplierPropertyContent) =>
      `${p.supplierId} "${p.name}" ${p.stars}* ${p.address?.line} ${p.phone ?? ''} [${truth.get(ref(p))}]`;
    console.log(
      `         ${show(a!)}  <>  ${show(b!)}  score ${evidence.score.toFixed(2)} ${JSON.stringify(evidence.parts)} d=${evidence.distanceMetres?.toFixed(0)}`,
    );
  }
}
console.log('');
console.log(
  `OVERALL precision ${fmt(total.precision)}  recall ${fmt(total.recall)}  F1 ${fmt(total.f1)}  (targets: F1 ≥ 0.99, precision ≥ 0.985, recall ≥ 0.985)`,
);

/** One half of the real-hotel set, matched on its own: pairwise quality, and the pairs it got wrong. */
function realHalf(half: Half) {
  const { content: listings, hotelOf } = realHotelContent(half);
  const clusters = matchProperties(listings).clusters;
  const predictedPairs = new Set<string>();
  for (const cluster of clusters) {
    for (let i = 0; i < cluster.length; i += 1)
      for (let j = i + 1; j < cluster.length; j += 1) predictedPairs.add(pairKey(ref(cluster[i]!), ref(cluster[j]!)));
  }
  const truePairs = new Set<string>();
  for (let i = 0; i < listings.length; i += 1) {
    for (let j = i + 1; j < listings.length; j += 1) {
      if (hotelOf.get(ref(listings[i]!)) === hotelOf.get(ref(listings[j]!))) truePairs.add(pairKey(ref(listings[i]!), ref(listings[j]!)));
    }
  }
  const tally: Tally = { tp: 0, fp: 0, fn: 0 };
  const wrong: string[] = [];
  for (const pair of predictedPairs) {
    if (truePairs.has(pair)) tally.tp += 1;
    else {
      tally.fp += 1;
      wrong.push(`false match: ${pair}`);
    }
  }
  for (const pair of truePairs) {
    if (!predictedPairs.has(pair)) {
      tally.fn += 1;
      wrong.push(`missed match: ${pair}`);
    }
  }
  const byKey = new Map(listings.map((p) => [ref(p), p]));
  return { hotels: new Set(hotelOf.values()).size, listings: listings.length, tally, quality: quality(tally), wrong, byKey, hotelOf };
}

console.log('');
console.log('Real hotels (test/fixtures/real-hotels/), each half matched on its own:');
console.log('half       hotels  listings  true pairs  tp   fp  fn   precision  recall  F1');
for (const half of ['tuning', 'held-out'] as const) {
  const result = realHalf(half);
  const { tally: t, quality: q } = result;
  console.log(
    `${half.padEnd(10)} ${String(result.hotels).padStart(6)} ${String(result.listings).padStart(9)} ${String(t.tp + t.fn).padStart(11)} ${String(t.tp).padStart(4)} ${String(t.fp).padStart(4)} ${String(t.fn).padStart(3)}   ${fmt(q.precision)}   ${fmt(q.recall)}  ${fmt(q.f1)}`,
  );
  for (const line of result.wrong.slice(0, examples)) {
    const [kind, pair] = line.split(': ');
    const [a, b] = pair!.split('#').map((key) => result.byKey.get(key)!);
    const evidence = scorePair(matchProfile(a!), matchProfile(b!));
    const show = (p: SupplierPropertyContent) =>
      `${p.supplierId} "${p.name}" ${p.stars ?? '-'}* ${p.address?.line} ${p.phone ?? ''} [${result.hotelOf.get(ref(p))}]`;
    console.log(
      `    ${kind}: ${show(a!)}  <>  ${show(b!)}  score ${evidence.score.toFixed(2)} ${JSON.stringify(evidence.parts)} d=${evidence.distanceMetres?.toFixed(0)}`,
    );
  }
}
console.log('(targets on the held-out half: precision ≥ 0.99, F1 ≥ 0.97)');
