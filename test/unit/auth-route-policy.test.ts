import { describe, expect, it } from 'vitest';
import { apiStagePrefix, policyAllows, policyFor } from '../../functions/auth/route-policy.js';
import { ROUTES, SCOPES, type Scope } from '../../functions/shared/routes.js';
import { METHOD_ARN_PREFIX } from '../support/auth-events.js';

const calledArn = `${METHOD_ARN_PREFIX}POST/v1/hotels/search`;

/** Every subset of the scopes. */
function scopeSets(): Scope[][] {
  return Array.from({ length: 2 ** SCOPES.length }, (_, mask) => SCOPES.filter((_, i) => mask & (1 << i)));
}

/** The ARN of a concrete call of the route, parameters filled with sample values. */
function concreteArn(method: string, path: string): string {
  return `${METHOD_ARN_PREFIX}${method}${path.replace(/\{[^}]+\}/g, 'x-1_Z')}`;
}

function allowedResources(scopes: Scope[]): string[] {
  const [statement] = policyFor(calledArn, scopes).Statement;
  expect(statement?.Effect).toBe('Allow');
  return (statement as { Resource: string[] }).Resource;
}

describe('authorizer policy', () => {
  it('takes the API and stage from the called method ARN', () => {
    expect(apiStagePrefix(`${METHOD_ARN_PREFIX}GET/v1/hotels/bookings/abc/voucher`)).toBe(METHOD_ARN_PREFIX);
    expect(() => apiStagePrefix('arn:aws:lambda:us-east-1:1:function:f')).toThrow();
  });

  it('names each route as METHOD/path with parameters as *', () => {
    expect(allowedResources(['hotels.search', 'hotels.book']).sort()).toEqual(
      [
        'POST/v1/hotels/search',
        'GET/v1/hotels/searches/*',
        'GET/v1/hotels/searches/*/properties/*/rates',
        'GET/v1/hotels/properties',
        'GET/v1/hotels/properties/*',
        'GET/v1/destinations',
        'POST/v1/hotels/rates/*/check',
        'POST/v1/hotels/bookings',
        'GET/v1/hotels/bookings',
        'GET/v1/hotels/bookings/*',
        'PATCH/v1/hotels/bookings/*',
        'POST/v1/hotels/bookings/*/cancel',
        'POST/v1/hotels/bookings/*/modifications/quote',
        'POST/v1/hotels/bookings/*/modifications',
        'GET/v1/hotels/bookings/*/cancellation-quote',
        'DELETE/v1/hotels/bookings/*/personal-data',
        'GET/v1/hotels/bookings/*/voucher',
        'GET/v1/wallets/*',
        'GET/v1/wallets/*/transactions',
        'POST/v1/webhook-endpoints',
        'GET/v1/webhook-endpoints',
        'GET/v1/webhook-endpoints/*',
        'PATCH/v1/webhook-endpoints/*',
        'DELETE/v1/webhook-endpoints/*',
        'POST/v1/webhook-endpoints/*/test',
        'GET/v1/webhook-endpoints/*/deliveries',
        'POST/v1/webhook-endpoints/*/deliveries/*/retry',
        'POST/v1/webhook-endpoints/*/rotate-secret',
      ]
        .map((r) => `${METHOD_ARN_PREFIX}${r}`)
        .sort(),
    );
  });

  it('for every scope set, allows exactly the routes those scopes open, whichever route was called', () => {
    const protectedRoutes = ROUTES.filter((r) => r.scope !== null);
    for (const scopes of scopeSets().filter((s) => s.length > 0)) {
      for (const called of protectedRoutes) {
        // API Gateway caches the answer of the first call and applies it to every later one.
        const policy = policyFor(concreteArn(called.method, called.path), scopes);
        for (const route of protectedRoutes) {
          const label = `${scopes.join(' ')}: ${route.method} ${route.path} after ${called.id}`;
          expect(policyAllows(policy, concreteArn(route.method, route.path)), label).toBe(scopes.includes(route.scope!));
        }
        // Other methods on a known path, and other APIs or stages, stay closed.
        expect(policyAllows(policy, concreteArn('DELETE', '/v1/hotels/bookings/{bookingId}'))).toBe(false);
        expect(policyAllows(policy, `arn:aws:execute-api:us-east-1:123456789012:otherapi/v1/POST/v1/hotels/search`)).toBe(false);
        expect(policyAllows(policy, `${METHOD_ARN_PREFIX.replace('/api/', '/prod/')}POST/v1/hotels/search`)).toBe(false);
      }
    }
  });

  it('evaluates policies as IAM does: wildcards span segments, a Deny wins', () => {
    const prefix = METHOD_ARN_PREFIX;
    const policy = {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: 'Allow' as const, Resource: [`${prefix}GET/v1/hotels/bookings/*`] },
        { Action: 'execute-api:Invoke', Effect: 'Deny' as const, Resource: [`${prefix}GET/v1/hotels/bookings/*/voucher`] },
      ],
    };
    expect(policyAllows(policy, `${prefix}GET/v1/hotels/bookings/B1`)).toBe(true);
    expect(policyAllows(policy, `${prefix}GET/v1/hotels/bookings/B1/voucher`)).toBe(false);
    expect(policyAllows(policy, `${prefix}GET/v1/hotels/bookings`)).toBe(false);
  });

  it('denies everything when no scope is left', () => {
    expect(policyFor(calledArn, []).Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Deny', Resource: [`${METHOD_ARN_PREFIX}*`] },
    ]);
  });
});
