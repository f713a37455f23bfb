import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ClientRegistrationError, findClientById, getClient, registerClient } from '../../functions/auth/client-registry.js';
import { verifySecret } from '../../functions/auth/secret-hash.js';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { freshTables } from '../support/dynamo.js';

await freshTables();

describe('client registry', () => {
  it('stores a client under its tenant with only a hash of the secret, findable by id', async () => {
    const created = await registerClient({
      tenant: 'demo',
      clientId: 'demo-client',
      secret: 'demo-secret',
      scopes: ['hotels.book', 'hotels.search'],
      name: 'Demo',
    });
    expect(created).toMatchObject({
      tenant: 'demo',
      clientId: 'demo-client',
      name: 'Demo',
      scopes: ['hotels.search', 'hotels.book'],
      status: 'active',
    });
    expect(created.usageKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await verifySecret('demo-secret', created.secretHash)).toBe(true);

    const { Item } = await dynamoClient().send(
      new GetCommand({ TableName: tableName('clients'), Key: { pk: 'demo#client', sk: 'demo-client' } }),
    );
    expect(JSON.stringify(Item)).not.toContain('demo-secret');

    expect(await findClientById('demo-client')).toEqual(created);
    expect(await getClient('demo', 'demo-client')).toEqual(created);
    expect(await getClient('acme', 'demo-client')).toBeNull();
    expect(await findClientById('nobody')).toBeNull();
  });

  it('re-registration replaces secret, scopes and status but keeps createdAt and the usage key', async () => {
    const first = await registerClient({ tenant: 'acme', clientId: 'acme-client', secret: 'old', scopes: ['hotels.search'] });
    const second = await registerClient({
      tenant: 'acme',
      clientId: 'acme-client',
      secret: 'new',
      scopes: ['hotels.search', 'cars.search'],
    });
    expect(second.usageKey).toBe(first.usageKey);
    expect(second.createdAt).toBe(first.createdAt);
    expect(second.scopes).toEqual(['hotels.search', 'cars.search']);
    expect(await verifySecret('new', second.secretHash)).toBe(true);
    expect(await verifySecret('old', second.secretHash)).toBe(false);

    const given = await registerClient({
      tenant: 'acme',
      clientId: 'acme-client',
      secret: 'new',
      scopes: ['hotels.search'],
      usageKey: 'a-usage-key-of-enough-length',
    });
    expect(given.usageKey).toBe('a-usage-key-of-enough-length');
  });

  it('refuses a client id already held by another tenant, and malformed registrations', async () => {
    await registerClient({ tenant: 'one', clientId: 'shared-id', secret: 's', scopes: ['hotels.search'] });
    await expect(registerClient({ tenant: 'two', clientId: 'shared-id', secret: 's', scopes: ['hotels.search'] })).rejects.toThrow(
      ClientRegistrationError,
    );
    expect((await findClientById('shared-id'))?.tenant).toBe('one');

    const bad = [
      { tenant: 'Has#Hash', clientId: 'c1', secret: 's', scopes: ['hotels.search' as const] },
      { tenant: 'demo', clientId: 'c#1', secret: 's', scopes: ['hotels.search' as const] },
      { tenant: 'demo', clientId: 'c1', secret: 's', scopes: [] },
      { tenant: 'demo', clientId: 'c1', secret: 's', scopes: ['admin' as never] },
      { tenant: 'demo', clientId: 'c1', secret: 's', scopes: ['hotels.search' as const], usageKey: 'short' },
    ];
    for (const registration of bad) {
      await expect(registerClient(registration), JSON.stringify(registration)).rejects.toThrow(ClientRegistrationError);
    }
  });
});
