/**
 * CheckRate: the rate check of rule 3 inside the flow, so the supplier re-validates the rate right before
 * the booking. A price above the partner's priceTolerance ends the flow before anything is booked.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { BOOKING_FLOW_BUDGET, deadlineSignal } from '../../shared/time-budgets.js';
import { checkRate, ticketOf } from '../rate-check/check-rate.js';
import { BOOKING_ANSWER_BUDGET, overloaded } from '../answer-deadline.js';
import { overloadedSince } from '../in-flight-bounds.js';
import { inSupplierSlot } from './measured-supplier-call.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError } from './flow-error.js';
import { askerOf, type FlowState } from './flow-state.js';
import { withinTolerance } from './booking-draft.js';

export async function checkRateStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  let checked;
  const started = Date.now();
  try {
    // In a slot of the rate's supplier, started while the booking after it could still be made in time.
    const { supplierId } = await ticketOf(state.request.rateId, state.tenant, deps);
    checked = await inSupplierSlot(
      supplierId,
      'check',
      () => checkRate(state.tenant, state.request.rateId, askerOf(state), deps, deadlineSignal(BOOKING_FLOW_BUDGET.checkRateMs)),
      state.answerBy ? { startBy: Date.parse(state.answerBy) - BOOKING_ANSWER_BUDGET.bookWithSupplierMs } : {},
    );
  } catch (error) {
    // A check that timed out while this environment's loop ran late was ours to miss: overload, nothing booked.
    if (error instanceof DomainError && error.kind === 'supplier-timeout' && overloadedSince(started))
      throw FlowError.of(overloaded("Too busy to read the supplier's check of the rate in time", { bookingId: state.bookingId }));
    if (error instanceof DomainError) throw FlowError.of(error);
    throw error;
  }
  const { ticket, rate, price, result } = checked;
  if (!withinTolerance(state.request, ticket.quoted.total, price.total)) {
    throw FlowError.of(
      new DomainError(
        'price-changed',
        `The supplier now asks ${price.total} ${price.currency}, more than ${state.request.priceTolerance!.maxIncreasePercent}% above the searched ${ticket.quoted.total}; nothing was booked`,
        { price: result.price, previousPrice: result.previousPrice },
      ),
    );
  }
  return { ...state, checked: { ticket, rate, price } };
}
