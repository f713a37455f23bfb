/**
 * The supplier boundary around every adapter: the adapter registry wraps each contracted supplier in it
 * (adapter-registry.ts), so no use case and no new adapter can reach a supplier past it.
 *
 * - Every answer is checked against its question (answer-check.ts): what fails is dropped, never the rest of
 *   the answer; a rate check that fails is refused, a booking answer has its texts cut.
 * - What the boundary refused is counted per supplier and reason (the `SupplierAnswerRefused` metric, which
 *   the `SupplierAnswersRefused` alarm watches; docs/on-call.md) and logged in one line per answer: counts
 *   and reasons only, never a value from the answer.
 * - Whole answers the transport or an adapter refused (too large, a redirect, an error sent as success, an
 *   XML DOCTYPE) are counted the same way and thrown on as the SupplierError they are.
 */
import { recordAnswerRefusals } from '../shared/metric-events.js';
import { logger } from '../shared/observability.js';
import { boundedBooking, boundedText, checkAvailability, checkCheckedRate } from './answer-check.js';
import { ANSWER_LIMITS } from './answer-limits.js';
import { refusal } from './answer-refusal.js';
import { type RefusalCounts, RefusalTally } from './refusal-reason.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
  BookingLookup,
  BookRequest,
  CancellationQuote,
  CancellationResult,
  CancelRequest,
  CheckedRate,
  CheckRateRequest,
  ClientReferenceLookup,
  ContentSlice,
  ModifyRequest,
  ModifyResult,
  StaticContentPage,
  StaticContentRequest,
  StayChangeCommit,
  StayChangeQuoteResult,
  StayChangeRequest,
  StayChangeResult,
  SupplierBooking,
  SupplierPort,
} from './port.js';
import { isSupplierError } from './supplier-error.js';

export function guardedSupplier(adapter: SupplierPort): SupplierPort {
  return new GuardedSupplier(adapter);
}

class GuardedSupplier implements SupplierPort {
  /** The adapter's catalogue slices, where it reads its catalogue in parts (the mapping job's reader). */
  readonly contentSlices?: (request: Omit<StaticContentRequest, 'cursor'>) => Promise<readonly ContentSlice[]>;
  readonly contentChangeDates?: boolean;

  constructor(private readonly adapter: SupplierPort) {
    const slices = adapter.contentSlices?.bind(adapter);
    if (slices) this.contentSlices = (request) => this.guarded('content', slices(request));
    if (adapter.contentChangeDates !== undefined) this.contentChangeDates = adapter.contentChangeDates;
  }

  get supplierId(): string {
    return this.adapter.supplierId;
  }

  async searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult> {
    const result = checkAvailability(request, await this.guarded('search', this.adapter.searchAvailability(request)));
    this.report('search', result.refused);
    return result;
  }

  staticContent(request: StaticContentRequest): Promise<StaticContentPage> {
    return this.guarded('content', this.adapter.staticContent(request));
  }

  async checkRate(request: CheckRateRequest): Promise<CheckedRate> {
    const answer = await this.guarded('checkRate', this.adapter.checkRate(request));
    let checked: ReturnType<typeof checkCheckedRate>;
    try {
      checked = checkCheckedRate(request, answer, this.supplierId);
    } catch (error) {
      this.refusedWhole('checkRate', error);
      throw error;
    }
    this.report('checkRate', checked.refused.result());
    return checked.checked;
  }

  async book(request: BookRequest): Promise<SupplierBooking> {
    return this.booking('book', await this.guarded('book', this.adapter.book(request)));
  }

  async findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined> {
    const booking = await this.guarded('find-booking', this.adapter.findBookingByClientReference(request));
    return booking && this.booking('find-booking', booking);
  }

  async getBooking(request: BookingLookup): Promise<SupplierBooking> {
    return this.booking('get-booking', await this.guarded('get-booking', this.adapter.getBooking(request)));
  }

  cancel(request: CancelRequest): Promise<CancellationResult> {
    return this.guarded('cancel', this.adapter.cancel(request));
  }

  async modify(request: ModifyRequest): Promise<ModifyResult> {
    const result = await this.guarded('modify', this.adapter.modify(request));
    return result.kind === 'modified' ? { ...result, booking: this.booking('modify', result.booking) } : result;
  }

  quoteCancellation(request: CancelRequest): Promise<CancellationQuote | undefined> {
    return this.guarded('cancellation-quote', this.adapter.quoteCancellation(request));
  }

  async quoteStayChange(request: StayChangeRequest): Promise<StayChangeQuoteResult> {
    const result = await this.guarded('stay-change-quote', this.adapter.quoteStayChange(request));
    // A quote for other dates than the ones asked would be committed as if it were for them.
    if (result.kind === 'quoted' && (result.quote.checkIn !== request.checkIn || result.quote.checkOut !== request.checkOut)) {
      const error = refusal(this.supplierId, 'stay_mismatch', 'stay-change-quote', 'the stay change was quoted for other dates than asked');
      this.refusedWhole('stay-change-quote', error);
      throw error;
    }
    return result;
  }

  async changeStay(request: StayChangeCommit): Promise<StayChangeResult> {
    const result = await this.guarded('stay-change', this.adapter.changeStay(request));
    return result.kind === 'changed' ? { ...result, booking: this.booking('stay-change', result.booking) } : result;
  }

  async hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined> {
    const number = await this.guarded('hotel-confirmation', this.adapter.hotelConfirmationNumber(request));
    if (number === undefined) return undefined;
    const tally = new RefusalTally();
    const bounded = boundedText(number, ANSWER_LIMITS.text.name, tally);
    this.report('hotel-confirmation', tally.result());
    return bounded;
  }

  private booking(operation: string, booking: SupplierBooking): SupplierBooking {
    const tally = new RefusalTally();
    const bounded = boundedBooking(booking, tally);
    this.report(operation, tally.result());
    return bounded;
  }

  /** The call's answer; a whole answer refused is counted and thrown on. */
  private async guarded<T>(operation: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      this.refusedWhole(operation, error);
      throw error;
    }
  }

  private refusedWhole(operation: string, error: unknown): void {
    if (isSupplierError(error) && error.details.reason) this.report(operation, { [error.details.reason]: 1 });
  }

  private report(operation: string, refused: RefusalCounts | undefined): void {
    if (!refused || Object.keys(refused).length === 0) return;
    recordAnswerRefusals(this.supplierId, refused);
    logger.warn('supplier answer refused in part or whole', { supplierId: this.supplierId, operation, refused });
  }
}
