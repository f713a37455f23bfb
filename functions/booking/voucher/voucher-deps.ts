/**
 * What the vouchers function reaches, one set per container: the bookings (the record a voucher is
 * rendered from, and its history), their guest details (read only) and each property's content (address,
 * contacts, zone). Nothing else: its role is granted those three tables only. The fonts' directory comes
 * from its configuration.
 */
import { DynamoPropertyContent } from '../../stores/dynamo-property-content.js';
import { DynamoBookingStore } from '../record/booking-store.js';
import { DynamoGuestDetailsStore } from '../personal-data/guest-details-store.js';
import type { IssueVoucherDeps } from './issue-voucher.js';
import { vouchersConfig } from './vouchers-config.js';

let deps: IssueVoucherDeps | undefined;

export function voucherDeps(): IssueVoucherDeps {
  if (deps) return deps;
  const properties = new DynamoPropertyContent();
  const { fontDir } = vouchersConfig();
  deps = {
    bookings: new DynamoBookingStore(),
    guests: new DynamoGuestDetailsStore(),
    property: (propertyId) => properties.getProperty(propertyId),
    now: () => new Date(),
    ...(fontDir ? { voucherFontDir: fontDir } : {}),
  };
  return deps;
}
