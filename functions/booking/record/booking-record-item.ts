/**
 * A bookings table item as the booking record it holds, parsed where the store reads it (booking-store.ts):
 * an item that is not what we wrote fails here, naming the field, instead of travelling on as a booking it
 * is not. The storage attributes (keys, the pending and listing indexes' attributes) are not the record's;
 * personal data an item written before the guests table may still hold (holder, guests' names, cancel reason)
 * is left out too, so a record never carries it wherever it travels (a conflict, a log line, an event).
 *
 * What the record names is checked; a field it does not name yet (one a later release writes) is carried
 * as it is (loose objects), so reading a booking back never loses what a newer writer put on it.
 */
import * as z from 'zod';
import { BOOKING_STATUSES } from '../../domain/booking/booking-status.js';
import { ticketSchema } from '../../domain/rate/rate-id.js';
import { BOOKING_LIST_ATTRIBUTES } from '../../shared/tables.js';
import type { BookingRecord } from './booking-record.js';
import type { BookingSummarySource } from './booking-summary.js';

const money = z.looseObject({ amount: z.string(), currency: z.string() });
const boardBasis = z.enum(['RO', 'BB', 'HB', 'FB', 'AI']);
const payment = z.enum(['net', 'pay_at_hotel']);
const chargeKind = z.enum(['tax', 'city_tax', 'resort_fee', 'mandatory_fee', 'other']);
const policy = z.array(z.looseObject({ from: z.string(), penalty: money }));
const remark = z.looseObject({ kind: z.enum(['rate', 'checkin', 'policy', 'fees', 'general']), text: z.string() });
/** Written with `description: undefined` by the pricer, so stored without it: read back as the domain has it. */
const describedBy = <T extends { description?: string | undefined }>(value: T) => ({ ...value, description: value.description });

const checkedRate = z.looseObject({
  supplierRateKey: z.string(),
  roomTypeCode: z.string(),
  roomTypeName: z.string(),
  boardBasis,
  refundable: z.boolean(),
  payment,
  price: money,
  commission: money.optional(),
  cancellationPolicy: policy,
  taxes: z.array(z.looseObject({ kind: z.enum(['tax', 'fee']), included: z.boolean(), amount: money, description: z.string().optional() })),
  payAtProperty: z
    .array(z.looseObject({ kind: chargeKind, description: z.string().optional(), amount: money }).transform(describedBy))
    .optional(),
  remarks: z.array(remark).optional(),
  minimumSellingPrice: money.optional(),
  packageOnly: z.boolean().optional(),
});

const undoReason = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('above-tolerance'), total: z.string(), currency: z.string() }),
  z.looseObject({ kind: z.literal('above-hold'), total: z.string(), currency: z.string() }),
  z.looseObject({ kind: z.literal('not-saved'), error: z.string() }),
]);

const decimal = z.string();

/** What the hotel collects, each charge in its currency and in the booking's (the record's and a stay change's). */
const quotedCharges = z.array(
  z
    .looseObject({ kind: chargeKind, description: z.string().optional(), amount: decimal, currency: z.string(), quote: decimal })
    .transform(describedBy),
);

/** The stay change waiting for its supplier's outcome, and those made (stay-change-fields.ts). */
const stayChangePrice = z.looseObject({
  net: decimal,
  markup: decimal,
  commission: decimal,
  tax: decimal,
  serviceFee: decimal,
  total: decimal,
  payableAtHotel: decimal,
  minimumSellingPrice: decimal.optional(),
  payAtProperty: quotedCharges.optional(),
});
const pendingStayChange = z.looseObject({
  changeId: z.string(),
  requestedAt: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.array(z.looseObject({ adults: z.number().int(), children: z.number().int() })),
  supplierPrice: money,
  supplierNightly: z.array(money).optional(),
  supplierCancellationPolicy: policy,
  commitToken: z.string().optional(),
  price: stayChangePrice,
  previousTotal: decimal,
});
const stayChangeEntry = z.looseObject({
  changeId: z.string(),
  at: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  previousTotal: decimal,
  currency: z.string(),
  net: decimal,
  markup: decimal,
  commission: decimal,
  tax: decimal,
  serviceFee: decimal,
  total: decimal,
  supplierAmount: decimal,
  supplierCurrency: z.string(),
});

const recordItem = z.looseObject({
  tenant: z.string(),
  clientId: z.string(),
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  clientReference: z.string(),
  searchId: z.string(),
  supplierId: z.string(),
  supplierReference: z.string().nullable(),
  hotelConfirmationNumber: z.string().optional(),
  propertyId: z.string(),
  supplierPropertyId: z.string(),
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  // Who stays is the guest details' (an older item's guests are left out here).
  rooms: z.array(
    z.looseObject({ roomTypeName: z.string(), boardBasis }).transform(({ roomTypeName, boardBasis }) => ({ roomTypeName, boardBasis })),
  ),
  payment,
  paymentMethod: z.looseObject({ method: z.string(), walletId: z.string() }).optional(),
  refundable: z.boolean(),
  currency: z.string(),
  net: decimal,
  markup: decimal,
  commission: decimal,
  tax: decimal,
  serviceFee: decimal,
  total: decimal,
  payableAtHotel: decimal,
  fxFrom: z.string(),
  fxTo: z.string(),
  fxRate: z.string(),
  fxSource: z.string(),
  fxAsOf: z.string(),
  supplierAmount: decimal,
  supplierNightly: z.array(money).optional(),
  supplierCurrency: z.string(),
  quotedTotal: decimal,
  matchedSearchPrice: z.boolean(),
  cancellationPolicy: policy,
  supplierCancellationPolicy: policy,
  cancelledAt: z.string().optional(),
  penaltyAmount: decimal.optional(),
  penaltyCurrency: z.string().optional(),
  quotedPenaltyAmount: decimal.optional(),
  supplierPenaltyAmount: decimal.optional(),
  supplierPenaltyCurrency: z.string().optional(),
  undoBegunAt: z.string().optional(),
  undoReason: undoReason.optional(),
  cancelRequestedAt: z.string().optional(),
  cancelRefusedAt: z.string().optional(),
  personalDataErasedAt: z.string().optional(),
  payAtProperty: quotedCharges.optional(),
  remarks: z.array(remark).optional(),
  minimumSellingPrice: decimal.optional(),
  packageOnly: z.boolean().optional(),
  issuer: z.looseObject({ name: z.string(), vatNumber: z.string().optional() }).optional(),
  ticket: ticketSchema,
  checkedRate,
  stayChange: pendingStayChange.nullable().optional(),
  stayChanges: z.array(stayChangeEntry).optional(),
  history: z.array(z.looseObject({ at: z.string(), event: z.string(), detail: z.string().optional() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Attributes of an item that are storage, or personal data kept before the guests table: never the record's. */
const NOT_THE_RECORD = new Set([
  'pk',
  'sk',
  'pendingTenant',
  'pendingSince',
  ...Object.values(BOOKING_LIST_ATTRIBUTES),
  'holder',
  'cancellationReason',
]);

function recordAttributes(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !NOT_THE_RECORD.has(name)));
}

/** A booking item as its record; a ZodError naming the field when the item is not one. */
export function recordFromItem(item: Record<string, unknown>): BookingRecord {
  return recordItem.parse(recordAttributes(item));
}

const summaryItem = recordItem.pick({
  bookingId: true,
  status: true,
  clientReference: true,
  supplierId: true,
  supplierReference: true,
  hotelConfirmationNumber: true,
  propertyId: true,
  propertyName: true,
  checkIn: true,
  checkOut: true,
  total: true,
  currency: true,
  matchedSearchPrice: true,
  cancellationPolicy: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<keyof BookingSummarySource, true>);

/** A listing index's item (the summary attributes it projects) as a summary's source. */
export function summaryFromItem(item: Record<string, unknown>): BookingSummarySource {
  return summaryItem.parse(recordAttributes(item));
}
