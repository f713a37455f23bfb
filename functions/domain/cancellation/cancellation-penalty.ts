/** One step of a cancellation policy: from this instant on, cancelling costs this much. */
import type { Money } from '../money/money.js';

export interface CancellationPenalty {
  /** UTC instant from which the penalty applies. */
  readonly from: string;
  readonly penalty: Money;
}
