import type { FetchLike } from './http-client.js';

/**
 * What every adapter is built with (adapter-registry.ts fills it from a contract). Each adapter's own
 * options extend it with what its wire format needs.
 */
export interface SupplierAdapterOptions {
  /** The supplier's base URL (production endpoint or a sandbox's); the adapter appends its paths. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly secret: string;
  /** Upper bound per call when the caller's signal allows longer. */
  readonly timeoutMs?: number;
  /** Whether to forward X-Sandbox-Scenario (sandbox suppliers only; never to a real supplier). */
  readonly forwardScenarios?: boolean;
  readonly fetch?: FetchLike;
  readonly clock?: () => Date;
}
