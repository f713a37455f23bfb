/**
 * The token endpoint (interface document 4.1, API-SPEC "Authentication"). Its errors are RFC 6749 §5.2
 * JSON, not problem+json, because OAuth client libraries parse exactly that; only its rate limit answers
 * a 429 problem like every other route. The form is read by functions/auth/token-request.ts (RFC 6749
 * wants repeated parameters refused, which a schema cannot say); this schema documents the same fields.
 */
import * as z from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/access-token.js';
import { FORM_CONTENT_TYPE } from '../auth/token-request.js';
import { SCOPES } from '../shared/routes.js';
import type { OperationSpec } from './operation.js';
import { requestIdHeader } from './problems.js';

// Loose: RFC 6749 §3.2 has the server ignore parameters it does not know, and the endpoint does.
export const tokenRequestSchema = z
  .looseObject({
    grant_type: z.literal('client_credentials'),
    client_id: z
      .string()
      .optional()
      .meta({ description: 'Required unless sent with HTTP Basic', examples: ['demo-client'] }),
    client_secret: z
      .string()
      .optional()
      .meta({ description: 'Required unless sent with HTTP Basic; never both', examples: ['demo-secret'] }),
    scope: z
      .string()
      .optional()
      .meta({
        description: `Space-separated subset of the client's scopes (${SCOPES.join(', ')}); all of them when absent`,
        examples: ['hotels.search hotels.book'],
      }),
  })
  .meta({
    id: 'TokenRequest',
    description:
      'Form fields of the client credentials grant. A repeated parameter is `invalid_request`; an empty one counts as absent; one the endpoint does not know is ignored.',
  });

export const tokenResponseSchema = z
  .strictObject({
    access_token: z.string().meta({ description: 'ES256 JWT; send as `Authorization: Bearer <access_token>`' }),
    token_type: z.literal('Bearer'),
    expires_in: z.literal(ACCESS_TOKEN_TTL_SECONDS).meta({ description: 'Seconds the token is valid' }),
    scope: z
      .string()
      .meta({ description: 'Space-separated scopes granted', examples: ['hotels.search hotels.book cars.search cars.book'] }),
  })
  .meta({ id: 'TokenResponse' });

export const oauthErrorSchema = z
  .strictObject({
    error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']),
    error_description: z.string().optional(),
  })
  .meta({ id: 'OAuthError', description: 'RFC 6749 §5.2 error response of the token endpoint' });

const publicJwkSchema = z
  .strictObject({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    kid: z.string().meta({ description: 'The key id (its RFC 7638 thumbprint), named in the header of the tokens it signs' }),
    alg: z.literal('ES256'),
    use: z.literal('sig'),
  })
  .meta({ id: 'PublicJwk' });

export const jwkSetSchema = z.strictObject({ keys: z.array(publicJwkSchema) }).meta({ id: 'JwkSet' });

const noStore = {
  'Cache-Control': { description: 'no-store: a response carrying a token is never cached', schema: { type: 'string' as const } },
  ...requestIdHeader,
};

export const authOperations: Record<string, OperationSpec> = {
  issueToken: {
    tag: 'Authentication',
    description:
      `Issues an access token for the client credentials grant (valid ${ACCESS_TOKEN_TTL_SECONDS} s). Authenticate with \`client_id\` and \`client_secret\` in the form ` +
      'or with HTTP Basic, not both. An unknown client, a wrong secret and a disabled client all answer `invalid_client`. ' +
      'Asking for a scope the client does not hold is `invalid_scope`. Wrong secrets are limited apart from good requests, per source address: ' +
      'an address that sent several wrong secrets waits (429 with `Retry-After`, doubling with each further failure) before its next attempt is tried, ' +
      "and only granted requests count against the client's window, so a flood of wrong secrets never stops the client that holds the right one.",
    request: {
      body: {
        required: true,
        content: {
          [FORM_CONTENT_TYPE]: {
            schema: tokenRequestSchema,
            example: {
              grant_type: 'client_credentials',
              client_id: 'demo-client',
              client_secret: 'demo-secret',
              scope: 'hotels.search hotels.book',
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The access token',
        headers: noStore,
        content: {
          'application/json': {
            schema: tokenResponseSchema,
            example: {
              access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.eyJ...',
              token_type: 'Bearer',
              expires_in: ACCESS_TOKEN_TTL_SECONDS,
              scope: 'hotels.search hotels.book',
            },
          },
        },
      },
      400: {
        description:
          '`invalid_request` (missing or repeated parameter, wrong content type, both authentication methods), `unsupported_grant_type`, `invalid_scope`',
        headers: noStore,
        content: {
          'application/json': {
            schema: oauthErrorSchema,
            example: { error: 'invalid_scope', error_description: 'This client does not hold the scope: cars.book' },
          },
        },
      },
      401: {
        description:
          '`invalid_client`: client authentication failed. Its challenge (`Basic realm="hotel-api"`) arrives as `x-amzn-Remapped-WWW-Authenticate`: API Gateway renames a WWW-Authenticate header a function sets',
        headers: noStore,
        content: {
          'application/json': {
            schema: oauthErrorSchema,
            example: { error: 'invalid_client', error_description: 'Client authentication failed' },
          },
        },
      },
    },
  },
  getJwks: {
    tag: 'Authentication',
    description:
      'The public keys that verify our access tokens, as a JWK Set (RFC 7517): ES256 (P-256), each with its `kid`, which every token names in its header. ' +
      'Public, no authentication, cacheable for five minutes. During a rotation it holds the new key and the retired ones whose tokens may still be alive ' +
      `(a retired key leaves the set once the last token it signed has expired, ${ACCESS_TOKEN_TTL_SECONDS} s plus a margin); fetch it again when a token names a kid you do not know.`,
    responses: {
      200: {
        description: 'The key set',
        headers: { 'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' as const } }, ...requestIdHeader },
        content: { 'application/json': { schema: jwkSetSchema } },
      },
    },
  },
};
