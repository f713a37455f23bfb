/**
 * What the vouchers function reaches, one set per container: the bookings (the record a voucher is
 * rendered from, and its history) and each property's content (address, contacts, zone). Nothing else:
 * its role is granted those two tables only.
 */
import { DynamoPropertyContent } from '../stores/dynamo-property-content.js';
import { DynamoBookingStore } from './booking-store.js';
import type { IssueVoucherDeps } from './issue-voucher.js';

let deps: IssueVoucherDeps | undefined;

export function voucherDeps(): IssueVoucherDeps {
  if (deps) return deps;
  const properties = new DynamoPropertyContent();
  deps = { bookings: new DynamoBookingStore(), property: (propertyId) => properties.getProperty(propertyId), now: () => new Date() };
  return deps;
}
