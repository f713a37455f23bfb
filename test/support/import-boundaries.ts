/**
 * The rooms of the repository and the one direction their imports may point (README "Layout"):
 *
 *   handlers and use cases (search, booking, auth, cars)  ->  domain  <-  adapters (suppliers, stores)
 *   nothing in production (functions/, lib/ but the sandbox stack construct, client/) -> sandbox/
 *
 * boundaryViolations lists every import that breaks a rule, importCycles every loop of our own modules;
 * test/unit/import-boundaries.test.ts runs both over the real graph (import-graph.ts) and over small graphs
 * that break each rule on purpose.
 */
import { isBuiltin } from 'node:module';
import type { ImportGraph } from './import-graph.js';

export type Room =
  | 'domain'
  | 'shared'
  | 'suppliers'
  | 'stores'
  | 'search'
  | 'booking'
  | 'auth'
  | 'accounts'
  | 'cars'
  | 'contract'
  | 'docs'
  | 'finance'
  | 'webhooks'
  | 'lib'
  | 'sandbox-construct'
  | 'client'
  | 'sandbox'
  | 'local'
  | 'bin'
  | 'bench'
  | 'test';

/** First match wins: the sandbox stack construct is the one file of lib/ that may reach the sandbox. */
const ROOM_OF_PATH: readonly (readonly [prefix: string, room: Room])[] = [
  ['functions/domain/', 'domain'],
  ['functions/shared/', 'shared'],
  ['functions/suppliers/', 'suppliers'],
  ['functions/stores/', 'stores'],
  ['functions/search/', 'search'],
  ['functions/booking/', 'booking'],
  ['functions/auth/', 'auth'],
  ['functions/accounts/', 'accounts'],
  ['functions/cars/', 'cars'],
  ['functions/contract/', 'contract'],
  ['functions/docs/', 'docs'],
  ['functions/finance/', 'finance'],
  ['functions/webhooks/', 'webhooks'],
  ['lib/sandbox-suppliers.ts', 'sandbox-construct'],
  ['lib/', 'lib'],
  ['client/', 'client'],
  ['sandbox/', 'sandbox'],
  ['local/', 'local'],
  ['bin/', 'bin'],
  ['bench/', 'bench'],
  ['test/', 'test'],
];

const FUNCTIONS: readonly Room[] = [
  'domain',
  'shared',
  'suppliers',
  'stores',
  'search',
  'booking',
  'auth',
  'accounts',
  'cars',
  'contract',
  'docs',
  'finance',
  'webhooks',
];
const EVERYTHING: readonly Room[] = ROOM_OF_PATH.map(([, room]) => room);

/**
 * Which rooms each room may import (its own included). Search and booking share through the domain (and
 * the stores, which implement the domain's ports), never through each other; the domain imports no other
 * room; no production room lists the sandbox.
 */
export const MAY_IMPORT: Readonly<Record<Room, readonly Room[]>> = {
  domain: ['domain'],
  shared: ['shared'],
  suppliers: ['suppliers', 'domain', 'shared'],
  stores: ['stores', 'domain', 'shared'],
  search: ['search', 'domain', 'stores', 'suppliers', 'shared'],
  booking: ['booking', 'domain', 'stores', 'suppliers', 'shared'],
  auth: ['auth', 'domain', 'shared'],
  // The operator's account administration: clients (auth), contracts (suppliers), pricing rules (stores).
  accounts: ['accounts', 'auth', 'stores', 'suppliers', 'domain', 'shared'],
  cars: ['cars', 'domain', 'shared'],
  contract: ['contract', 'search', 'booking', 'auth', 'cars', 'webhooks', 'domain', 'suppliers', 'shared'],
  docs: ['docs', 'contract', 'shared'],
  // The finance ledger's SQL, run by DuckDB (bin/finance-ledger.ts) and Athena (lib/): the export's shape and money.
  finance: ['finance', 'domain', 'shared'],
  // Webhook endpoints and the sender: the outbox's events arrive as plain data, so booking is never imported.
  webhooks: ['webhooks', 'domain', 'stores', 'shared'],
  lib: ['lib', 'sandbox-construct', ...FUNCTIONS],
  client: ['client'],
  'sandbox-construct': ['sandbox-construct', 'lib', ...FUNCTIONS, 'sandbox'],
  sandbox: ['sandbox', 'suppliers', 'domain', 'shared'],
  local: EVERYTHING,
  bin: EVERYTHING,
  bench: EVERYTHING,
  test: EVERYTHING,
};

/**
 * Files of another room a room may import beyond MAY_IMPORT. Shared is the ground floor, but its HTTP layer
 * answers the domain's errors (domain-error-problems.ts), so it reads them, and nothing else of the domain.
 */
export const MAY_IMPORT_FILES: Readonly<Partial<Record<Room, readonly string[]>>> = {
  shared: ['functions/domain/errors/'],
};

/** Packages the domain may import besides Node's built-ins: plain functions over plain data need no more. */
export const DOMAIN_PACKAGES: readonly string[] = ['zod', 'decimal.js', '@photostructure/tz-lookup'];

export function roomOf(path: string): Room | undefined {
  return ROOM_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1];
}

export interface BoundaryRules {
  readonly mayImport: Readonly<Record<Room, readonly Room[]>>;
  readonly mayImportFiles: Readonly<Partial<Record<Room, readonly string[]>>>;
  readonly domainPackages: readonly string[];
}

export const RULES: BoundaryRules = { mayImport: MAY_IMPORT, mayImportFiles: MAY_IMPORT_FILES, domainPackages: DOMAIN_PACKAGES };

/** Every import that breaks a rule, as `file:line imports target: why`. */
export function boundaryViolations(graph: ImportGraph, rules: BoundaryRules = RULES): string[] {
  const violations: string[] = [];
  for (const [file, edges] of graph) {
    const from = roomOf(file);
    if (!from) continue;
    for (const edge of edges) {
      const at = `${file}:${edge.line} imports ${edge.target}`;
      if (edge.kind === 'package') {
        if (from === 'domain' && !isBuiltin(edge.target) && !rules.domainPackages.includes(edge.target)) {
          violations.push(`${at}: the domain may import Node's built-ins and ${rules.domainPackages.join(', ')} only`);
        }
        continue;
      }
      const to = roomOf(edge.target);
      const files = rules.mayImportFiles[from] ?? [];
      if (!to || rules.mayImport[from].includes(to) || files.some((prefix) => edge.target.startsWith(prefix))) continue;
      violations.push(`${at}: ${from} may import ${[...rules.mayImport[from], ...files].join(', ')}`);
    }
  }
  return violations;
}

/** Every loop of our own modules (strongly connected components, Tarjan), each as its files in order. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const targetsOf = (file: string) => [
    ...new Set((graph.get(file) ?? []).filter((e) => e.kind === 'file' && graph.has(e.target)).map((e) => e.target)),
  ];

  const connect = (file: string): void => {
    index.set(file, next);
    lowLink.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of targetsOf(file)) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || targetsOf(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return cycles;
}
