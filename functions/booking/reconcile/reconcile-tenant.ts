/**
 * One reconciler run over a tenant (the scheduled function, and the local host's own runs): pending bookings
 * settled with their suppliers first, then the hotels' confirmation numbers that came after the booking.
 */
import type { FlowDeps } from '../flow/flow-deps.js';
import { collectHotelConfirmations } from './collect-hotel-confirmations.js';
import { settleAllPending } from './settle-pending.js';

export async function reconcileTenant(
  tenant: string,
  deps: FlowDeps,
): Promise<{ checked: number; settled: number; confirmationsAsked: number; confirmationsNoted: number }> {
  const settled = await settleAllPending(tenant, deps);
  const confirmations = await collectHotelConfirmations(tenant, deps);
  return { ...settled, confirmationsAsked: confirmations.asked, confirmationsNoted: confirmations.noted };
}
