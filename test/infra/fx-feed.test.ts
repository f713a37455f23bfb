/**
 * The FX feed as CloudFormation will create it: an hourly job, one run at a time, that alone writes the
 * fxRates table and reads the ECB's files in production stacks and the sandbox ECB feed's function URL in
 * sandbox stacks; the stack's maximum age reaches every function that quotes, and those read fxRates only.
 */
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECB_FEED } from '../../lib/fx-feed.js';
import { SANDBOX_FEED_SOURCE } from '../../sandbox/ecb/server.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedId, referencedIds, resourcesOfType, statementsOfRole } from './template-queries.js';

let production: Synthesis;
let sandbox: Synthesis;
beforeAll(() => {
  production = synthesize({ tenant: 'acme', stage: 'production', context: { fxMaxAgeDays: '5' } });
  sandbox = synthesize({ tenant: 'demo', stage: 'sandbox' });
});
afterAll(() => {
  production?.cleanUp();
  sandbox?.cleanUp();
});

const environmentOf = (synthesis: Synthesis, fn: IConstruct) =>
  (
    resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(fn)]!.Properties.Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;

describe('the FX feed job', () => {
  it('runs every hour, reading the ECB in production, with no reserved concurrency (two runs store the same figures)', () => {
    const job = logicalIdOf(production.stack.fxFeed.job.function);
    const rules = Object.values(resourcesOfType(production.template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => referencedId(t.Arn) === job),
    );
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
    const fn = resourcesOfType(production.template, 'AWS::Lambda::Function')[job]!;
    expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect(environmentOf(production, production.stack.fxFeed.job.function)).toMatchObject({
      FX_FEED_URL: ECB_FEED.url,
      FX_FEED_SOURCE: ECB_FEED.source,
      FX_FEED_MAX_MOVE_PERCENT: '20',
    });
  });

  it("reads the sandbox ECB feed's function URL in sandbox stacks, and names it in every stamp", () => {
    const variables = environmentOf(sandbox, sandbox.stack.fxFeed.job.function);
    expect(variables.FX_FEED_SOURCE).toBe(SANDBOX_FEED_SOURCE);
    const url = JSON.stringify(variables.FX_FEED_URL);
    const feedFunction = logicalIdOf(sandbox.stack.sandboxSuppliers!.ecbFeed.function);
    const urls = resourcesOfType(sandbox.template, 'AWS::Lambda::Url');
    const feedUrl = Object.entries(urls).find(([, u]) => referencedId(u.Properties.TargetFunctionArn) === feedFunction)!;
    expect(url).toContain(feedUrl[0]);
    expect(url).toContain('stats/eurofxref/');
  });

  it('alone writes the fxRates table, and writes nothing else', () => {
    const fxRates = logicalIdOf(production.stack.tables.get('fxRates').table);
    const writers = new Set<string>();
    for (const [roleId] of Object.entries(resourcesOfType(production.template, 'AWS::IAM::Role'))) {
      for (const statement of statementsOfRole(production.template, roleId)) {
        if (!actionsOf(statement).includes('dynamodb:PutItem') && !actionsOf(statement).includes('dynamodb:BatchWriteItem')) continue;
        if (referencedIds(statement.Resource).has(fxRates)) writers.add(roleId);
      }
    }
    expect([...writers]).toEqual([logicalIdOf(production.stack.fxFeed.job.role)]);
    const tables = new Set<string>();
    for (const statement of statementsOfRole(production.template, logicalIdOf(production.stack.fxFeed.job.role))) {
      if (actionsOf(statement).some((a) => a.startsWith('dynamodb:'))) for (const id of referencedIds(statement.Resource)) tables.add(id);
    }
    expect([...tables]).toEqual([fxRates]);
  });

  it("gives every function that quotes the stack's maximum age and read access to the figures", () => {
    const fxRates = logicalIdOf(production.stack.tables.get('fxRates').table);
    const { groups, bookingFlow } = production.stack.functions;
    for (const quoter of [groups.search, groups.booking, bookingFlow, production.stack.pendingReconciler.job]) {
      expect(environmentOf(production, quoter.function).FX_MAX_AGE_DAYS).toBe('5');
      const reads = statementsOfRole(production.template, logicalIdOf(quoter.role)).some(
        (statement) => actionsOf(statement).includes('dynamodb:Query') && referencedIds(statement.Resource).has(fxRates),
      );
      expect(reads, quoter.entry).toBe(true);
    }
    expect(environmentOf(sandbox, sandbox.stack.functions.groups.search.function).FX_MAX_AGE_DAYS).toBe('4');
  });

  it('refuses a maximum age that is not a whole number of days from 1 to 30', () => {
    expect(() => synthesize({ tenant: 'acme', stage: 'production', context: { fxMaxAgeDays: '0' } })).toThrow(/fxMaxAgeDays=0/);
  });
});
