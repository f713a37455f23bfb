import { type RefusalCounts, type RefusalReason, RefusalTally } from './refusal-reason.js';
import { SupplierError } from './supplier-error.js';

/**
 * A refusal thrown while an adapter reads one item of an answer (a rate, a hotel) or a whole answer: a
 * SupplierError `bad_response` carrying the reason, so where one item is read it costs that item (LeftOut),
 * and where the whole answer is read the call fails naming why.
 */
export function refusal(supplierId: string, reason: RefusalReason, operation: string, message: string): SupplierError {
  return new SupplierError('bad_response', supplierId, `${operation}: ${message}`, { operation, reason });
}

/**
 * What an adapter left out of one answer, item by item: the items it could not read (their reasons, in our
 * words: a field and what is wrong with it, never a value from the answer) and the items the boundary's
 * checks refused, counted by reason. One item left out never costs the rest of the answer.
 */
export class LeftOut {
  readonly unreadable: string[] = [];
  readonly refused = new RefusalTally();

  /** Records the error one item's reading threw; anything but a SupplierError is a bug and is thrown on. */
  add(error: unknown, describe: (error: SupplierError) => string = (e) => e.message): void {
    if (!(error instanceof SupplierError)) throw error;
    if (error.details.reason) this.refused.add(error.details.reason);
    else this.unreadable.push(describe(error));
  }

  /** The answer's `unreadable` and `refused`, each only when something was left out for it. */
  result(): { unreadable?: string[]; refused?: RefusalCounts } {
    return {
      ...(this.unreadable.length > 0 ? { unreadable: this.unreadable } : {}),
      ...(this.refused.empty ? {} : { refused: this.refused.result() }),
    };
  }
}
