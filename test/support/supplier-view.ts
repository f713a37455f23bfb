/**
 * A supplier's own view of a booking of ours, asked through its API the way the reconciler asks it (by
 * our bookingId as the client reference), for tests that check our table against the supplier. A supplier
 * that files bookings under the traveller (Rapid requires its address on itinerary calls) needs `asker`.
 */
import { adapterFor } from '../../functions/suppliers/adapter-registry.js';
import { listContracts } from '../../functions/suppliers/contracts.js';
import type { ClientReferenceLookup, SupplierBooking } from '../../functions/suppliers/port.js';

export async function supplierViewOf(
  tenant: string,
  supplierId: string,
  asker: Omit<ClientReferenceLookup, 'clientReference'> = {},
): Promise<(bookingId: string) => Promise<SupplierBooking | undefined>> {
  const contract = (await listContracts(tenant)).find((c) => c.supplierId === supplierId);
  if (!contract) throw new Error(`${tenant} has no contract with ${supplierId}`);
  const adapter = await adapterFor(contract);
  return (bookingId) => adapter.findBookingByClientReference({ ...asker, clientReference: bookingId });
}
