import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, type TableId } from '../../functions/shared/tables.js';
import { HANDLER_GROUPS } from '../../functions/shared/routes.js';
import type { HotelFunction } from '../../lib/hotel-function.js';
import { actionsFor, type TableAccess } from '../../lib/table-grants.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedIds, resourcesOfType, statementsOfRole } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => synthesis?.cleanUp());

const fn = (name: 'authorizer' | 'bookingFlow' | (typeof HANDLER_GROUPS)[number]): HotelFunction =>
  name === 'authorizer'
    ? synthesis.stack.functions.authorizer
    : name === 'bookingFlow'
      ? synthesis.stack.functions.bookingFlow
      : synthesis.stack.functions.groups[name];

const environmentOf = (hotelFunction: HotelFunction): Record<string, unknown> => {
  const resource = resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(hotelFunction.function)];
  return (resource!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};

/** Table logical id -> the DynamoDB actions a function's role holds on it. */
function tableAccessOf(hotelFunction: HotelFunction): Map<TableId, Set<string>> {
  const byLogicalId = new Map(TABLES.map((t) => [logicalIdOf(synthesis.stack.tables.get(t.id).table), t.id] as const));
  const access = new Map<TableId, Set<string>>();
  for (const statement of statementsOfRole(synthesis.template, logicalIdOf(hotelFunction.role))) {
    const actions = actionsOf(statement).filter((a) => a.startsWith('dynamodb:'));
    if (actions.length === 0) continue;
    for (const id of referencedIds(statement.Resource)) {
      if (id.startsWith('AWS::')) continue; // pseudo parameters inside the index ARNs
      const tableId = byLogicalId.get(id);
      if (!tableId) throw new Error(`dynamodb statement on ${id}, not a table`);
      const set = access.get(tableId) ?? new Set<string>();
      actions.forEach((a) => set.add(a));
      access.set(tableId, set);
    }
  }
  return access;
}

describe('Lambda functions', () => {
  it('run Node.js 24 on arm64, every one of them (the provider framework included)', () => {
    const functions = Object.entries(resourcesOfType(synthesis.template, 'AWS::Lambda::Function'));
    expect(functions.length).toBe(
      HANDLER_GROUPS.length +
        11 /* authorizer, booking flow, property mapping (reader, matcher, writer, trigger, and the custom resource that starts its first run), pending reconciler, webhook sender, personal data retention, FX feed */ +
        2 /* key initializer, provider */,
    );
    for (const [id, resource] of functions) {
      expect(resource.Properties.Runtime, id).toBe('nodejs24.x');
      expect(resource.Properties.Architectures, id).toEqual(['arm64']);
    }
  });

  it('give every handler its stage and Powertools settings, no source-map parsing at start, and trace with X-Ray', () => {
    for (const name of [...HANDLER_GROUPS, 'authorizer', 'bookingFlow'] as const) {
      const environment = environmentOf(fn(name));
      expect(environment, name).toMatchObject({
        STAGE: 'production',
        POWERTOOLS_SERVICE_NAME: expect.stringMatching(/^hotel-api-/),
        POWERTOOLS_METRICS_NAMESPACE: 'HotelApi/acme/production',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      });
      expect(environment.NODE_OPTIONS, name).toBeUndefined();
      const resource = resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(fn(name).function)];
      expect(resource?.Properties.TracingConfig, name).toEqual({ Mode: 'Active' });
    }
  });

  it('tell the token endpoint and the authorizer the issuer and audience', () => {
    for (const name of ['auth', 'authorizer'] as const) {
      const environment = environmentOf(fn(name));
      expect(environment.TOKEN_ISSUER, name).toBe('https://auth.hotel-api.dev/acme/production');
      expect(environment.TOKEN_AUDIENCE, name).toBe('hotel-api');
    }
    for (const name of ['search', 'booking', 'cars', 'docs', 'bookingFlow'] as const) {
      expect(environmentOf(fn(name)).TOKEN_ISSUER, name).toBeUndefined();
    }
  });

  const expectedTables: Record<string, Partial<Record<TableId, TableAccess>>> = {
    auth: { clients: 'read', rateLimits: 'readWrite', signingKeys: 'read' },
    authorizer: { clients: 'read' },
    search: { searches: 'readWrite', properties: 'readAndPut', contracts: 'read', fxRates: 'read' },
    booking: {
      bookings: 'readWrite',
      guests: 'readWrite',
      searches: 'read',
      idempotency: 'readWrite',
      contracts: 'read',
      properties: 'read',
      wallets: 'readWrite',
      webhooks: 'outbox',
      fxRates: 'read',
    },
    bookingFlow: {
      bookings: 'readWrite',
      guests: 'readWrite',
      searches: 'read',
      contracts: 'read',
      properties: 'read',
      wallets: 'readWrite',
      webhooks: 'outbox',
      fxRates: 'read',
    },
    webhooks: { webhooks: 'readWrite' },
    vouchers: { bookings: 'readWrite', guests: 'read', properties: 'read' },
    cars: {},
    docs: {},
  };

  it.each(Object.entries(expectedTables))('%s: holds exactly its tables, and their names through the env vars', (name, tables) => {
    const hotelFunction = fn(name as keyof typeof expectedTables & Parameters<typeof fn>[0]);
    const access = tableAccessOf(hotelFunction);
    expect([...access.keys()].sort()).toEqual(Object.keys(tables).sort());
    for (const [tableId, level] of Object.entries(tables) as [TableId, TableAccess][]) {
      expect([...(access.get(tableId) ?? [])].sort(), `${name} on ${tableId}`).toEqual(actionsFor(level).sort());
    }
    const environment = environmentOf(hotelFunction);
    for (const definition of TABLES) {
      const expected = definition.id in tables ? { Ref: logicalIdOf(synthesis.stack.tables.get(definition.id).table) } : undefined;
      expect(environment[definition.envVar], `${name} ${definition.envVar}`).toEqual(expected);
    }
  });

  it('names table indexes one by one, never with a wildcard', () => {
    const clientsStatement = statementsOfRole(synthesis.template, logicalIdOf(fn('authorizer').role)).find((s) =>
      actionsOf(s).includes('dynamodb:Query'),
    );
    const resources = JSON.stringify(clientsStatement?.Resource);
    expect(resources).toContain('/index/byClientId');
    for (const roleId of Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role'))) {
      for (const statement of statementsOfRole(synthesis.template, roleId)) {
        // ListStreams has no resource-level permission (IAM's own rule): the stream reader's grant names '*' for it
        // (CDK merges it with X-Ray's, which has none either). Every other DynamoDB action names its table or index.
        const dynamo = actionsOf(statement).filter((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:ListStreams');
        if (dynamo.length > 0) expect(JSON.stringify(statement.Resource), roleId).not.toContain('*');
      }
    }
  });

  it('lets only the webhook routes and the sender read the webhooks table (endpoint secrets); event writers may only put outbox items', () => {
    const tableId = logicalIdOf(synthesis.stack.tables.get('webhooks').table);
    const readers: string[] = [];
    const writers: string[] = [];
    for (const roleId of Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role'))) {
      for (const statement of statementsOfRole(synthesis.template, roleId)) {
        if (!referencedIds(statement.Resource).has(tableId)) continue;
        const actions = actionsOf(statement).filter((a) => a.startsWith('dynamodb:'));
        // The stream carries every item's new image, secrets included: reading it is reading them.
        if (
          actions.some((a) =>
            ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:GetRecords'].includes(a),
          )
        ) {
          readers.push(roleId);
          continue;
        }
        expect(actions, roleId).toEqual(['dynamodb:PutItem']);
        expect(statement.Condition, roleId).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['*#events#*'] } });
        writers.push(roleId);
      }
    }
    expect([...new Set(readers)].sort()).toEqual(
      [logicalIdOf(fn('webhooks').role), logicalIdOf(synthesis.stack.webhookSender.job.role)].sort(),
    );
    expect([...new Set(writers)].sort()).toEqual(
      [fn('booking').role, fn('bookingFlow').role, synthesis.stack.pendingReconciler.job.role].map((r) => logicalIdOf(r)).sort(),
    );
  });

  it("tells the webhook routes and the sender this API's own host, which webhooks may not be aimed at", () => {
    const apiId = logicalIdOf(synthesis.stack.restApi.api);
    for (const hotelFunction of [fn('webhooks'), synthesis.stack.webhookSender.job]) {
      expect(JSON.stringify(environmentOf(hotelFunction).API_HOST)).toContain(apiId);
      expect(JSON.stringify(environmentOf(hotelFunction).API_HOST)).toContain('execute-api');
    }
  });

  it('lets no role but the token endpoint and the rotation job reach the private signing key; the authorizer verifies with public keys', () => {
    const tableId = logicalIdOf(synthesis.stack.tables.get('signingKeys').table);
    const readers = new Map<string, string[]>();
    for (const roleId of Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role'))) {
      for (const statement of statementsOfRole(synthesis.template, roleId)) {
        if (!referencedIds(statement.Resource).has(tableId)) continue;
        readers.set(roleId, [...(readers.get(roleId) ?? []), ...actionsOf(statement)]);
      }
    }
    expect([...readers.keys()].sort()).toEqual([logicalIdOf(fn('auth').role), logicalIdOf(synthesis.stack.signingKey.job.role)].sort());
    expect(readers.get(logicalIdOf(fn('auth').role))!.sort()).toEqual(actionsFor('read').sort());
    // Nor does any role hold a DynamoDB wildcard that would cover it.
    for (const roleId of Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role'))) {
      for (const statement of statementsOfRole(synthesis.template, roleId)) {
        expect(
          actionsOf(statement).filter((a) => a === '*' || a === 'dynamodb:*'),
          roleId,
        ).toEqual([]);
      }
    }
    expect(tableAccessOf(fn('authorizer')).has('signingKeys')).toBe(false);
  });

  it('lets search, booking and the booking flow read the search secret (rateIds, cursors), and nothing else of ours', () => {
    const secretId = logicalIdOf(synthesis.stack.searchSecret.secret);
    const readers = Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role')).filter((roleId) =>
      statementsOfRole(synthesis.template, roleId).some((s) => referencedIds(s.Resource).has(secretId)),
    );
    expect(readers.sort()).toEqual([fn('search'), fn('booking'), fn('bookingFlow')].map((f) => logicalIdOf(f.role)).sort());
    for (const name of ['search', 'booking', 'bookingFlow'] as const) {
      expect(environmentOf(fn(name)).SEARCH_SECRET_ARN).toEqual({ Ref: secretId });
    }
  });

  it('lets the booking function alone invoke the vouchers function, by its ARN, and tells it the name', () => {
    const vouchersId = logicalIdOf(fn('vouchers').function);
    expect(environmentOf(fn('booking')).VOUCHER_FUNCTION_NAME).toEqual({ Ref: vouchersId });
    const invokes = Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role')).flatMap((roleId) =>
      statementsOfRole(synthesis.template, roleId)
        .filter((s) => actionsOf(s).includes('lambda:InvokeFunction') && JSON.stringify(s.Resource).includes(vouchersId))
        .map((s) => ({ roleId, statement: s })),
    );
    expect(invokes).toEqual([
      {
        roleId: logicalIdOf(fn('booking').role),
        statement: { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [vouchersId, 'Arn'] } },
      },
    ]);
  });

  it('gives the booking function the state machine ARN and StartSyncExecution on it alone', () => {
    const stateMachineId = logicalIdOf(synthesis.stack.bookingWorkflow.stateMachine);
    expect(environmentOf(fn('booking')).STATE_MACHINE_ARN).toEqual({ Ref: stateMachineId });
    // Every states: statement on the booking workflow (the property mapping workflow's are test/infra/property-mapping.test.ts's).
    const statesStatements = Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role')).flatMap((roleId) =>
      statementsOfRole(synthesis.template, roleId)
        .filter((s) => actionsOf(s).some((a) => a.startsWith('states:')) && referencedIds(s.Resource).has(stateMachineId))
        .map((s) => ({ roleId, statement: s })),
    );
    expect(statesStatements).toEqual([
      {
        roleId: logicalIdOf(fn('booking').role),
        statement: { Effect: 'Allow', Action: 'states:StartSyncExecution', Resource: { Ref: stateMachineId } },
      },
    ]);
  });
});
