/**
 * The property mapping workflow as the stack deploys it (lib/property-mapping.ts): a Standard state machine
 * running the ASL file with Distributed Map stages, three functions permitted for their stages and nothing
 * more, a state machine role holding exactly what a Distributed Map calls, and its three starts: at
 * creation (after the sandbox contracts), daily, and on a contract write.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, type TableId } from '../../functions/shared/tables.js';
import { MAPPING_DEFINITION_PATH } from '../../lib/property-mapping.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { actionsFor } from '../../lib/table-grants.js';
import type { HotelFunction } from '../../lib/hotel-function.js';
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

const mapping = (synthesis: Synthesis) => synthesis.stack.propertyMapping;
const machine = (synthesis: Synthesis): CfnResource =>
  resourcesOfType(synthesis.template, 'AWS::StepFunctions::StateMachine')[logicalIdOf(mapping(synthesis).stateMachine)]!;
const fnResource = (synthesis: Synthesis, fn: HotelFunction): CfnResource =>
  resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(fn.function)]!;
const statements = (synthesis: Synthesis, roleId: string) => statementsOfRole(synthesis.template, roleId);
const joined = (value: unknown) => JSON.stringify(value);

/** Table -> the DynamoDB actions a role holds on it. */
function tableAccess(synthesis: Synthesis, fn: HotelFunction): Map<TableId, string[]> {
  const byLogicalId = new Map(TABLES.map((t) => [logicalIdOf(synthesis.stack.tables.get(t.id).table), t.id] as const));
  const access = new Map<TableId, string[]>();
  for (const statement of statements(synthesis, logicalIdOf(fn.role))) {
    const actions = actionsOf(statement).filter((a) => a.startsWith('dynamodb:'));
    if (actions.length === 0) continue;
    for (const id of referencedIds(statement.Resource)) {
      const tableId = byLogicalId.get(id);
      if (tableId) access.set(tableId, [...(access.get(tableId) ?? []), ...actions].sort());
    }
  }
  return access;
}

describe('the property mapping workflow', () => {
  it('is a Standard state machine deploying the ASL file unchanged, its functions and bucket substituted', () => {
    for (const synthesis of [sandbox, production]) {
      const properties = machine(synthesis).Properties;
      expect(properties.StateMachineType).toBe('STANDARD');
      expect(properties.StateMachineName).toBe(`hotel-api-acme-${synthesis.stack.config.stage}-property-mapping`);
      expect(properties.DefinitionString).toBe(readFileSync(repositoryPath(MAPPING_DEFINITION_PATH), 'utf8'));
      const m = mapping(synthesis);
      expect(properties.DefinitionSubstitutions).toEqual({
        MappingReaderArn: { 'Fn::GetAtt': [logicalIdOf(m.reader.function), 'Arn'] },
        MappingMatcherArn: { 'Fn::GetAtt': [logicalIdOf(m.matcher.function), 'Arn'] },
        MappingWriterArn: { 'Fn::GetAtt': [logicalIdOf(m.writer.function), 'Arn'] },
        MappingBucket: { Ref: logicalIdOf(m.bucket) },
      });
      expect(properties.TracingConfiguration).toEqual({ Enabled: true });
      expect(properties.LoggingConfiguration).toMatchObject({ IncludeExecutionData: false });
    }
  });

  it('holds what a Distributed Map calls, and nothing else: its functions, its own child executions, its items and results', () => {
    const m = mapping(production);
    const found = statements(production, logicalIdOf(m.stateMachine.role));
    const byAction = (action: string) => found.filter((s) => actionsOf(s).includes(action));
    expect(
      byAction('lambda:InvokeFunction')
        .flatMap((s) => resourcesOf(s).map(referencedId))
        .sort(),
    ).toEqual([m.reader, m.matcher, m.writer].map((fn) => logicalIdOf(fn.function)).sort());
    // Its own ARN, from its fixed name (a Ref would make the role depend on the machine it serves).
    const start = byAction('states:StartExecution');
    expect(start).toHaveLength(1);
    expect(joined(start[0]!.Resource)).toContain(':stateMachine:hotel-api-acme-production-property-mapping');
    const executions = byAction('states:DescribeExecution');
    expect(actionsOf(executions[0]!).sort()).toEqual(['states:DescribeExecution', 'states:StopExecution']);
    expect(joined(executions[0]!.Resource)).toContain(':execution:hotel-api-acme-production-property-mapping:*');
    expect(joined(byAction('s3:GetObject').map((s) => s.Resource))).toContain('/runs/*/items/*');
    const results = byAction('s3:AbortMultipartUpload');
    expect(actionsOf(results[0]!).sort()).toEqual([
      's3:AbortMultipartUpload',
      's3:GetObject',
      's3:ListMultipartUploadParts',
      's3:PutObject',
    ]);
    expect(joined(results[0]!.Resource)).toContain('/runs/*/map-results/*');
    const services = new Set(found.flatMap((s) => actionsOf(s).map((a) => a.split(':')[0])));
    expect([...services].sort()).toEqual(['lambda', 'logs', 's3', 'states', 'xray']);
    expect(found.some((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))).toBe(false);
  });

  it('gives each function the tables its stages use, and the trigger none', () => {
    for (const synthesis of [sandbox, production]) {
      const m = mapping(synthesis);
      expect(Object.fromEntries(tableAccess(synthesis, m.reader))).toEqual({
        contracts: actionsFor('read').sort(),
        properties: actionsFor('readWrite').sort(),
      });
      expect(Object.fromEntries(tableAccess(synthesis, m.matcher))).toEqual({ properties: actionsFor('read').sort() });
      expect(Object.fromEntries(tableAccess(synthesis, m.writer))).toEqual({ properties: actionsFor('readWrite').sort() });
      const triggerTables = statements(synthesis, logicalIdOf(m.trigger.role)).filter((s) =>
        actionsOf(s).some(
          (a) =>
            a.startsWith('dynamodb:') &&
            !['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'].includes(a),
        ),
      );
      expect(triggerTables).toEqual([]);
    }
  });

  it("lets only the reader reach suppliers' credentials, and the manifest be written only by the writer", () => {
    const m = mapping(production);
    const secretsOf = (fn: HotelFunction) =>
      statements(production, logicalIdOf(fn.role)).filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
    expect(secretsOf(m.reader)).toHaveLength(1);
    for (const fn of [m.matcher, m.writer, m.trigger]) expect(secretsOf(fn)).toEqual([]);
    const manifestWriters = [m.reader, m.matcher, m.writer].filter((fn) =>
      statements(production, logicalIdOf(fn.role)).some(
        (s) => actionsOf(s).includes('s3:PutObject') && joined(s.Resource).includes('/state/*'),
      ),
    );
    expect(manifestWriters).toEqual([m.writer]);
  });

  it('sizes each function for its stages: a partition in a few hundred MB of 3 GB, the reader and writer in 1 GB', () => {
    const m = mapping(production);
    expect(fnResource(production, m.matcher).Properties).toMatchObject({
      MemorySize: 3008,
      Timeout: 600,
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
    });
    expect(fnResource(production, m.reader).Properties).toMatchObject({ MemorySize: 1024, Timeout: 300 });
    expect(fnResource(production, m.writer).Properties).toMatchObject({ MemorySize: 1024, Timeout: 600 });
    const variables = (fn: HotelFunction) =>
      (fnResource(production, fn).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables(m.reader)).toMatchObject({ TENANT: 'acme', MAPPING_BUCKET: { Ref: logicalIdOf(m.bucket) } });
    expect(variables(m.trigger)).toMatchObject({ TENANT: 'acme', MAPPING_WORKFLOW_ARN: { Ref: logicalIdOf(m.stateMachine) } });
  });

  it('keeps its work in a private bucket whose runs expire after a month', () => {
    const bucket = resourcesOfType(production.template, 'AWS::S3::Bucket')[logicalIdOf(mapping(production).bucket)]!.Properties;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect((bucket.LifecycleConfiguration as { Rules: unknown[] }).Rules).toEqual([
      expect.objectContaining({ Prefix: 'runs/', ExpirationInDays: 30, Status: 'Enabled' }),
    ]);
  });
});

describe('when the workflow runs', () => {
  it('daily at 03:00 UTC, a schedule run', () => {
    for (const synthesis of [sandbox, production]) {
      const machineId = logicalIdOf(mapping(synthesis).stateMachine);
      const rules = Object.values(resourcesOfType(synthesis.template, 'AWS::Events::Rule')).filter((rule) =>
        (rule.Properties.Targets as { Arn: unknown }[]).some((t) => referencedId(t.Arn) === machineId),
      );
      expect(rules).toHaveLength(1);
      expect(rules[0]!.Properties.ScheduleExpression).toBe('cron(0 3 * * ? *)');
      const target = (rules[0]!.Properties.Targets as { Input: string }[])[0]!;
      expect(JSON.parse(target.Input)).toEqual({ reason: 'schedule' });
    }
  });

  it('once when the stack is created, after the sandbox contracts are written', () => {
    for (const synthesis of [sandbox, production]) {
      const m = mapping(synthesis);
      const resource = Object.entries(resourcesOfType(synthesis.template, 'Custom::AWS')).find(
        ([id]) => id === logicalIdOf(m.deployRun.node.findChild('Resource').node.defaultChild as never),
      )!;
      const create = joined(resource[1].Properties.Create);
      expect(create).toContain('"service\\":\\"SFN\\"');
      expect(create).toContain('startExecution');
      expect(create).toContain('{\\\\\\"reason\\\\\\":\\\\\\"deploy\\\\\\"}');
      expect(resource[1].Properties.Update).toBeUndefined();
      const dependsOn = [resource[1].DependsOn ?? []].flat();
      if (synthesis === sandbox) {
        const contractWrites = Object.keys(resourcesOfType(synthesis.template, 'Custom::AWS')).filter((id) => id.includes('Contract'));
        expect(contractWrites.length).toBeGreaterThan(0);
        for (const id of contractWrites) expect(dependsOn).toContain(id);
      }
    }
  });

  it("when a contract is written: the contracts table's stream, filtered to contracts, starts a run", () => {
    for (const synthesis of [sandbox, production]) {
      const m = mapping(synthesis);
      const contracts = logicalIdOf(synthesis.stack.tables.get('contracts').table);
      const mappings = Object.values(resourcesOfType(synthesis.template, 'AWS::Lambda::EventSourceMapping')).filter(
        (e) => referencedId(e.Properties.FunctionName) === logicalIdOf(m.trigger.function),
      );
      expect(mappings).toHaveLength(1);
      expect(referencedId(mappings[0]!.Properties.EventSourceArn)).toBe(contracts);
      const filters = (mappings[0]!.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) =>
        JSON.parse(f.Pattern),
      );
      expect(filters).toEqual([{ eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { kind: { S: ['contract'] } } } }]);
      const starts = statements(synthesis, logicalIdOf(m.trigger.role)).filter((s) => actionsOf(s).includes('states:StartExecution'));
      expect(starts.map((s) => referencedId(s.Resource))).toEqual([logicalIdOf(m.stateMachine)]);
    }
  });
});
