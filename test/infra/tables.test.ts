import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../functions/shared/tables.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType, type CfnResource } from './template-queries.js';

let sandbox: Synthesis;
let production: Synthesis;
beforeAll(() => {
  sandbox = synthesize({ tenant: 'acme', stage: 'sandbox' });
  production = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => {
  sandbox?.cleanUp();
  production?.cleanUp();
});

function tableResource(synthesis: Synthesis, id: (typeof TABLES)[number]['id']): CfnResource {
  const logicalId = logicalIdOf(synthesis.stack.tables.get(id).table);
  const resource = resourcesOfType(synthesis.template, 'AWS::DynamoDB::Table')[logicalId];
  if (!resource) throw new Error(`table ${id} not in template`);
  return resource;
}

describe('DynamoDB tables from the shared definitions', () => {
  it('creates one table per definition and no other', () => {
    expect(Object.keys(resourcesOfType(sandbox.template, 'AWS::DynamoDB::Table'))).toHaveLength(TABLES.length);
  });

  it.each(TABLES.map((t) => [t.id, t] as const))('%s: keys, indexes, TTL, on-demand, PITR and encryption', (_id, definition) => {
    const properties = tableResource(sandbox, definition.id).Properties;
    const keySchema = [
      { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
      ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
    ];
    expect(properties.KeySchema).toEqual(keySchema);
    expect(properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // The stack's own key on every table (lib/data-key.ts; test/infra/data-key.test.ts checks which one).
    expect(properties.SSESpecification).toMatchObject({ SSEEnabled: true, SSEType: 'KMS' });
    if (definition.ttlAttribute) {
      expect(properties.TimeToLiveSpecification).toEqual({ AttributeName: definition.ttlAttribute, Enabled: true });
    } else {
      expect(properties.TimeToLiveSpecification).toBeUndefined();
    }
    const indexes =
      (properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[] | undefined) ?? [];
    expect(indexes.map((i) => i.IndexName)).toEqual((definition.globalIndexes ?? []).map((i) => i.name));
    for (const index of definition.globalIndexes ?? []) {
      expect(indexes.find((i) => i.IndexName === index.name)?.KeySchema).toEqual([
        { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
        ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
      ]);
      expect(indexes.find((i) => i.IndexName === index.name)?.Projection).toEqual(
        index.projection ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] } : { ProjectionType: 'ALL' },
      );
    }
  });

  it("rolls the booking list's indexes out one per deploy when asked (CloudFormation adds one index a table per update)", () => {
    const indexesOf = (synthesis: Synthesis) =>
      ((tableResource(synthesis, 'bookings').Properties.GlobalSecondaryIndexes as { IndexName: string }[] | undefined) ?? []).map(
        (i) => i.IndexName,
      );
    const steps = [0, 1, 2, 3].map((count) =>
      synthesize({ tenant: 'acme', stage: 'sandbox', context: { bookingListIndexes: String(count) } }),
    );
    try {
      expect(steps.map(indexesOf)).toEqual([
        ['pendingBookings'],
        ['pendingBookings', 'bookingsByCreated'],
        ['pendingBookings', 'bookingsByCreated', 'bookingsByClientReference'],
        ['pendingBookings', 'bookingsByCreated', 'bookingsByClientReference', 'bookingsByCheckIn'],
      ]);
      // Each step adds exactly one index to the one before: a deploy CloudFormation accepts.
      expect(indexesOf(sandbox)).toEqual(indexesOf(steps[3]!));
    } finally {
      for (const step of steps) step.cleanUp();
    }
    expect(() => synthesize({ context: { bookingListIndexes: '4' } })).toThrow(/bookingListIndexes=4: use 0 to 3/);
  });

  it('protects production tables from deletion and keeps them when the stack goes', () => {
    for (const definition of TABLES) {
      const table = tableResource(production, definition.id);
      expect(table.Properties.DeletionProtectionEnabled, definition.id).toBe(true);
      expect(table.DeletionPolicy, definition.id).toBe('Retain');
      expect(table.UpdateReplacePolicy, definition.id).toBe('Retain');
    }
  });

  it('lets a sandbox stack be torn down with its tables', () => {
    for (const definition of TABLES) {
      const table = tableResource(sandbox, definition.id);
      expect(table.Properties.DeletionProtectionEnabled, definition.id).toBe(false);
      expect(table.DeletionPolicy, definition.id).toBe('Delete');
    }
  });
});
