/**
 * The import rules of the README's "Layout", held against the repository's real import graph: production
 * never imports the sandbox (but for the named findCity imports), search and booking never import each
 * other, the domain imports only itself, zod, decimal.js and Node's built-ins, every room imports only the
 * rooms below it, only handlers import the HTTP layer, and no module loop exists. The second half breaks each rule on a small graph of its own,
 * so the rules are seen to catch what they say.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';
import { boundaryViolations, HTTP_LAYER, importCycles, isHandler, ROUTE_MODULES } from '../support/import-boundaries.js';
import { importsOf, readImportGraph, type ImportEdge, type ImportGraph } from '../support/import-graph.js';

const graph = readImportGraph(repositoryPath(''));

describe('the repository', () => {
  it('is read whole: every room, with type-only and dynamic imports', () => {
    expect(graph.size).toBeGreaterThan(300);
    for (const room of [
      'functions/domain/',
      'functions/search/',
      'functions/booking/',
      'functions/stores/',
      'functions/suppliers/',
      'sandbox/',
      'lib/',
      'local/',
      'test/',
    ]) {
      expect(
        [...graph.keys()].some((file) => file.startsWith(room)),
        room,
      ).toBe(true);
    }
    const host = graph.get('local/host.ts') ?? [];
    expect(host).toContainEqual(expect.objectContaining({ target: 'functions/search/index.ts', kind: 'file', typeOnly: false }));
    const port = graph.get('functions/suppliers/port.ts') ?? [];
    expect(port).toContainEqual(expect.objectContaining({ target: 'functions/domain/rate/supplier-rate.ts', typeOnly: true }));
  });

  it('keeps every import rule', () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('names an HTTP layer and route handlers that exist, so the rule about them holds real files', () => {
    for (const file of [...HTTP_LAYER, ...ROUTE_MODULES]) expect(graph.has(file), file).toBe(true);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('lets no production module reach the sandbox', () => {
    const intoSandbox = [...graph].flatMap(([file, edges]) =>
      file.startsWith('functions/') ? edges.filter((e) => e.target.startsWith('sandbox/')).map((e) => `${file} -> ${e.target}`) : [],
    );
    expect(intoSandbox).toEqual([]);
  });
});

describe('how production code imports zod', () => {
  // `import { z } from 'zod'` makes esbuild keep every locale zod ships (355 KB in each bundle); a namespace
  // import keeps only the builders used (README, "Cold start").
  it('imports it as a namespace, never the z binding', () => {
    const bound = [...graph.keys()]
      .filter((file) => file.startsWith('functions/') && file.endsWith('.ts'))
      .filter((file) =>
        /^import \{[^}]*\bz\b[^}]*\} from 'zod';/m.test(readFileSync(repositoryPath(file), 'utf8').replace(/^import type .*$/gm, '')),
      );
    expect(bound).toEqual([]);
  });
});

/** A graph from `file: target, target` lines; targets with a slash are our files, others packages. */
function graphOf(...lines: string[]): ImportGraph {
  const out = new Map<string, ImportEdge[]>();
  for (const line of lines) {
    const colon = line.indexOf(': ');
    const [file, targets] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 2)];
    out.set(
      file.trim(),
      targets
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((target, i) => ({
          target,
          kind: target.includes('/') && !target.startsWith('@') ? 'file' : 'package',
          typeOnly: false,
          line: i + 1,
        })),
    );
  }
  for (const edges of [...out.values()])
    for (const edge of edges) if (edge.kind === 'file' && !out.has(edge.target)) out.set(edge.target, []);
  return out;
}

describe('the rules, on graphs that break them', () => {
  it('refuse a production module importing the sandbox', () => {
    expect(boundaryViolations(graphOf('functions/booking/create/create-booking.ts: sandbox/world/generate-world.ts'))).toEqual([
      'functions/booking/create/create-booking.ts:1 imports sandbox/world/generate-world.ts: booking may import booking, domain, stores, suppliers, shared',
    ]);
    expect(boundaryViolations(graphOf('lib/api.ts: sandbox/suppliers.ts'))).toHaveLength(1);
    expect(boundaryViolations(graphOf('client/hotel-api-client.ts: sandbox/latency.ts'))).toHaveLength(1);
  });

  it('let the sandbox stack construct, the local host, benchmarks and tests use the sandbox', () => {
    expect(
      boundaryViolations(
        graphOf(
          'lib/sandbox-suppliers.ts: sandbox/suppliers.ts',
          'local/host.ts: sandbox/latency.ts',
          'bench/search-merge.ts: sandbox/hotelbeds/server.ts',
          'test/unit/x.test.ts: sandbox/world/cities.ts',
        ),
      ),
    ).toEqual([]);
  });

  it('refuse search importing the sandbox cities, the exception it had before the catalogue', () => {
    expect(boundaryViolations(graphOf('functions/search/run-search.ts: sandbox/world/cities.ts'))).toEqual([
      'functions/search/run-search.ts:1 imports sandbox/world/cities.ts: search may import search, domain, stores, suppliers, shared',
    ]);
  });

  it('refuse booking importing search, and search importing booking', () => {
    const violations = boundaryViolations(
      graphOf(
        'functions/booking/rate-check/check-rate.ts: functions/search/run-search.ts',
        'functions/search/search.ts: functions/booking/record/booking-id.ts',
      ),
    );
    expect(violations).toEqual([
      'functions/booking/rate-check/check-rate.ts:1 imports functions/search/run-search.ts: booking may import booking, domain, stores, suppliers, shared',
      'functions/search/search.ts:1 imports functions/booking/record/booking-id.ts: search may import search, domain, stores, suppliers, shared',
    ]);
  });

  it('keep the domain to itself, zod, decimal.js and Node built-ins', () => {
    expect(
      boundaryViolations(graphOf('functions/domain/rate/rate-id.ts: node:crypto, zod, decimal.js, functions/domain/money/money.ts')),
    ).toEqual([]);
    const violations = boundaryViolations(
      graphOf(
        'functions/domain/pricing/price.ts: functions/search/run-search.ts, functions/booking/create/create-booking.ts, functions/suppliers/hotelbeds/adapter.ts, functions/stores/dynamo-batch.ts, functions/shared/problem.ts, sandbox/world/cities.ts, @aws-sdk/lib-dynamodb, h3-js',
      ),
    );
    expect(violations.map((v) => v.split(' imports ')[1]!.split(':')[0])).toEqual([
      'functions/search/run-search.ts',
      'functions/booking/create/create-booking.ts',
      'functions/suppliers/hotelbeds/adapter.ts',
      'functions/stores/dynamo-batch.ts',
      'functions/shared/problem.ts',
      'sandbox/world/cities.ts',
      '@aws-sdk/lib-dynamodb',
      'h3-js',
    ]);
  });

  it('refuse an arrow back up: an adapter or a store importing a use case, shared code importing a room above it', () => {
    expect(
      boundaryViolations(
        graphOf(
          'functions/suppliers/contracts.ts: functions/search/search-deps.ts',
          'functions/stores/dynamo-search-headers.ts: functions/booking/create/create-booking.ts',
          'functions/shared/http-handler.ts: functions/domain/ids/opaque-id.ts',
        ),
      ),
    ).toHaveLength(3);
  });

  it('let shared read the domain errors it answers, and no other file of the domain', () => {
    expect(boundaryViolations(graphOf('functions/shared/domain-error-problems.ts: functions/domain/errors/domain-error.ts'))).toEqual([]);
    expect(boundaryViolations(graphOf('functions/shared/caller.ts: functions/domain/ids/opaque-id.ts'))).toEqual([
      'functions/shared/caller.ts:1 imports functions/domain/ids/opaque-id.ts: shared may import shared, functions/domain/errors/',
    ]);
  });

  it('refuse the HTTP layer to everything below the handlers: use cases, flow steps, stores, adapters, the domain', () => {
    const violations = boundaryViolations(
      graphOf(
        'functions/booking/flow/check-rate-step.ts: functions/shared/problem.ts',
        'functions/booking/flow/index.ts: functions/shared/domain-error-problems.ts',
        'functions/booking/create/create-booking.ts: functions/booking/idempotent-operation.ts, functions/shared/validation.ts',
        'functions/search/run-search.ts: functions/shared/http-handler.ts',
        'functions/webhooks/endpoint-access.ts: functions/shared/error-response.ts',
        'functions/cars/planned-contract.ts: functions/shared/problem.ts',
        'functions/stores/require-stored-search.ts: functions/shared/problem.ts',
        'functions/suppliers/hotelbeds/adapter.ts: functions/shared/request-body.ts',
        'functions/domain/errors/domain-error.ts: functions/shared/problem.ts',
      ),
    );
    expect(violations).toEqual([
      'functions/booking/flow/check-rate-step.ts:1 imports functions/shared/problem.ts: only a handler imports the HTTP layer; below it (booking) code throws domain errors',
      'functions/booking/flow/index.ts:1 imports functions/shared/domain-error-problems.ts: only a handler imports the HTTP layer; below it (booking) code throws domain errors',
      'functions/booking/create/create-booking.ts:1 imports functions/booking/idempotent-operation.ts: only a handler imports the HTTP layer; below it (booking) code throws domain errors',
      'functions/booking/create/create-booking.ts:2 imports functions/shared/validation.ts: only a handler imports the HTTP layer; below it (booking) code throws domain errors',
      'functions/search/run-search.ts:1 imports functions/shared/http-handler.ts: only a handler imports the HTTP layer; below it (search) code throws domain errors',
      'functions/webhooks/endpoint-access.ts:1 imports functions/shared/error-response.ts: only a handler imports the HTTP layer; below it (webhooks) code throws domain errors',
      'functions/cars/planned-contract.ts:1 imports functions/shared/problem.ts: only a handler imports the HTTP layer; below it (cars) code throws domain errors',
      'functions/stores/require-stored-search.ts:1 imports functions/shared/problem.ts: only a handler imports the HTTP layer; below it (stores) code throws domain errors',
      'functions/suppliers/hotelbeds/adapter.ts:1 imports functions/shared/request-body.ts: only a handler imports the HTTP layer; below it (suppliers) code throws domain errors',
      'functions/domain/errors/domain-error.ts:1 imports functions/shared/problem.ts: domain may import domain',
    ]);
  });

  it('let handlers and the HTTP layer itself import it', () => {
    expect(
      boundaryViolations(
        graphOf(
          'functions/booking/create/create-booking-handler.ts: functions/booking/idempotent-operation.ts, functions/shared/problem.ts',
          'functions/search/search-page.ts: functions/shared/http-handler.ts',
          'functions/webhooks/create-webhook-endpoint.ts: functions/shared/http-handler.ts',
          'functions/booking/index.ts: functions/shared/dispatch.ts, functions/shared/lambda-entry.ts',
          'functions/booking/voucher/vouchers-entry.ts: functions/shared/dispatch.ts',
          'functions/booking/idempotent-operation.ts: functions/shared/http-handler.ts, functions/shared/domain-error-problems.ts',
          'functions/shared/error-response.ts: functions/shared/domain-error-problems.ts',
        ),
      ),
    ).toEqual([]);
  });

  it('tell a handler by its name, the route table or a function entry, and a flow step from the flow entry', () => {
    expect(isHandler('functions/booking/get/get-booking-handler.ts')).toBe(true);
    expect(isHandler('functions/search/property.ts')).toBe(true);
    expect(isHandler('functions/webhooks/index.ts')).toBe(true);
    expect(isHandler('functions/webhooks/sender-entry.ts')).toBe(true);
    expect(isHandler('functions/booking/get/get-booking.ts')).toBe(false);
    expect(isHandler('functions/booking/flow/index.ts')).toBe(false);
    expect(isHandler('functions/search/run-search.ts')).toBe(false);
  });

  it('find every loop, naming its files, and none where there is none', () => {
    expect(importCycles(graphOf('a/x.ts: a/y.ts', 'a/y.ts: a/z.ts', 'a/z.ts: a/x.ts, zod', 'a/w.ts: a/x.ts'))).toEqual([
      ['a/x.ts', 'a/y.ts', 'a/z.ts'],
    ]);
    expect(importCycles(graphOf('a/self.ts: a/self.ts'))).toEqual([['a/self.ts']]);
    expect(importCycles(graphOf('a/x.ts: a/y.ts, a/z.ts', 'a/y.ts: a/z.ts'))).toEqual([]);
  });
});

describe('reading a file', () => {
  const files = new Set([
    'functions/domain/money/money.ts',
    'functions/domain/rate/supplier-rate.ts',
    'functions/search/index.ts',
    'functions/shared/problem.ts',
    'functions/search/run-search.ts',
    'functions/booking/create/create-booking.ts',
  ]);
  const read = (text: string) =>
    importsOf('functions/search/example.ts', text, (path) => files.has(path)).map((e) => `${e.target}${e.typeOnly ? ' (type)' : ''}`);

  it('takes every form of import, and only real ones', () => {
    const text = [
      "import { z } from 'zod';",
      "import type { Money } from '../domain/money/money.js';",
      'import {',
      '  type SupplierRate,',
      "} from '../domain/rate/supplier-rate.js';",
      "export { HttpProblem } from '../shared/problem.js';",
      "const search = () => import('./index.js');",
      "type Run = typeof import('./run-search.js');",
      "vi.mock('../booking/create/create-booking.js');",
      "// import { nothing } from '../booking/book.js';",
      "const text = `import x from '../booking/book.js'`;",
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb/dist-es/index.js';",
    ].join('\n');
    expect(read(text)).toEqual([
      'zod',
      'functions/domain/money/money.ts (type)',
      'functions/domain/rate/supplier-rate.ts (type)',
      'functions/shared/problem.ts',
      'functions/search/index.ts',
      'functions/search/run-search.ts (type)',
      'functions/booking/create/create-booking.ts',
      '@aws-sdk/client-dynamodb',
    ]);
  });
});
