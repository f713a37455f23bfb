/**
 * A supplier as the account contracted it: under the contract's id, selling from the account's point of sale.
 *
 * A supplier is its contract, not its adapter. An adapter speaks one wire format and names itself by it
 * (`hotelbeds`, `expedia`, `opentravel`), but a contract may reach any supplier that speaks that format
 * under its own id (`hbspec` through the Hotelbeds adapter; OpenTravel XML is a standard many suppliers
 * speak), and one account may hold several such contracts at once. So everything an adapter hands back
 * (answers, offers, content, bookings, errors) is stamped here with the contract's supplierId: search
 * answers, rates and their rateIds, bookings, metrics and reconciliation all carry the id the contract and
 * the account's pricing rules use, and a booking finds its supplier again by that id.
 *
 * Every call also carries the account's point of sale (contracts.ts keeps it with the contracts), so no use
 * case has to remember it: suppliers that ask where the sale is made (Rapid's `country_code`) are told on
 * every call, the reconciler's included.
 */
import type {
  AvailabilityResult,
  BookingLookup,
  BookRequest,
  CancelRequest,
  CancellationQuote,
  CancellationResult,
  CheckedRate,
  CheckRateRequest,
  ClientReferenceLookup,
  ModifyRequest,
  ModifyResult,
  ContentSlice,
  StayChangeCommit,
  StayChangeQuoteResult,
  StayChangeRequest,
  StayChangeResult,
  StaticContentPage,
  StaticContentRequest,
  SupplierBooking,
  SupplierPort,
  AvailabilityRequest,
  CallContext,
} from './port.js';
import type { SupplierContract } from './contracts.js';
import { isSupplierError, SupplierError } from './supplier-error.js';

export function asContracted(contract: Pick<SupplierContract, 'supplierId' | 'pointOfSale'>, adapter: SupplierPort): SupplierPort {
  return new ContractedSupplier(contract.supplierId, contract.pointOfSale, adapter);
}

class ContractedSupplier implements SupplierPort {
  constructor(
    readonly supplierId: string,
    private readonly pointOfSale: string | undefined,
    private readonly adapter: SupplierPort,
  ) {}

  /** The request with the account's point of sale, unless the caller named one. */
  private sold<R extends CallContext>(request: R): R {
    return this.pointOfSale === undefined || request.pointOfSale !== undefined ? request : { ...request, pointOfSale: this.pointOfSale };
  }

  searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult> {
    return this.stamped(this.adapter.searchAvailability(this.sold(request)), (result) => ({
      ...result,
      supplierId: this.supplierId,
      offers: result.offers.map((offer) => ({ ...offer, supplierId: this.supplierId })),
    }));
  }

  staticContent(request: StaticContentRequest): Promise<StaticContentPage> {
    return this.stamped(this.adapter.staticContent(this.sold(request)), (page) => ({
      ...page,
      supplierId: this.supplierId,
      properties: page.properties.map((property) => ({ ...property, supplierId: this.supplierId })),
    }));
  }

  get contentChangeDates(): boolean {
    return this.adapter.contentChangeDates === true;
  }

  contentSlices(request: Omit<StaticContentRequest, 'cursor'>): Promise<readonly ContentSlice[]> {
    return this.adapter.contentSlices
      ? this.stamped(this.adapter.contentSlices(this.sold(request)), (slices) => slices)
      : Promise.resolve([{}]);
  }

  checkRate(request: CheckRateRequest): Promise<CheckedRate> {
    return this.stamped(this.adapter.checkRate(this.sold(request)), (checked) => checked);
  }

  book(request: BookRequest): Promise<SupplierBooking> {
    return this.stamped(this.adapter.book(this.sold(request)), (booking) => this.booking(booking));
  }

  findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined> {
    return this.stamped(this.adapter.findBookingByClientReference(this.sold(request)), (booking) => booking && this.booking(booking));
  }

  getBooking(request: BookingLookup): Promise<SupplierBooking> {
    return this.stamped(this.adapter.getBooking(this.sold(request)), (booking) => this.booking(booking));
  }

  cancel(request: CancelRequest): Promise<CancellationResult> {
    return this.stamped(this.adapter.cancel(this.sold(request)), (result) => result);
  }

  quoteCancellation(request: CancelRequest): Promise<CancellationQuote | undefined> {
    return this.stamped(this.adapter.quoteCancellation(this.sold(request)), (quote) => quote);
  }

  modify(request: ModifyRequest): Promise<ModifyResult> {
    return this.stamped(this.adapter.modify(this.sold(request)), (result) =>
      result.kind === 'modified' ? { ...result, booking: this.booking(result.booking) } : result,
    );
  }

  quoteStayChange(request: StayChangeRequest): Promise<StayChangeQuoteResult> {
    return this.stamped(this.adapter.quoteStayChange(this.sold(request)), (result) => result);
  }

  changeStay(request: StayChangeCommit): Promise<StayChangeResult> {
    return this.stamped(this.adapter.changeStay(this.sold(request)), (result) =>
      result.kind === 'changed' ? { ...result, booking: this.booking(result.booking) } : result,
    );
  }

  hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined> {
    return this.stamped(this.adapter.hotelConfirmationNumber(this.sold(request)), (number) => number);
  }

  private booking(booking: SupplierBooking): SupplierBooking {
    return { ...booking, supplierId: this.supplierId };
  }

  /**
   * The answer re-stamped; a SupplierError re-thrown under the contract's id, its kind, message and details
   * kept. A contract named as its adapter (the sandbox's, most real ones) is passed through uncopied: search
   * answers hold thousands of offers.
   */
  private async stamped<T>(call: Promise<T>, stamp: (value: T) => T): Promise<T> {
    if (this.adapter.supplierId === this.supplierId) return call;
    try {
      return stamp(await call);
    } catch (error) {
      if (isSupplierError(error) && error.supplierId !== this.supplierId) {
        throw new SupplierError(error.kind, this.supplierId, error.message, error.details, { cause: error });
      }
      throw error;
    }
  }
}
