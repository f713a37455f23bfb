/**
 * Throttling numbers, in one place: the CDK stage and usage plan use them, the local gateway enforces
 * the same ones, the token endpoint counts its own window, and the README documents them.
 */
export const LIMITS = {
  /** Whole stage, all clients together (API Gateway stage throttling). */
  stage: { ratePerSecond: 200, burst: 400 },
  /** Per client (API Gateway usage plan keyed by the authorizer's usageIdentifierKey). */
  perClient: { ratePerSecond: 25, burst: 50 },
  /** Token requests per client_id in a fixed one-minute window, counted in DynamoDB: granted ones only. */
  tokenRequests: { perWindow: 10, windowSeconds: 60 },
  /**
   * Wrong secrets at the token endpoint (functions/auth/token-failure-limit.ts), counted apart: an address
   * may send perClientAddress wrong secrets for one client (1 while the client has had more than
   * perClientWindow in the window) and perAddress across clients, then waits baseBackoffSeconds, doubled
   * with each further failure up to maxBackoffSeconds. Counts are forgotten memorySeconds after the last.
   * An address that got a token for a client is exempt, for that client, from its count across clients
   * for provenSeconds.
   */
  tokenFailures: {
    provenSeconds: 86_400,
    perClientAddress: 5,
    perAddress: 20,
    perClientWindow: 20,
    clientWindowSeconds: 60,
    baseBackoffSeconds: 5,
    maxBackoffSeconds: 900,
    memorySeconds: 3600,
  },
  /** API Gateway's payload limit for REST APIs (not adjustable): a larger body is 413 before any authorizer or handler runs. */
  maxPayloadBytes: 10 * 1024 * 1024,
  /**
   * The largest request body the API takes: the web ACL (lib/web-acl.ts) refuses a larger one with 413 before
   * API Gateway, where a body over Lambda's 6 MB synchronous invoke would otherwise be a 500. 64 KB is what AWS
   * WAF inspects of an API Gateway request's body at most, and ten times the largest booking we take.
   */
  maxRequestBodyBytes: 64 * 1024,
  /** How long API Gateway caches an authorizer answer for one token. */
  authorizerCacheSeconds: 300,
} as const;
