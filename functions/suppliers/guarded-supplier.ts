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
import { boundedBooking, checkAvailability, checkCheckedRate } from './answer-check.js';
import { type RefusalCounts, RefusalTally } from './refusal-reason.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
  BookingLookup,
  BookRequest,
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
