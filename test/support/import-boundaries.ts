/**
 * The rooms of the repository and the one direction their imports may point (README "Layout"):
 *
 *   handlers and use cases (search, booking, auth, cars)  ->  domain  <-  adapters (suppliers, stores)
 *   nothing in production (functions/, lib/ but the sandbox stack construct, client/) -> sandbox/
 *   the HTTP layer (problems, the handler stack) <- handlers only: nothing below them knows HTTP
 *
 * boundaryViolations lists every import that breaks a rule, importCycles every loop of our own modules;
 * test/unit/import-boundaries.test.ts runs both over the real graph (import-graph.ts) and over small graphs
 * that break each rule on purpose.
 */
import { isBuiltin } from 'node:module';
import { ROUTES } from '../../functions/shared/routes.js';
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
  | 'fx'
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
  ['functions/fx/', 'fx'],
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
  'fx',
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
  // The FX feed job: the feed's files read as untrusted input, judged by the domain's rules, stored by the stores.
  fx: ['fx', 'domain', 'stores', 'shared'],
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

/**
 * The HTTP layer: problems and the table that answers domain errors with them, the handler stack and what
 * it runs (reading the body, the schemas' 400, the caller's checks, work after the answer), group dispatch
 * and the Lambda entries, API Gateway's own answers, and the idempotent route, which stores and replays
 * answers. Only handlers and the HTTP layer itself import these files.
 */
export const HTTP_LAYER: readonly string[] = [
  'functions/shared/problem.ts',
  'functions/shared/domain-error-problems.ts',
  'functions/shared/error-response.ts',
  'functions/shared/http-handler.ts',
  'functions/shared/request-body.ts',
  'functions/shared/validation.ts',
  'functions/shared/caller.ts',
  'functions/shared/after-response.ts',
  'functions/shared/dispatch.ts',
  'functions/shared/lambda-entry.ts',
  'functions/shared/gateway-responses.ts',
  'functions/booking/idempotent-operation.ts',
];

/**
 * Rooms whose code below the handlers knows nothing of HTTP: the domain, the adapters (stores, suppliers),
 * and the use cases and flow steps of search, booking, webhooks and cars. They throw domain errors and
 * return domain results; a handler makes the answer.
 */
export const BELOW_HTTP: readonly Room[] = ['domain', 'stores', 'suppliers', 'search', 'booking', 'webhooks', 'cars'];

/**
 * The modules the route table names as route handlers (search's, webhooks' and cars' are named for their
 * route, not *-handler.ts).
 */
export const ROUTE_MODULES: readonly string[] = ROUTES.map((route) => route.module);

/**
 * Where a request or an event enters a function: a file named *-handler.ts, a module the route table names,
 * or a Lambda function's entry (a room's index.ts, a file named *-entry.ts). The booking flow's entry
 * (booking/flow/index.ts) is not a room's: it runs the flow's steps and is held like them.
 */
export function isHandler(path: string, routeModules: readonly string[] = ROUTE_MODULES): boolean {
  return (
    path.endsWith('-handler.ts') || path.endsWith('-entry.ts') || /^functions\/[^/]+\/index\.ts$/.test(path) || routeModules.includes(path)
  );
}

/** Packages the domain may import besides Node's built-ins: plain functions over plain data need no more. */
export const DOMAIN_PACKAGES: readonly string[] = ['zod', 'decimal.js', '@photostructure/tz-lookup', 'currency-codes', 'date-easter'];

export function roomOf(path: string): Room | undefined {
  return ROOM_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1];
}

export interface BoundaryRules {
  readonly mayImport: Readonly<Record<Room, readonly Room[]>>;
  readonly mayImportFiles: Readonly<Partial<Record<Room, readonly string[]>>>;
  readonly domainPackages: readonly string[];
  readonly httpLayer: readonly string[];
  readonly belowHttp: readonly Room[];
  readonly routeModules: readonly string[];
}

export const RULES: BoundaryRules = {
  mayImport: MAY_IMPORT,
  mayImportFiles: MAY_IMPORT_FILES,
  domainPackages: DOMAIN_PACKAGES,
  httpLayer: HTTP_LAYER,
  belowHttp: BELOW_HTTP,
  routeModules: ROUTE_MODULES,
};

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
      if (to && !rules.mayImport[from].includes(to) && !files.some((prefix) => edge.target.startsWith(prefix))) {
        violations.push(`${at}: ${from} may import ${[...rules.mayImport[from], ...files].join(', ')}`);
      } else if (
        rules.httpLayer.includes(edge.target) &&
        rules.belowHttp.includes(from) &&
        !rules.httpLayer.includes(file) &&
        !isHandler(file, rules.routeModules)
      ) {
        violations.push(`${at}: only a handler imports the HTTP layer; below it (${from}) code throws domain errors`);
      }
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
