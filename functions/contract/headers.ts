/**
 * The request headers and security schemes of the contract. Header checks live in hand-written code
 * (functions/shared/caller.ts, the sandbox scenario parser), so they are described here as raw parameter
 * objects next to the constants that code uses.
 */
import type { ParameterObject, SecuritySchemeObject } from 'openapi3-ts/oas31';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/access-token.js';
import { LIMITS } from '../shared/limits.js';
import { SCOPES, type Route, type Scope } from '../shared/routes.js';

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'hotels.search': 'Search, property content, all rates of a property, rate check',
  'hotels.book': 'Create, retrieve, modify and cancel bookings; vouchers',
  'cars.search': 'Car availability (planned)',
  'cars.book': 'Car bookings (planned)',
};

export const OAUTH_SCHEME = 'oauth2';
export const CLIENT_BASIC_SCHEME = 'clientSecretBasic';

export function securitySchemes(tokenUrl: string): Record<string, SecuritySchemeObject> {
  return {
    [OAUTH_SCHEME]: {
      type: 'oauth2',
      description:
        `OAuth 2.0 client credentials (RFC 6749 §4.4). The access token is an ES256 JWT valid ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes: ` +
        'cache it and reuse it; asking for a token per call is the most common way to hit the token rate limit ' +
        `(${LIMITS.tokenRequests.perWindow} token requests per client a minute). Send it as \`Authorization: Bearer <token>\`. ` +
        'Missing or invalid: 401 with `WWW-Authenticate: Bearer`; a scope the token lacks: 403 `insufficient-scope`.',
      flows: { clientCredentials: { tokenUrl, scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])) } },
    },
    [CLIENT_BASIC_SCHEME]: {
      type: 'http',
      scheme: 'basic',
      description:
        'Client authentication on the token endpoint only: client_id and client_secret with HTTP Basic (RFC 6749 §2.3.1), as an alternative to the form fields.',
    },
  };
}

export const HEADER_PARAMETERS = {
  TenantHeader: {
    name: 'X-Service-Tenant',
    in: 'header',
    required: true,
    description: "Names the tenant. Missing: 400 `missing-tenant`; not the token's tenant: 403 `tenant-mismatch`.",
    schema: { type: 'string', minLength: 1, examples: ['demo'] },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Required (missing: 400 `missing-idempotency-key`). 1 to 255 printable ASCII characters, unique per intended operation, ' +
      'kept 24 hours per tenant and client. A replay with the same body returns the original status and body and does nothing again; ' +
      'while the first request is still running a replay gets 409 `idempotency-in-progress` with Retry-After; the same key with a ' +
      'different body gets 422 `idempotency-key-reused`.',
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      examples: ['3f6d1c9e-8a4b-4a57-b5e4-2c1d0e9f7a10'],
    },
  },
  SandboxScenario: {
    name: 'X-Sandbox-Scenario',
    in: 'header',
    required: false,
    description:
      'Sandbox stacks and the local server only (production ignores it): comma-separated scenarios driving the sandbox suppliers. ' +
      '`slow:<supplierId>` answers after the budget, `error:<supplierId>` fails, `reprice` raises the price at check and booking, ' +
      '`book-fail` refuses the booking, `book-timeout` books but answers late, `no-modify` has no modify path, ' +
      '`late-cancel` lets the free-cancellation deadline pass during the cancel. ' +
      "What the suppliers' published contracts allow, forced onto every rate (a seeded share of rates carries each anyway): `fees-at-property` (charges the hotel collects), " +
      '`remarks` (texts for the traveller, a market restriction among them), `selling-floor` (a minimum selling price above net plus markup), `package-rates` (package-only rates), ' +
      '`spec-penalties` (penalties in percent, nights, offsets from arrival, non-refundable date ranges), `obligations` (all of these but `package-rates`, which only an account that sells packages would see). Unknown entries are ignored.',
    schema: { type: 'string', examples: ['slow:expedia,reprice', 'obligations'] },
  },
  CustomerIp: {
    name: 'Customer-Ip',
    in: 'header',
    required: false,
    description:
      "The traveller's own IPv4 or IPv6 address, passed on to suppliers that fight fraud and price by market with it (Expedia Rapid requires it). " +
      "Absent: your server's source address is sent, never a placeholder. Malformed: 400 naming `header.Customer-Ip`.",
    schema: { type: 'string', examples: ['203.0.113.7', '2001:db8::7'] },
  },
  CustomerSessionId: {
    name: 'Customer-Session-Id',
    in: 'header',
    required: false,
    description:
      "The traveller's session on your site, the same on every call of one shopping session (search, rate check, booking): passed on to suppliers that take it. 1 to 64 printable characters.",
    schema: { type: 'string', minLength: 1, maxLength: 64, examples: ['a1b2c3d4-session'] },
  },
} as const satisfies Record<string, ParameterObject>;

export type HeaderParameterName = keyof typeof HEADER_PARAMETERS;

/** The headers a route takes: tenant on protected routes and Idempotency-Key where the route table marks it; scenarios where a supplier is called. */
export function headerParametersOf(route: Route, callsSupplier: boolean): HeaderParameterName[] {
  const names: HeaderParameterName[] = [];
  if (route.scope !== null) names.push('TenantHeader');
  if (route.idempotencyKey) names.push('IdempotencyKey');
  if (callsSupplier) names.push('SandboxScenario', 'CustomerIp', 'CustomerSessionId');
  return names;
}
