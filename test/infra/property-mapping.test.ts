import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, type TableId } from '../../functions/shared/tables.js';
import { actionsFor } from '../../lib/table-grants.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import {
  actionsOf,
  referencedId,
  referencedIds,
  resourcesOf,
  resourcesOfType,
  statementsOfRole,
  type CfnResource,
} from './template-queries.js';

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

const jobResource = (synthesis: Synthesis): CfnResource =>
  resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(synthesis.stack.propertyMapping.job.function)]!;
const jobStatements = (synthesis: Synthesis) => statementsOfRole(synthesis.template, logicalIdOf(synthesis.stack.propertyMapping.job.role));

/** Table -> the DynamoDB actions the job's role holds on it. */
function tableAccess(synthesis: Synthesis): Map<TableId, string[]> {
  const byLogicalId = new Map(TABLES.map((t) => [logicalIdOf(synthesis.stack.tables.get(t.id).table), t.id] as const));
  const access = new Map<TableId, string[]>();
  for (const statement of jobStatements(synthesis)) {
    const actions = actionsOf(statement).filter((a) => a.startsWith('dynamodb:'));
    if (actions.length === 0) continue;
    for (const id of referencedIds(statement.Resource)) {
      if (id.startsWith('AWS::')) continue;
      const tableId = byLogicalId.get(id);
      if (!tableId) throw new Error(`dynamodb statement on ${id}, not a table`);
      access.set(tableId, [...(access.get(tableId) ?? []), ...actions].sort());
    }
  }
  return access;
}

describe('property mapping job', () => {
  it('runs daily at 03:00 UTC, the schedule targeting the job function', () => {
    for (const synthesis of [sandbox, production]) {
      const job = logicalIdOf(synthesis.stack.propertyMapping.job.function);
      const rules = Object.entries(resourcesOfType(synthesis.template, 'AWS::Events::Rule')).filter(([, rule]) =>
        (rule.Properties.Targets as { Arn: unknown }[]).some((t) => referencedId(t.Arn) === job),
      );
      expect(rules).toHaveLength(1);
      const [ruleId, rule] = rules[0]!;
      expect(rule.Properties.ScheduleExpression).toBe('cron(0 3 * * ? *)');
      expect(rule.Properties.State).toBe('ENABLED');
      const targets = rule.Properties.Targets as { Arn: unknown; RetryPolicy?: unknown }[];
      expect(targets).toHaveLength(1);
      expect(referencedId(targets[0]!.Arn)).toBe(logicalIdOf(synthesis.stack.propertyMapping.job.function));

      // EventBridge may invoke the function from this rule only.
      const permissions = Object.values(resourcesOfType(synthesis.template, 'AWS::Lambda::Permission')).filter(
        (p) => p.Properties.Principal === 'events.amazonaws.com' && referencedId(p.Properties.FunctionName) === job,
      );
      expect(permissions).toHaveLength(1);
      expect(referencedId(permissions[0]!.Properties.FunctionName)).toBe(logicalIdOf(synthesis.stack.propertyMapping.job.function));
      expect(referencedId(permissions[0]!.Properties.SourceArn)).toBe(ruleId);
    }
  });

  it('is a Node.js 24 arm64 function with 2 GB and ten minutes, reserving no concurrency (a new account has none to give)', () => {
    const fn = jobResource(production);
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      MemorySize: 2048,
      Timeout: 600,
      TracingConfig: { Mode: 'Active' },
    });
    expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    const retries = Object.values(resourcesOfType(production.template, 'AWS::Lambda::EventInvokeConfig')).filter(
      (c) => referencedId(c.Properties.FunctionName) === logicalIdOf(production.stack.propertyMapping.job.function),
    );
    expect(retries.map((c) => c.Properties.MaximumRetryAttempts)).toEqual([1]);
  });

  it('knows its tenant and the two tables it uses, no other', () => {
    const variables = (jobResource(production).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.TENANT).toBe('acme');
    expect(variables.POWERTOOLS_SERVICE_NAME).toBe('hotel-api-property-mapping');
    for (const definition of TABLES) {
      const expected = ['contracts', 'properties'].includes(definition.id)
        ? { Ref: logicalIdOf(production.stack.tables.get(definition.id).table) }
        : undefined;
      expect(variables[definition.envVar], definition.envVar).toEqual(expected);
    }
  });

  it('reads contracts, reads and writes properties, and touches no other table', () => {
    for (const synthesis of [sandbox, production]) {
      const access = tableAccess(synthesis);
      expect([...access.keys()].sort()).toEqual(['contracts', 'properties']);
      expect(access.get('contracts')).toEqual(actionsFor('read').sort());
      expect(access.get('properties')).toEqual(actionsFor('readWrite').sort());
    }
  });

  it("reads the sandbox suppliers' credentials on sandbox stacks, and only the tenant's supplier secret prefix otherwise", () => {
    const secretStatements = (synthesis: Synthesis) =>
      jobStatements(synthesis).filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
    // The prefix grant (lib/supplier-credential-grants.ts) is a joined ARN string ending in the tenant's prefix.
    const isPrefixGrant = (s: ReturnType<typeof jobStatements>[number]) =>
      JSON.stringify(s.Resource).includes(':secret:hotel-api/acme/suppliers/*');
    const productionStatements = secretStatements(production);
    expect(productionStatements).toHaveLength(1);
    expect(isPrefixGrant(productionStatements[0]!)).toBe(true);
    expect(actionsOf(productionStatements[0]!)).toEqual(['secretsmanager:GetSecretValue']);

    const suppliers = sandbox.stack.sandboxSuppliers?.suppliers ?? [];
    expect(suppliers.length).toBeGreaterThan(0);
    const statements = secretStatements(sandbox).filter((s) => !isPrefixGrant(s));
    const readable = new Set(statements.flatMap((s) => resourcesOf(s).map(referencedId)));
    expect([...readable].sort()).toEqual(suppliers.map((s) => logicalIdOf(s.credentials)).sort());
    for (const statement of statements) {
      expect(actionsOf(statement).every((a) => a === 'secretsmanager:GetSecretValue' || a === 'secretsmanager:DescribeSecret')).toBe(true);
    }
  });

  it('holds nothing beyond its logs, tracing, the two tables (and their key) and those secrets', () => {
    const services = new Set(jobStatements(sandbox).flatMap((s) => actionsOf(s).map((a) => a.split(':')[0])));
    expect([...services].sort()).toEqual(['dynamodb', 'kms', 'logs', 'secretsmanager', 'xray']);
  });
});
