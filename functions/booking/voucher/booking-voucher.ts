/**
 * The voucher of a booking, from the stored record and the property's unified content (address, contact,
 * time zone, check-in times); rendered by functions/booking/voucher/.
 */
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import type { PropertyChargeKind } from '../../suppliers/port.js';
import { bookingView, type BookingRecord } from '../record/booking-record.js';
import type { StoredGuestDetails } from '../personal-data/guest-details.js';
import type { VoucherContent } from './render/voucher-content.js';

/** How a charge is named on the voucher when the supplier gave no description. */
const CHARGE_LABEL: Readonly<Record<PropertyChargeKind, string>> = {
  tax: 'Tax',
  city_tax: 'City tax',
  resort_fee: 'Resort fee',
  mandatory_fee: 'Mandatory fee',
  other: 'Charge',
};

function voucherContent(
  record: BookingRecord,
  guests: StoredGuestDetails | undefined,
  property: UnifiedProperty | undefined,
): VoucherContent {
  // The holder and guests as GET shows them: none once erased.
  const { holder, rooms, personalDataErasedAt } = bookingView(record, guests);
  const contact = property?.members.find((m) => m.phone || m.email);
  // unifyProperty names the zone whenever the city is known; a property without one shows UTC only.
  const timeZone = property?.timeZone ?? 'UTC';
  return {
    bookingId: record.bookingId,
    status: record.status,
    supplierId: record.supplierId,
    supplierReference: record.supplierReference,
    ...(record.hotelConfirmationNumber ? { hotelConfirmationNumber: record.hotelConfirmationNumber } : {}),
    clientReference: record.clientReference,
    createdAt: record.createdAt,
    ...(holder ? { holder } : {}),
    ...(personalDataErasedAt ? { personalDataErasedAt } : {}),
    property: {
      propertyId: record.propertyId,
      name: property?.name ?? record.propertyName,
      ...(property?.starRating !== undefined ? { starRating: property.starRating } : {}),
      ...(property?.address ? { address: property.address } : {}),
      ...(contact?.phone ? { phone: contact.phone } : {}),
      ...(contact?.email ? { email: contact.email } : {}),
      timeZone,
      ...(property?.policies.checkIn ? { checkInTime: property.policies.checkIn } : {}),
      ...(property?.policies.checkOut ? { checkOutTime: property.policies.checkOut } : {}),
    },
    stay: { checkIn: record.checkIn, checkOut: record.checkOut, nights: record.nights },
    rooms,
    cancellationPolicy: record.cancellationPolicy,
    refundable: record.refundable,
    price: {
      total: record.total,
      currency: record.currency,
      tax: record.tax,
      serviceFee: record.serviceFee,
      payment: record.payment,
      ...(record.payableAtHotel !== undefined && !/^0(\.0+)?$/.test(record.payableAtHotel)
        ? { payableAtHotel: { amount: record.payableAtHotel, currency: record.currency } }
        : {}),
    },
    ...(record.payAtProperty && record.payAtProperty.length > 0
      ? {
          payAtProperty: record.payAtProperty.map((charge) => ({
            description: charge.description ?? CHARGE_LABEL[charge.kind],
            amount: charge.amount,
            currency: charge.currency,
            quote: charge.quote,
          })),
        }
      : {}),
    ...(record.remarks && record.remarks.length > 0 ? { remarks: record.remarks.map((remark) => remark.text) } : {}),
    ...(record.issuer ? { issuer: record.issuer } : {}),
    ...(record.cancelledAt
      ? {
          cancellation: {
            cancelledAt: record.cancelledAt,
            penalty: { amount: record.penaltyAmount ?? '0', currency: record.penaltyCurrency ?? record.currency },
          },
        }
      : {}),
  };
}

/** The property's content it shows, and where the PDF's fonts are when not in node_modules (vouchers-config.ts). */
export interface VoucherRenderDeps {
  readonly property: (propertyId: string) => Promise<UnifiedProperty | undefined>;
  readonly voucherFontDir?: string;
}

export async function renderBookingVoucher(
  record: BookingRecord,
  guests: StoredGuestDetails | undefined,
  deps: VoucherRenderDeps,
  format: 'pdf',
): Promise<Uint8Array>;
export async function renderBookingVoucher(
  record: BookingRecord,
  guests: StoredGuestDetails | undefined,
  deps: VoucherRenderDeps,
  format: 'html',
): Promise<string>;
export async function renderBookingVoucher(
  record: BookingRecord,
  guests: StoredGuestDetails | undefined,
  deps: VoucherRenderDeps,
  format: 'pdf' | 'html',
): Promise<Uint8Array | string> {
  const content = voucherContent(record, guests, await deps.property(record.propertyId));
  // Loaded on first use: the PDF library and its fonts stay out of the cold start of every other call.
  if (format === 'pdf')
    return (await import('./render/render-voucher-pdf.js')).renderVoucherPdf(
      content,
      deps.voucherFontDir ? { fontDir: deps.voucherFontDir } : {},
    );
  return (await import('./render/render-voucher-html.js')).renderVoucherHtml(content);
}
