import { SandboxReservations } from '../reservations.js';
import type { CancellationTier, SandboxRate } from '../world/rates.js';
import type { SupplierProperty } from '../world/supplier-views.js';

/** A reservation as the OpenTravel sandbox keeps it: in memory, by its own id and by the client's. */
export interface OtaSandboxGuest {
  readonly givenName: string;
  readonly surname: string;
  readonly child: boolean;
  readonly age?: number;
}

export interface OtaSandboxHolder {
  readonly givenName: string;
  readonly surname: string;
  readonly email?: string;
  readonly phone?: string;
}

export interface OtaSandboxRoom {
  /** As booked, or as a stay change requoted it. */
  rate: SandboxRate;
  guests: OtaSandboxGuest[];
  /** The room's SpecialRequests text, as the booking sent it. */
  readonly specialRequest?: string;
}

export interface OtaSandboxBooking {
  readonly reference: string;
  readonly clientReference: string;
  readonly createdAt: Date;
  status: 'Reserved' | 'Cancelled';
  holder: OtaSandboxHolder;
  remark?: string;
  readonly property: SupplierProperty;
  /** A stay change moves the dates, requotes the rooms and with them the total and the penalties. */
  checkIn: string;
  checkOut: string;
  readonly rooms: OtaSandboxRoom[];
  totalMinor: number;
  readonly currency: string;
  /** Penalties of all rooms summed per instant, ascending (UTC instants). */
  cancellation: readonly CancellationTier[];
  readonly modificationAllowed: boolean;
  /** The hotel's own confirmation number, sent as a HotelReservationID of type Hotel (UIT 10). */
  readonly hotelConfirmation?: string;
  cancellationReference?: string;
  cancellationAmountMinor?: number;
  cancelledAt?: Date;
}

/** Hotel-side references in the supplier's own format. */
export class OtaSandboxBookingStore extends SandboxReservations<OtaSandboxBooking> {
  constructor() {
    super((n) => `OTR${String(700_000 + n).padStart(7, '0')}`);
  }
}
