/**
 * A sandbox supplier's bookings in memory, by the supplier's own reference (which it numbers in its own
 * format). Neither Hotelbeds nor OpenTravel deduplicates client references, so a reference may have
 * several bookings; tests count them to prove we never book twice.
 */
export class SandboxReservations<B extends { readonly reference: string; readonly clientReference: string }> {
  private readonly byReference = new Map<string, B>();
  private sequence = 0;

  /** `format` turns the supplier's running number into its reference format. */
  constructor(private readonly format: (sequence: number) => string) {}

  nextReference(): string {
    this.sequence += 1;
    return this.format(this.sequence);
  }

  add(booking: B): void {
    this.byReference.set(booking.reference, booking);
  }

  get(reference: string): B | undefined {
    return this.byReference.get(reference);
  }

  /** All bookings, oldest first. */
  list(): B[] {
    return [...this.byReference.values()];
  }

  /** Oldest first. */
  byClientReference(clientReference: string): B[] {
    return this.list().filter((booking) => booking.clientReference === clientReference);
  }

  get size(): number {
    return this.byReference.size;
  }
}
