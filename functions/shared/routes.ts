/**
 * The one route table. The CDK API (lib/) and the local gateway (local/) are both built from it, so the
 * deployed API and the one on this machine cannot drift. Each group is one Lambda function whose entry
 * (functions/<group>/index.ts) dispatches on the route id.
 */

/** The API Gateway stage every tenant's API is deployed to (URLs end in /api/v1/...); the local gateway serves at the root. */
export const API_STAGE_NAME = 'api';

/**
 * The REST API's binaryMediaTypes: a Lambda proxy answer with isBase64Encoded is decoded to bytes when the
 * request's first Accept type matches one of these, and a request body whose Content-Type matches reaches the
 * function base64-encoded (AWS "Binary media types for REST APIs in API Gateway"). The stack sets them and the
 * local gateway applies the same rule (in bundle mode with the template's list).
 *
 * Every type (the wildcard type and subtype): curl and most HTTP libraries accept any type and browsers send a
 * list that does not start with application/pdf, so with ['application/pdf'] they got the voucher as base64 text. With every type binary,
 * an answer is decoded exactly when the function says it is base64 (isBase64Encoded), and every request body
 * reaches the functions base64-encoded, which they decode (shared/request-body.ts, auth/token.ts).
 */
export const API_BINARY_MEDIA_TYPES: readonly string[] = ['*/*'];

export const SCOPES = ['hotels.search', 'hotels.book', 'cars.search', 'cars.book'] as const;
export type Scope = (typeof SCOPES)[number];

export const HANDLER_GROUPS = ['auth', 'search', 'booking', 'vouchers', 'webhooks', 'cars', 'docs'] as const;
export type HandlerGroup = (typeof HANDLER_GROUPS)[number];

/**
 * Groups whose integration streams the response (API Gateway ResponseTransferMode.STREAM) and whose Lambda
 * entry is streamingEntry (lambda-entry.ts): a search answers before the rows of its later pages are
 * stored. Their functions/<group>/index.ts must export streamingEntry(routes); the others bufferedEntry.
 */
export const STREAMING_GROUPS: readonly HandlerGroup[] = ['search'];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Route {
  /** Stable id: the OpenAPI operationId and the key the group entry dispatches on. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway resource path, parameters in braces. */
  readonly path: string;
  readonly group: HandlerGroup;
  /** The module holding this route's handler, relative to the repository root. */
  readonly module: string;
  /** The scope a bearer token must hold; null for the public routes (token, key set, contract, docs). */
  readonly scope: Scope | null;
  /** The Idempotency-Key header is mandatory on this route. */
  readonly idempotencyKey: boolean;
  readonly summary: string;
}

export const ROUTES: readonly Route[] = [
  {
    id: 'issueToken',
    method: 'POST',
    path: '/v1/oauth/token',
    group: 'auth',
    module: 'functions/auth/token.ts',
    scope: null,
    idempotencyKey: false,
    summary: 'OAuth 2.0 client credentials token',
  },
  {
    id: 'getJwks',
    method: 'GET',
    path: '/.well-known/jwks.json',
    group: 'auth',
    module: 'functions/auth/jwks.ts',
    scope: null,
    idempotencyKey: false,
    summary: 'The public keys that verify access tokens (JWK Set)',
  },

  {
    id: 'searchHotels',
    method: 'POST',
    path: '/v1/hotels/search',
    group: 'search',
    module: 'functions/search/search.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'Search availability across contracted suppliers',
  },
  {
    id: 'getSearchPage',
    method: 'GET',
    path: '/v1/hotels/searches/{searchId}',
    group: 'search',
    module: 'functions/search/search-page.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'Next page of a stored search',
  },
  {
    id: 'listPropertyRates',
    method: 'GET',
    path: '/v1/hotels/searches/{searchId}/properties/{propertyId}/rates',
    group: 'search',
    module: 'functions/search/property-rates.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'All rates of one property of a search',
  },
  {
    id: 'listProperties',
    method: 'GET',
    path: '/v1/hotels/properties',
    group: 'search',
    module: 'functions/search/catalogue/properties-handler.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: "A city's mapped properties' content, page by page, or only what changed",
  },
  {
    id: 'getProperty',
    method: 'GET',
    path: '/v1/hotels/properties/{propertyId}',
    group: 'search',
    module: 'functions/search/property.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'Unified property content',
  },
  {
    id: 'findDestinations',
    method: 'GET',
    path: '/v1/destinations',
    group: 'search',
    module: 'functions/search/destinations-handler.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'Type-ahead: cities, airports and properties by name',
  },
  {
    id: 'checkRate',
    method: 'POST',
    path: '/v1/hotels/rates/{rateId}/check',
    group: 'booking',
    module: 'functions/booking/rate-check/rate-check-handler.ts',
    scope: 'hotels.search',
    idempotencyKey: false,
    summary: 'Re-validate a rate with its supplier',
  },

  {
    id: 'createBooking',
    method: 'POST',
    path: '/v1/hotels/bookings',
    group: 'booking',
    module: 'functions/booking/create/create-booking-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: true,
    summary: 'Book a checked rate',
  },
  {
    id: 'listBookings',
    method: 'GET',
    path: '/v1/hotels/bookings',
    group: 'booking',
    module: 'functions/booking/list/list-bookings-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Find bookings by reference, dates, status and supplier',
  },
  {
    id: 'getBooking',
    method: 'GET',
    path: '/v1/hotels/bookings/{bookingId}',
    group: 'booking',
    module: 'functions/booking/get/get-booking-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Retrieve a booking',
  },
  {
    id: 'modifyBooking',
    method: 'PATCH',
    path: '/v1/hotels/bookings/{bookingId}',
    group: 'booking',
    module: 'functions/booking/modify/modify-booking-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: true,
    summary: 'Modify holder contact and guest names',
  },
  {
    id: 'cancelBooking',
    method: 'POST',
    path: '/v1/hotels/bookings/{bookingId}/cancel',
    group: 'booking',
    module: 'functions/booking/cancel/cancel-booking-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: true,
    summary: 'Cancel a booking',
  },
  {
    id: 'quoteStayChange',
    method: 'POST',
    path: '/v1/hotels/bookings/{bookingId}/modifications/quote',
    group: 'booking',
    module: 'functions/booking/modification/quote-stay-change-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: "Quote a change of a booking's dates or occupancy",
  },
  {
    id: 'commitStayChange',
    method: 'POST',
    path: '/v1/hotels/bookings/{bookingId}/modifications',
    group: 'booking',
    module: 'functions/booking/modification/commit-stay-change-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: true,
    summary: 'Make a quoted stay change',
  },
  {
    id: 'quoteCancellation',
    method: 'GET',
    path: '/v1/hotels/bookings/{bookingId}/cancellation-quote',
    group: 'booking',
    module: 'functions/booking/cancellation-quote/cancellation-quote-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'What cancelling would cost now',
  },
  {
    id: 'erasePersonalData',
    method: 'DELETE',
    path: '/v1/hotels/bookings/{bookingId}/personal-data',
    group: 'booking',
    module: 'functions/booking/personal-data/erase-personal-data-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: true,
    summary: "Erase a booking's personal data",
  },
  {
    id: 'getWallet',
    method: 'GET',
    path: '/v1/wallets/{walletId}',
    group: 'booking',
    module: 'functions/booking/wallet/get-wallet-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'An agent wallet',
  },
  {
    id: 'listWalletTransactions',
    method: 'GET',
    path: '/v1/wallets/{walletId}/transactions',
    group: 'booking',
    module: 'functions/booking/wallet/list-wallet-transactions-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: "An agent wallet's transactions",
  },
  {
    id: 'createWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints',
    group: 'webhooks',
    module: 'functions/webhooks/create-webhook-endpoint.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Register a webhook endpoint',
  },
  {
    id: 'listWebhookEndpoints',
    method: 'GET',
    path: '/v1/webhook-endpoints',
    group: 'webhooks',
    module: 'functions/webhooks/list-webhook-endpoints.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Webhook endpoints',
  },
  {
    id: 'getWebhookEndpoint',
    method: 'GET',
    path: '/v1/webhook-endpoints/{endpointId}',
    group: 'webhooks',
    module: 'functions/webhooks/get-webhook-endpoint.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'A webhook endpoint',
  },
  {
    id: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/v1/webhook-endpoints/{endpointId}',
    group: 'webhooks',
    module: 'functions/webhooks/update-webhook-endpoint.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Change, disable or enable a webhook endpoint',
  },
  {
    id: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/v1/webhook-endpoints/{endpointId}',
    group: 'webhooks',
    module: 'functions/webhooks/delete-webhook-endpoint.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Delete a webhook endpoint',
  },
  {
    id: 'rotateWebhookSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpointId}/rotate-secret',
    group: 'webhooks',
    module: 'functions/webhooks/rotate-webhook-secret.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: "Rotate a webhook endpoint's signing secret",
  },
  {
    id: 'testWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpointId}/test',
    group: 'webhooks',
    module: 'functions/webhooks/test-webhook-endpoint.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Send a signed ping',
  },
  {
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhook-endpoints/{endpointId}/deliveries',
    group: 'webhooks',
    module: 'functions/webhooks/list-webhook-deliveries.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: "A webhook endpoint's deliveries",
  },
  {
    id: 'retryWebhookDelivery',
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry',
    group: 'webhooks',
    module: 'functions/webhooks/retry-webhook-delivery.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Retry a delivery now',
  },
  {
    id: 'getVoucher',
    method: 'GET',
    path: '/v1/hotels/bookings/{bookingId}/voucher',
    group: 'vouchers',
    module: 'functions/booking/voucher/get-voucher-handler.ts',
    scope: 'hotels.book',
    idempotencyKey: false,
    summary: 'Voucher as PDF or HTML',
  },

  {
    id: 'searchCars',
    method: 'GET',
    path: '/v1/cars/search',
    group: 'cars',
    module: 'functions/cars/search-cars.ts',
    scope: 'cars.search',
    idempotencyKey: false,
    summary: 'Car availability (planned)',
  },
  {
    id: 'createCarBooking',
    method: 'POST',
    path: '/v1/cars/bookings',
    group: 'cars',
    module: 'functions/cars/create-car-booking.ts',
    scope: 'cars.book',
    idempotencyKey: true,
    summary: 'Book a car (planned)',
  },

  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    group: 'docs',
    module: 'functions/docs/openapi.ts',
    scope: null,
    idempotencyKey: false,
    summary: 'The OpenAPI 3.1 contract',
  },
  {
    id: 'getDocs',
    method: 'GET',
    path: '/docs',
    group: 'docs',
    module: 'functions/docs/docs-page.ts',
    scope: null,
    idempotencyKey: false,
    summary: 'API reference page',
  },
  {
    id: 'getDocsScript',
    method: 'GET',
    path: '/docs/scalar.js',
    group: 'docs',
    module: 'functions/docs/docs-script.ts',
    scope: null,
    idempotencyKey: false,
    summary: 'Script of the API reference page',
  },
];

/** Routes whose method carries a body, and so meet API Gateway's payload limit (413). */
export function carriesBody(route: Route): boolean {
  return route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';
}

export function routeById(id: string): Route {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route id ${id}`);
  return route;
}

/** The route API Gateway matched, found the way it tells a proxy integration: method plus resource. */
export function routeFor(method: string, resource: string): Route | undefined {
  return ROUTES.find((r) => r.method === method && r.path === resource);
}

/**
 * Matches a concrete request path against the table the way API Gateway does: literal segments first
 * (so /v1/hotels/bookings never matches a {bookingId} route), parameters capture one segment each.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; pathParameters: Record<string, string> } | { route: undefined; pathKnown: boolean } {
  const segments = path.split('/').filter(Boolean);
  const candidates = ROUTES.map((route) => ({ route, params: matchPath(route.path, segments) }))
    .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  const hit = candidates.find((c) => c.route.method === method);
  if (hit) return { route: hit.route, pathParameters: hit.params };
  return { route: undefined, pathKnown: candidates.length > 0 };
}

function matchPath(template: string, segments: string[]): Record<string, string> | null {
  const parts = template.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const segment = segments[i] as string;
    if (part.startsWith('{') && part.endsWith('}')) {
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return null;
      }
      params[part.slice(1, -1)] = value;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}
