/**
 * What travels between the booking flow's states (statemachines/booking.asl.json). Each Task returns the
 * whole state with its own part added, so a later state (or a Catch that keeps the input under
 * $.failure) sees everything earlier ones learned. Plain JSON: it crosses Step Functions.
 */
import type { Price } from '../../domain/pricing/price.js';
import type { RateTicket } from '../../domain/rate/rate-id.js';
import type { Asker, SupplierBooking, SupplierRate } from '../../suppliers/port.js';
import type { Traveller } from '../../shared/traveller.js';
import type { Scenario } from '../../suppliers/scenario.js';
import type { BookingResponse } from '../record/booking-record.js';
import type { BookingRequest } from '../booking-request.js';

export interface FlowInput {
  readonly tenant: string;
  readonly clientId: string;
  /** Derived from tenant, client and Idempotency-Key (booking-id.ts): the same on every retry. */
  readonly bookingId: string;
  readonly requestId: string;
  readonly request: BookingRequest;
  readonly scenarios: readonly Scenario[];
  /** The traveller's address and session, for suppliers that take them (absent in flows begun before they were kept). */
  readonly traveller?: Traveller;
  /** The searched traveller's nationality (the market a rate may be limited to), from the stored search. */
  readonly nationality?: string;
  /** The searched stay, from the stored search. */
  readonly stay: { readonly checkIn: string; readonly checkOut: string; readonly nights: number };
  /** UTC ISO instant the partner asked. */
  readonly requestedAt: string;
  /**
   * UTC ISO instant by which the booking function answers the partner, with this run's outcome or without it
   * (answer-deadline.ts): a step that could not finish its supplier call by then does not begin it. Absent in
   * runs begun before it was sent.
   */
  readonly answerBy?: string;
}

export interface CheckedState {
  readonly ticket: RateTicket;
  readonly rate: SupplierRate;
  /** The binding price, priced as search priced it. */
  readonly price: Price;
}

export interface FlowState extends FlowInput {
  readonly checked?: CheckedState;
  /** The supplier's booking, once it confirmed (from its answer or found by our reference). */
  readonly supplierBooking?: SupplierBooking;
  /** The price the supplier confirmed, priced for the account. */
  readonly locked?: Price;
  /** false when the confirmed price exceeds the partner's priceTolerance: the booking is undone. */
  readonly priceAccepted?: boolean;
  /** Set by ReconcileBooking. */
  readonly reconciled?: { readonly found: boolean };
  /** Set by a Catch (ResultPath $.failure): the failed state's error. */
  readonly failure?: { readonly Error?: string; readonly Cause?: string };
  /** Set by the Catch of ReconcileBooking: kept for the execution's history only. */
  readonly reconcileFailure?: { readonly Error?: string; readonly Cause?: string };
  /** What the API answers (section 2.5). */
  readonly response?: BookingResponse;
}

/** Who asks, for every supplier call the flow makes: the partner's sandbox scenarios and its traveller. */
export function askerOf(state: Pick<FlowInput, 'scenarios' | 'traveller'>): Asker {
  return state.traveller ? { scenarios: state.scenarios, traveller: state.traveller } : { scenarios: state.scenarios };
}
