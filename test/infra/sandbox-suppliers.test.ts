import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SUPPLIERS } from '../../sandbox/suppliers.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedIds, resourcesOfType, statementsOfRole } from './template-queries.js';

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

describe('sandbox suppliers', () => {
  it('are deployed in sandbox stacks only, one public function URL each (the supplier checks its own credentials)', () => {
    expect(production.stack.sandboxSuppliers).toBeUndefined();
    production.template.resourceCountIs('AWS::Lambda::Url', 0);
    const urls = Object.values(resourcesOfType(sandbox.template, 'AWS::Lambda::Url'));
    // And the sandbox ECB feed's (test/infra/fx-feed.test.ts).
    expect(urls).toHaveLength(SANDBOX_SUPPLIERS.length + 1);
    for (const url of urls) expect(url.Properties.AuthType).toBe('NONE');
  });

  it('reserve no concurrency by default: a new account has none to give (-c sandboxSupplierConcurrency=1 where it has)', () => {
    const functions = resourcesOfType(sandbox.template, 'AWS::Lambda::Function');
    for (const supplier of sandbox.stack.sandboxSuppliers?.suppliers ?? []) {
      const fn = functions[logicalIdOf(supplier.url.node.scope as IConstruct)];
      expect(fn?.Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
  });

  it('each write the tenant contract naming their URL and credentials secret', () => {
    // The contract writes (the stack's other Custom::AWS starts the first mapping run).
    const writes = Object.values(resourcesOfType(sandbox.template, 'Custom::AWS')).filter((w) =>
      JSON.stringify(w.Properties.Create).includes('putItem'),
    );
    expect(writes).toHaveLength(SANDBOX_SUPPLIERS.length);
    const contractsTable = logicalIdOf(sandbox.stack.tables.get('contracts').table);
    for (const supplier of sandbox.stack.sandboxSuppliers?.suppliers ?? []) {
      const write = writes.find((w) => referencedIds(w.Properties.Create).has(logicalIdOf(supplier.url)));
      expect(write, supplier.supplierId).toBeDefined();
      const call = JSON.stringify(write?.Properties.Create);
      expect(call).toContain('acme#contract');
      expect(call).toContain(`\\"adapter\\":{\\"S\\":\\"${supplier.supplierId}\\"}`);
      const ids = referencedIds(write?.Properties.Create);
      expect(ids).toContain(contractsTable);
      expect(ids).toContain(logicalIdOf(supplier.url));
      expect(ids).toContain(logicalIdOf(supplier.credentials));
    }
  });

  it('credentials are readable by the functions that call the suppliers, and by nothing else of ours', () => {
    const readers = [sandbox.stack.functions.groups.search, sandbox.stack.functions.groups.booking, sandbox.stack.functions.bookingFlow];
    const others = [sandbox.stack.functions.groups.auth, sandbox.stack.functions.groups.cars, sandbox.stack.functions.authorizer];
    const readsSecret = (roleId: string, secretId: string): boolean =>
      statementsOfRole(sandbox.template, roleId).some(
        (s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && referencedIds(s.Resource).has(secretId),
      );
    for (const supplier of sandbox.stack.sandboxSuppliers?.suppliers ?? []) {
      const secretId = logicalIdOf(supplier.credentials);
      for (const reader of readers) expect(readsSecret(logicalIdOf(reader.role), secretId)).toBe(true);
      for (const other of others) expect(readsSecret(logicalIdOf(other.role), secretId)).toBe(false);
    }
  });
});
