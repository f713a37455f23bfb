/**
 * Throttling numbers, in one place: the CDK stage and usage plan use them, the local gateway enforces
 * the same ones, the token endpoint counts its own window, and the README documents them.
 */
export const LIMITS = {
  /** Whole stage, all clients together (API Gateway stage throttling). */
  stage: { ratePerSecond: 200, burst: 400 },
  /** Per client (API Gateway usage plan keyed by the authorizer's usageIdentifierKey). */
  perClient: { ratePerSecond: 25, burst: 50 },
  /** Token requests per client_id in a fixed one-minute window, counted in DynamoDB. */
  tokenRequests: { perWindow: 10, windowSeconds: 60 },
  /** API Gateway's payload limit for REST APIs (not adjustable): a larger body is 413 before any authorizer or handler runs. */
  maxPayloadBytes: 10 * 1024 * 1024,
  /** How long API Gateway caches an authorizer answer for one token. */
  authorizerCacheSeconds: 300,
} as const;
