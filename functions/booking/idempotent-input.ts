import type { Traveller } from '../shared/traveller.js';
import type { Scenario } from '../suppliers/scenario.js';

/** What an idempotent use case receives: who asks, under which key, and the request as validated. */
export interface IdempotentInput<B> {
  readonly operation: string;
  readonly tenant: string;
  readonly clientId: string;
  readonly idempotencyKey: string;
  /** What must match on a replay: the validated body, with the path's ids merged in. */
  readonly body: B;
  /** Sandbox stacks pass X-Sandbox-Scenario through to the suppliers; production never does. */
  readonly scenarios: readonly Scenario[];
  /** The traveller's address and session for suppliers that take them (Customer-Ip, or the caller's own). */
  readonly traveller: Traveller;
  readonly requestId: string;
  /** When the route must have decided its answer (epoch ms): answer-deadline.ts. */
  readonly answerBy: number;
}
