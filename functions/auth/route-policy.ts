/**
 * The IAM policy the authorizer returns. API Gateway caches it per token (identity source: the
 * Authorization header) and applies the cached answer to every later call with that token, whatever the
 * route, so it must allow exactly the routes the token's scopes open, not just the one being called.
 */
import type { PolicyDocument } from 'aws-lambda';
import { ROUTES, type Route, type Scope } from '../shared/routes.js';

/**
 * `arn:aws:execute-api:{region}:{account}:{apiId}/{stage}/` from the ARN of the called method
 * (`.../{stage}/{METHOD}/{resource path}`).
 */
export function apiStagePrefix(methodArn: string): string {
  const match = /^(arn:[^:]+:execute-api:[^:]+:[^:]+:[^/]+\/[^/]+\/)/.exec(methodArn);
  if (!match) throw new Error(`not an execute-api method ARN: ${methodArn}`);
  return match[1]!;
}

/** A route's method ARN pattern: path parameters become `*` (which in IAM matches within and across segments). */
export function routeResource(prefix: string, route: Route): string {
  return `${prefix}${route.method}/${route.path.replace(/^\//, '').replace(/\{[^}]+\}/g, '*')}`;
}

export function allowedRoutes(scopes: readonly Scope[]): Route[] {
  return ROUTES.filter((route) => route.scope !== null && scopes.includes(route.scope));
}

export function policyFor(methodArn: string, scopes: readonly Scope[]): PolicyDocument {
  const prefix = apiStagePrefix(methodArn);
  const resources = allowedRoutes(scopes).map((route) => routeResource(prefix, route));
  if (resources.length === 0) {
    // A policy needs a statement; with nothing allowed it denies every method of the stage.
    return { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: [`${prefix}*`] }] };
  }
  return { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: resources }] };
}

/** IAM resource matching: `*` matches any run of characters (`/` included), `?` exactly one. */
function resourceMatches(pattern: string, arn: string): boolean {
  const source = pattern
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(arn);
}

/**
 * Whether a policy the authorizer returned lets a call through, evaluated as API Gateway does (an explicit
 * Deny wins, otherwise some Allow must match). The local gateway applies cached answers with this, so it
 * refuses exactly what AWS would.
 */
export function policyAllows(policy: PolicyDocument, methodArn: string): boolean {
  // Only the Action/Resource form is read: it is the only form policyFor produces.
  const applies = (statement: PolicyDocument['Statement'][number]) => {
    const { Action: action, Resource: resource } = statement as { Action?: string | string[]; Resource?: string | string[] };
    if (action === undefined || resource === undefined) return false;
    const actions = ([] as string[]).concat(action);
    if (!actions.some((a) => a === 'execute-api:Invoke' || a === 'execute-api:*' || a === '*')) return false;
    return ([] as string[]).concat(resource).some((pattern) => resourceMatches(pattern, methodArn));
  };
  if (policy.Statement.some((s) => s.Effect === 'Deny' && applies(s))) return false;
  return policy.Statement.some((s) => s.Effect === 'Allow' && applies(s));
}
