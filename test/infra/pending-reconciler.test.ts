/** The pending-booking reconciler: every five minutes, one run at a time, bookings, contracts and wallets only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedId, referencedIds, resourcesOfType, statementsOfRole } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => synthesis?.cleanUp());

describe('pending booking reconciler', () => {
  it('runs every five minutes, knowing its tenant, reserving no concurrency', () => {
    const job = logicalIdOf(synthesis.stack.pendingReconciler.job.function);
    const rules = Object.values(resourcesOfType(synthesis.template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => referencedId(t.Arn) === job),
    );
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
    const fn = resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[job]!;
    expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.TENANT).toBe('acme');
  });

  it("touches the bookings, guests, contracts, wallets, webhooks and fxRates tables only (a settled booking captures or gives back its hold, and writes its event; the holder's e-mail and the traveller go with its lookup; its price is locked at its check's FX figures, the stored ones for a pair they lack)", () => {
    const tables = new Map([
      [logicalIdOf(synthesis.stack.tables.get('bookings').table), 'bookings'],
      [logicalIdOf(synthesis.stack.tables.get('guests').table), 'guests'],
      [logicalIdOf(synthesis.stack.tables.get('contracts').table), 'contracts'],
      [logicalIdOf(synthesis.stack.tables.get('wallets').table), 'wallets'],
      [logicalIdOf(synthesis.stack.tables.get('webhooks').table), 'webhooks'],
      [logicalIdOf(synthesis.stack.tables.get('fxRates').table), 'fxRates'],
    ]);
    const touched = new Set<string>();
    for (const statement of statementsOfRole(synthesis.template, logicalIdOf(synthesis.stack.pendingReconciler.job.role))) {
      if (!actionsOf(statement).some((a) => a.startsWith('dynamodb:'))) continue;
      for (const id of referencedIds(statement.Resource)) if (!id.startsWith('AWS::')) touched.add(tables.get(id) ?? id);
    }
    expect([...touched].sort()).toEqual(['bookings', 'contracts', 'fxRates', 'guests', 'wallets', 'webhooks']);
  });
});
