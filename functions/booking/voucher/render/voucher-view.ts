/**
 * The voucher's wording, once, for both renderers: the PDF and the HTML page show the same sentences in
 * the same order, so a guest printing either gets the same facts. Renderers only lay this out.
 */
import { BOARD_BASIS_LABEL } from './board-basis.js';
import { formatAmount, isZeroAmount } from './money-format.js';
import type { VoucherContent } from './voucher-content.js';
import { formatDay, formatDeadline, formatHotelLocal, formatUtc } from './voucher-time.js';

export interface VoucherField {
  readonly label: string;
  readonly value: string;
}

export type BannerTone = 'confirmed' | 'cancelled' | 'pending' | 'failed';

export interface CancellationRow {
  readonly fromUtc: string;
  readonly fromLocal: string;
  readonly penalty: string;
}

export interface VoucherView {
  readonly title: string;
  readonly banner: { readonly tone: BannerTone; readonly text: string; readonly detail: string };
  readonly references: readonly VoucherField[];
  readonly property: { readonly name: string; readonly stars: string | undefined; readonly lines: readonly string[] };
  readonly stay: readonly VoucherField[];
  readonly rooms: readonly {
    readonly heading: string;
    readonly board: string;
    readonly guests: readonly string[];
    /** "Late arrival (a request to the hotel, not guaranteed)". */
    readonly request: string | undefined;
  }[];
  readonly holder: readonly VoucherField[];
  /** Set on a cancelled booking: when, and the penalty the supplier applied. */
  readonly cancelled: readonly VoucherField[];
  readonly cancellation: { readonly summary: readonly string[]; readonly rows: readonly CancellationRow[] };
  readonly price: readonly VoucherField[];
  readonly paymentNote: string;
  /** "City tax: 12.50 EUR (about 10.71 GBP)": what the guest pays the property itself, on top. */
  readonly payAtProperty: readonly string[];
  /** The supplier's texts, as it wrote them. */
  readonly remarks: readonly string[];
  /** The agent statement naming the company that issued the booking, where the supplier names it. */
  readonly issuer: string | undefined;
  readonly issued: string;
}

const BANNERS: Readonly<Record<VoucherContent['status'], { text: string; detail: string }>> = {
  confirmed: { text: 'CONFIRMED', detail: 'Please present this voucher at check-in.' },
  cancelled: { text: 'CANCELLED', detail: 'This booking has been cancelled. This voucher is NOT valid for a stay.' },
  pending: {
    text: 'PENDING',
    detail: 'The hotel has not confirmed this booking yet. This voucher is not valid for a stay until it is confirmed.',
  },
  failed: { text: 'NOT BOOKED', detail: 'This booking could not be completed. This voucher is NOT valid for a stay.' },
};

/** How the voucher qualifies a traveller's special request. */
export const REQUEST_NOTE = 'a request passed on to the hotel, not guaranteed';

const fullName = (p: { readonly firstName: string; readonly lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code; // not a region code Intl knows: show it as stored
  }
}

function stars(rating: number | undefined): string | undefined {
  if (rating === undefined || !Number.isFinite(rating) || rating <= 0) return undefined;
  const glyphs = '★'.repeat(Math.min(Math.floor(rating), 7));
  return `${glyphs} ${rating} star${rating === 1 ? '' : 's'}`;
}

/** "2026-12-14 23:00 UTC (Tue 15 Dec 2026 00:00 CET hotel time)". */
function deadline(instant: string, timeZone: string): string {
  const { utc, local } = formatDeadline(instant, timeZone);
  return local ? `${utc} (${local} hotel time)` : utc;
}

function cancellationSummary(content: VoucherContent): string[] {
  const { cancellationPolicy: policy, refundable, price, property } = content;
  if (!refundable) {
    return policy.length === 0
      ? [`Non-refundable: the full price (${formatAmount(price.total, price.currency)}) is charged on cancellation or no-show.`]
      : ['Non-refundable: cancelling incurs the penalties below.'];
  }
  if (policy.length === 0) return ['Free cancellation until arrival.'];
  // Free until the first deadline that costs something, when that deadline lies after the booking was made
  // (a penalty from the booking instant on means there never was a free period).
  const firstCharge = policy.find((p) => !isZeroAmount(p.penalty.amount));
  if (!firstCharge) return ['Free cancellation until arrival.'];
  const bookedAt = Date.parse(content.createdAt);
  const startsLater = !Number.isNaN(bookedAt) && Date.parse(firstCharge.from) > bookedAt;
  const lines = startsLater ? [`Free cancellation until ${deadline(firstCharge.from, property.timeZone)}.`] : [];
  lines.push('Cancelling from the times below incurs the penalty shown:');
  return lines;
}

function paymentNote(price: VoucherContent['price']): string {
  const atHotel = price.payableAtHotel ? formatAmount(price.payableAtHotel.amount, price.payableAtHotel.currency) : undefined;
  if (price.payment === 'pay_at_hotel') {
    return `Pay at the hotel: the guest pays ${atHotel ?? formatAmount(price.total, price.currency)} directly to the hotel.`;
  }
  return atHotel
    ? `Prepaid through your booking agent. Payable directly at the hotel in addition: ${atHotel}.`
    : 'Prepaid through your booking agent: nothing to pay at the hotel for the services booked.';
}

/** `issuedAt` is when the voucher is rendered (now, in production; fixed in tests). */
export function voucherView(content: VoucherContent, issuedAt: Date): VoucherView {
  const { property, stay, price } = content;
  // An erased booking's voucher names nobody: it says when the names were erased.
  const erased = content.personalDataErasedAt ? `personal data erased ${formatUtc(content.personalDataErasedAt)}` : undefined;
  const address = property.address;
  const propertyLines = [
    ...(address ? [address.line, [address.postalCode, address.city].filter(Boolean).join(' '), countryName(address.countryCode)] : []),
    ...(property.phone ? [`Phone: ${property.phone}`] : []),
    ...(property.email ? [`E-mail: ${property.email}`] : []),
  ].filter((line) => line.trim() !== '');

  const cancelled = content.cancellation
    ? [
        { label: 'Cancelled at', value: deadline(content.cancellation.cancelledAt, property.timeZone) },
        { label: 'Cancellation penalty', value: formatAmount(content.cancellation.penalty.amount, content.cancellation.penalty.currency) },
      ]
    : [];

  return {
    title: 'Hotel voucher',
    banner: { tone: content.status, ...BANNERS[content.status] },
    references: [
      { label: 'Booking ID', value: content.bookingId },
      {
        label: 'Supplier reference',
        value: content.supplierReference
          ? `${content.supplierReference} (${content.supplierId})`
          : `not assigned yet (${content.supplierId})`,
      },
      // What the hotel's desk looks the booking up by; it often comes hours after the booking.
      ...(content.hotelConfirmationNumber ? [{ label: 'Hotel confirmation', value: content.hotelConfirmationNumber }] : []),
      { label: 'Client reference', value: content.clientReference },
      { label: 'Booked at', value: formatUtc(content.createdAt) },
    ],
    property: { name: property.name, stars: stars(property.starRating), lines: propertyLines },
    stay: [
      { label: 'Check-in', value: `${formatDay(stay.checkIn)}${property.checkInTime ? `, from ${property.checkInTime}` : ''}` },
      { label: 'Check-out', value: `${formatDay(stay.checkOut)}${property.checkOutTime ? `, until ${property.checkOutTime}` : ''}` },
      { label: 'Nights', value: String(stay.nights) },
    ],
    rooms: content.rooms.map((room, i) => ({
      heading: `Room ${i + 1}: ${room.roomTypeName}`,
      board: BOARD_BASIS_LABEL[room.boardBasis] ?? room.boardBasis,
      guests: erased
        ? [erased]
        : room.guests.map((g) =>
            g.type === 'child' ? `${fullName(g)} (child${g.age !== undefined ? `, age ${g.age}` : ''})` : `${fullName(g)} (adult)`,
          ),
      // Passed on to the hotel, which may not be able to honour it: the voucher must not read as a promise.
      request: !erased && room.specialRequest ? `${room.specialRequest} (${REQUEST_NOTE})` : undefined,
    })),
    holder: content.holder
      ? [
          { label: 'Name', value: fullName(content.holder) },
          ...(content.holder.email ? [{ label: 'E-mail', value: content.holder.email }] : []),
          ...(content.holder.phone ? [{ label: 'Phone', value: content.holder.phone }] : []),
        ]
      : [{ label: 'Name', value: erased ?? 'not given' }],
    cancelled,
    cancellation: {
      summary: cancellationSummary(content),
      rows: content.cancellationPolicy.map((p) => ({
        fromUtc: formatUtc(p.from),
        fromLocal: formatHotelLocal(p.from, property.timeZone) ?? `(time zone ${property.timeZone} unknown)`,
        penalty: formatAmount(p.penalty.amount, p.penalty.currency),
      })),
    },
    price: [
      { label: 'Total (as locked at booking)', value: formatAmount(price.total, price.currency) },
      { label: 'Tax', value: formatAmount(price.tax, price.currency) },
      { label: 'Service fee', value: formatAmount(price.serviceFee, price.currency) },
    ],
    paymentNote: paymentNote(price),
    payAtProperty: (content.payAtProperty ?? []).map((charge) => {
      const own = formatAmount(charge.amount, charge.currency);
      return charge.currency === price.currency
        ? `${charge.description}: ${own}`
        : `${charge.description}: ${own} (about ${formatAmount(charge.quote, price.currency)})`;
    }),
    remarks: content.remarks ?? [],
    issuer: content.issuer
      ? `Payable through ${content.issuer.name}, acting as agent for the service operating company, details of which can be provided upon request.${content.issuer.vatNumber ? ` VAT: ${content.issuer.vatNumber}.` : ''}${content.supplierReference ? ` Reference: ${content.supplierReference}.` : ''}`
      : undefined,
    issued: `Issued ${formatUtc(issuedAt.toISOString())}`,
  };
}
