/**
 * Work a route finishes after its answer has gone: a search answers with its first page as soon as what
 * rate checks and bookings validate against is stored, and stores the rows of its later pages after (the
 * page handlers wait the few milliseconds that takes, stored-search.ts). The work still belongs to the
 * invocation: nothing is left running when it ends.
 *
 * - On Lambda, the function's entry (lambda-entry.ts) runs the work: a streaming one after ending the
 *   response stream, a buffered one before returning its result.
 * - Locally, the gateway sends the answer, then awaits the work (its in-flight set keeps the host up).
 */
import type { Context } from 'aws-lambda';
import { logger } from './observability.js';

export type AfterResponse = () => Promise<void>;

const deferred = new WeakMap<Context, AfterResponse[]>();

/** Registers work for after the answer of the invocation `context` belongs to. */
export function deferAfterResponse(context: Context, work: AfterResponse): void {
  const list = deferred.get(context);
  if (list) list.push(work);
  else deferred.set(context, [work]);
}

/** Runs what the invocation deferred, in order; a failure is logged, never thrown (the answer is gone). */
export async function runDeferred(context: Context): Promise<void> {
  const list = deferred.get(context);
  if (!list) return;
  deferred.delete(context);
  for (const work of list) {
    try {
      await work();
    } catch (error) {
      logger.error('work after the response failed', { error });
    }
  }
}
