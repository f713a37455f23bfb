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
  readonly rate: SandboxRate;
  guests: OtaSandboxGuest[];
}

export interface OtaSandboxBooking {
  readonly reference: string;
  readonly clientReference: string;
  readonly createdAt: Date;
  status: 'Reserved' | 'Cancelled';
  holder: OtaSandboxHolder;
  remark?: string;
  readonly property: SupplierProperty;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly rooms: OtaSandboxRoom[];
  readonly totalMinor: number;
  readonly currency: string;
  /** Penalties of all rooms summed per instant, ascending (UTC instants). */
  readonly cancellation: readonly CancellationTier[];
  readonly modificationAllowed: boolean;
  cancellationReference?: string;
  cancellationAmountMinor?: number;
  cancelledAt?: Date;
}

export class OtaSandboxBookingStore {
  private readonly byReference = new Map<string, OtaSandboxBooking>();
  private sequence = 0;

  nextReference(): string {
    this.sequence += 1;
    return `OTR${String(700_000 + this.sequence).padStart(7, '0')}`;
  }

  add(booking: OtaSandboxBooking): void {
    this.byReference.set(booking.reference, booking);
  }

  get(reference: string): OtaSandboxBooking | undefined {
    return this.byReference.get(reference);
  }

  /** Oldest first; the supplier does not deduplicate client references, so there may be several. */
  byClientReference(clientReference: string): OtaSandboxBooking[] {
    return [...this.byReference.values()].filter((booking) => booking.clientReference === clientReference);
  }

  get size(): number {
    return this.byReference.size;
  }
}
