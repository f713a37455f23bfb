/**
 * The retention job: every booking whose check-out is more than the retention's days behind (a stack
 * setting: personal-data-retention.ts) has its personal data erased by the same path as a partner's
 * request (erasure.ts). Run daily by an EventBridge schedule on AWS (lib/personal-data-retention.ts), and
 * by `npm run admin -- guest erase-due` anywhere, this machine included.
 *
 * It reads the guests table's sparse index of details still held, by check-out: what it erases leaves the
 * index, so a run picks up where the last stopped and a day's work is a few queries.
 */
import { erasePersonalData, type ErasureDeps } from './erase-personal-data.js';
import { DEFAULT_RETENTION_DAYS, lastCheckOutDue } from './personal-data-retention.js';

export interface RetentionRun {
  readonly retentionDays: number;
  /** The last check-out date whose data was due. */
  readonly lastCheckOut: string;
  readonly erased: number;
  /** Due, but still pending at the supplier: erased on a later run, once settled. */
  readonly skippedPending: number;
}

const PAGE = 100;
/** One run's bound; the rest is the next run's (a daily run never meets this unless it was off for a while). */
const MAX_PER_RUN = 5_000;

export async function eraseDuePersonalData(tenant: string, deps: ErasureDeps, days = DEFAULT_RETENTION_DAYS): Promise<RetentionRun> {
  const lastCheckOut = lastCheckOutDue(deps.now(), days);
  let erased = 0;
  let skippedPending = 0;
  const skipped = new Set<string>();
  while (erased + skippedPending < MAX_PER_RUN) {
    const due = (await deps.guests.heldUntil(tenant, lastCheckOut, PAGE + skipped.size)).filter((id) => !skipped.has(id));
    if (due.length === 0) break;
    for (const bookingId of due) {
      const outcome = await erasePersonalData(tenant, bookingId, { kind: 'retention', days }, deps);
      if (outcome.kind === 'erased') erased += 1;
      else if (outcome.kind === 'not-found') {
        // Details whose booking was never written (its step failed after storing them): nothing to keep.
        await deps.guests.erase(tenant, bookingId, deps.now().toISOString());
        erased += 1;
      } else {
        skippedPending += 1;
        skipped.add(bookingId);
      }
    }
  }
  return { retentionDays: days, lastCheckOut, erased, skippedPending };
}
