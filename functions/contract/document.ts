/**
 * The OpenAPI 3.1 document, generated from the zod schemas the handlers validate with and the response
 * schemas of this folder. Paths, methods, operation ids, security, the tenant and Idempotency-Key headers
 * come from the route table, so a route cannot exist without its operation (building throws) and an
 * operation cannot name a route that does not exist.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { OpenAPIObject, SecurityRequirementObject, ServerObject } from 'openapi3-ts/oas31';
import { LIMITS } from '../shared/limits.js';
import { API_STAGE_NAME, carriesBody, ROUTES, type Route } from '../shared/routes.js';
import { PROBLEM_BASE } from '../shared/problem.js';
import { authOperations } from './auth.js';
import { bookingOperations } from './booking.js';
import { carOperations } from './cars.js';
import { destinationOperations } from './destinations.js';
import { docsOperations } from './docs.js';
import { CLIENT_BASIC_SCHEME, HEADER_PARAMETERS, headerParametersOf, OAUTH_SCHEME, securitySchemes } from './headers.js';
import type { OperationSpec } from './operation.js';
import { problemResponse } from './problems.js';
import { propertyOperations } from './property.js';
import { rateCheckOperations } from './rate-check.js';
import { searchOperations } from './search.js';
import { walletOperations } from './wallets.js';
import { WEBHOOK_EVENTS, WEBHOOKS_TAG_DESCRIPTION, webhookOperations, webhookSignatureHeaders } from './webhooks.js';

export const OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  ...authOperations,
  ...searchOperations,
  ...destinationOperations,
  ...propertyOperations,
  ...rateCheckOperations,
  ...bookingOperations,
  ...walletOperations,
  ...webhookOperations,
  ...carOperations,
  ...docsOperations,
};

export const API_VERSION = '1.0.0';

/** Where the document says the API is. Served documents name the host they were fetched from. */
export const DEFAULT_SERVERS: ServerObject[] = [
  {
    url: `https://{apiId}.execute-api.{region}.amazonaws.com/${API_STAGE_NAME}`,
    description: "A tenant's stack (sandbox or production); the API id and region come with the credentials",
    variables: { apiId: { default: 'abcdef1234' }, region: { default: 'eu-west-1' } },
  },
  { url: 'http://127.0.0.1:3000', description: 'This repository on your machine (`npm start`), sandbox suppliers' },
];

const TAGS = [
  { name: 'Authentication', description: 'OAuth 2.0 client credentials' },
  { name: 'Search', description: 'Availability across the contracted suppliers, unified, priced and ranked' },
  { name: 'Properties', description: 'Unified property content' },
  { name: 'Rates', description: 'The binding price of a rate before booking' },
  { name: 'Bookings', description: 'Create, retrieve, modify, cancel; vouchers. Create, modify and cancel require an Idempotency-Key.' },
  { name: 'Wallets', description: "The account's agent wallet and its statement (scope hotels.book)." },
  { name: 'Webhooks', description: WEBHOOKS_TAG_DESCRIPTION },
  { name: 'Cars (planned)', description: 'Planned surface: the intended contract, answered with 501 today' },
  { name: 'Documentation', description: 'This document and its reference page' },
];

const DESCRIPTION = `A multi-supplier hotel booking API for travel partners. One search is fanned out in parallel to every supplier the account is contracted with; the answers are mapped onto unified properties, priced with the account's rules, converted to the quote currency with a stamped FX rate and ranked. Rate check, booking, retrieval, modification, cancellation and vouchers go through one surface whichever supplier holds the reservation. Car rental is a planned surface (operations marked \`x-planned\`).

**Authentication.** OAuth 2.0 client credentials: POST /v1/oauth/token, then \`Authorization: Bearer <token>\` and \`X-Service-Tenant: <tenant>\` on every hotel and car call. Tokens live 15 minutes; reuse them.

**Errors.** Every non-2xx answer outside the token endpoint is RFC 9457 \`application/problem+json\` with a stable \`type\` under \`${PROBLEM_BASE}\`, \`title\`, \`status\`, \`detail\`, \`instance\` (the request id, also in the \`X-Request-Id\` header of every response) and, for validation, \`errors[{path, message}]\`. The token endpoint answers RFC 6749 errors (\`{error, error_description}\`). A supplier timeout during search is not an error: the supplier is reported with status \`timeout\` and \`partial\` is true.

**Idempotency.** Creating, modifying and cancelling a booking require an \`Idempotency-Key\` (kept 24 hours per tenant and client): a replay returns the original status and body and does nothing again; a replay while the first is in flight gets 409, the same key with a different body 422.

**Rate limits.** Per client ${LIMITS.perClient.ratePerSecond} requests a second (burst ${LIMITS.perClient.burst}), the whole API ${LIMITS.stage.ratePerSecond} (burst ${LIMITS.stage.burst}), token requests ${LIMITS.tokenRequests.perWindow} per client a minute. Over a limit: 429 problem with \`Retry-After\`.

**Sandbox.** Sandbox stacks and the local server honour \`X-Sandbox-Scenario\` on hotel calls to drive the sandbox suppliers through every path of the contract.

**Money and time.** Amounts are JSON numbers with at most the currency's fraction digits; \`total = net + markup + tax + serviceFee\` exactly. Instants are UTC ISO 8601; dates YYYY-MM-DD; cancellation policies are absolute deadlines in ascending order.`;

function lowerMethod(route: Route): RouteConfig['method'] {
  return route.method.toLowerCase() as RouteConfig['method'];
}

/** The problems every operation of this kind can answer, plus the ones its resource file names. */
function problemStatuses(route: Route, spec: OperationSpec): number[] {
  const statuses = new Set<number>(spec.problems ?? []);
  const takesInput =
    route.scope !== null || spec.request?.body !== undefined || spec.request?.query !== undefined || spec.request?.params !== undefined;
  if (takesInput && route.id !== 'issueToken') statuses.add(400);
  if (route.scope !== null) {
    statuses.add(401);
    statuses.add(403);
  }
  if (spec.request?.body) statuses.add(415);
  if (carriesBody(route)) statuses.add(413);
  statuses.add(429);
  statuses.add(500);
  // Every operation that reads our tables (all but the public documents) answers an outage of them as 503.
  if (route.scope !== null || route.id === 'issueToken') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function responsesOf(route: Route, spec: OperationSpec): Record<number, ResponseConfig> {
  const responses: Record<number, ResponseConfig> = { ...spec.responses };
  for (const status of problemStatuses(route, spec)) {
    if (responses[status]) continue;
    const extra = status === 501 && spec.planned ? 'Its `contract` member points at this operation' : undefined;
    responses[status] = problemResponse(status, extra);
  }
  return responses;
}

export interface DocumentOptions {
  /** The API's base URL as the caller reached it; the default servers when absent. */
  readonly serverUrl?: string;
}

export function openApiDocument(options: DocumentOptions = {}): OpenAPIObject {
  const missing = ROUTES.filter((route) => !OPERATIONS[route.id]).map((route) => route.id);
  const orphans = Object.keys(OPERATIONS).filter((id) => !ROUTES.some((route) => route.id === id));
  if (missing.length || orphans.length) {
    throw new Error(
      `the OpenAPI operations do not match the route table: undocumented routes [${missing}], operations without a route [${orphans}]`,
    );
  }

  const registry = new OpenAPIRegistry();
  const servers = options.serverUrl ? [{ url: options.serverUrl, description: 'This API' }] : DEFAULT_SERVERS;
  const tokenUrl = `${servers[0]!.url.replace(/\/$/, '')}/v1/oauth/token`;
  for (const [name, scheme] of Object.entries(securitySchemes(tokenUrl))) registry.registerComponent('securitySchemes', name, scheme);
  for (const [name, parameter] of Object.entries(HEADER_PARAMETERS)) registry.registerComponent('parameters', name, parameter);

  for (const route of ROUTES) {
    const spec = OPERATIONS[route.id]!;
    const security: SecurityRequirementObject[] =
      route.scope !== null ? [{ [OAUTH_SCHEME]: [route.scope] }] : route.id === 'issueToken' ? [{ [CLIENT_BASIC_SCHEME]: [] }, {}] : [];
    registry.registerPath({
      method: lowerMethod(route),
      path: route.path,
      operationId: route.id,
      summary: route.summary,
      description: spec.description,
      tags: [spec.tag],
      security,
      parameters: headerParametersOf(route, spec.sandbox ?? false).map((name) => ({ $ref: `#/components/parameters/${name}` })),
      ...(spec.request ? { request: spec.request } : {}),
      responses: responsesOf(route, spec),
      ...(spec.planned ? { 'x-planned': true } : {}),
      ...(route.scope ? { 'x-required-scope': route.scope } : {}),
    });
  }

  for (const event of WEBHOOK_EVENTS) {
    registry.registerWebhook({
      method: 'post',
      path: event.type,
      summary: `${event.type}, POSTed to each endpoint subscribed to it`,
      description: 'Signed with the Standard Webhooks headers (see the Webhooks tag); answer 2xx.',
      tags: ['Webhooks'],
      request: {
        headers: webhookSignatureHeaders,
        body: {
          required: true,
          content: { 'application/json': { schema: event.data ? event.schema.extend({ data: event.data }) : event.schema } },
        },
      },
      responses: { 200: { description: 'Received (any 2xx)' } },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Hotel booking API',
      version: API_VERSION,
      description: DESCRIPTION,
    },
    servers,
    tags: TAGS,
  });
}
