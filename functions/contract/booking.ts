/**
 * Bookings (interface document 2.4, 2.5, rules 2 to 5; API-SPEC "Bookings"). The create request is the
 * schema the handler validates with; the cancel and modify bodies are defined here for their handlers to
 * validate with. Instants are UTC ISO 8601, amounts JSON numbers in the booking's currency.
 */
import * as z from 'zod';
import { bookingIdSchema, bookingParams } from '../booking/record/booking-access.js';
import { BOOKING_LIST_PAGE, bookingListQuery } from '../booking/list/booking-list-query.js';
import { bookingRequestSchema, cancelBookingBodySchema, erasureBodySchema, modifyBookingBodySchema } from '../booking/booking-request.js';
import { stayChangeCommitBodySchema, stayChangeQuoteBodySchema } from '../booking/modification/stay-change-request.js';
import { propertyIdSchema } from '../domain/ids/id-schemas.js';
import {
  boardBasis,
  calendarDate,
  cancellationPolicySchema,
  currencyCode,
  fxStampSchema,
  instant,
  moneySchema,
  amount,
  nightlyPricesSchema,
  priceSchema,
  obligationFields,
  paymentModel,
} from './common.js';
import { json, jsonBody, type OperationSpec } from './operation.js';

export const bookingRequest = bookingRequestSchema.meta({
  id: 'BookingRequest',
  description:
    'Rule 2: `searchId` is the search the `rateId` came from. `rooms` must match the searched occupancies room by room (adults, and children by age; `age` required for a child). ' +
    '`priceTolerance.maxIncreasePercent`: when the binding price exceeds the searched one by more than this, nothing is booked and the answer is 409 `price-changed` with the new price; ' +
    'without it the booking proceeds at the binding price and `priceLocked.matchedSearchPrice` is false.',
});

const priceLockedSchema = z
  .strictObject({
    total: amount,
    currency: currencyCode,
    matchedSearchPrice: z
      .boolean()
      .meta({ description: 'True when the supplier honoured the searched price, false when it repriced during the flow' }),
  })
  .meta({ id: 'PriceLocked' });

const hotelConfirmationNumber = z
  .string()
  .optional()
  .meta({
    description:
      "The hotel's own confirmation number, which the desk asks guests for (Rapid `confirmation_id.property`, Hotelbeds reconfirmations, OpenTravel's hotel reservation id). Absent until a supplier gives it: often hours after booking, when our reconciler picks it up (a `booking.modified` webhook says so).",
    examples: ['HTL_Conf_444322'],
  });

const voucherUrl = z.string().meta({
  description: 'Path of the voucher under the booking, relative to the API base',
  examples: ['/v1/hotels/bookings/BK0F3M9Q2X7Z4W8N1RAB/voucher'],
});

export const bookingResponseSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    status: z
      .enum(['confirmed', 'pending'])
      .meta({ description: "`confirmed` (201) or `pending` (202: the supplier's outcome is not known yet; GET the booking later)" }),
    supplierReference: z.string().nullable().meta({ description: "The supplier's confirmation reference; null while pending" }),
    hotelConfirmationNumber,
    clientReference: z.string(),
    priceLocked: priceLockedSchema,
    cancellationPolicy: cancellationPolicySchema,
    ...obligationFields,
    voucherUrl,
    createdAt: instant,
  })
  .meta({ id: 'BookingConfirmation' });

export const bookingSummarySchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    status: z.enum(['confirmed', 'cancelled', 'pending', 'failed']),
    clientReference: z.string(),
    supplierId: z.string(),
    supplierReference: z
      .string()
      .nullable()
      .meta({ description: "The supplier's confirmation reference; null while pending or when it never booked" }),
    hotelConfirmationNumber,
    propertyId: propertyIdSchema,
    propertyName: z.string(),
    checkIn: calendarDate,
    checkOut: calendarDate,
    priceLocked: priceLockedSchema,
    cancellationPolicy: cancellationPolicySchema,
    ...obligationFields,
    voucherUrl,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({
    id: 'BookingSummary',
    description:
      "A booking in a list: the confirmation's fields, its supplier, property and stay. GET the booking for guests, the price breakdown and history.",
  });

export const bookingListPageSchema = z
  .strictObject({
    bookings: z.array(bookingSummarySchema),
    order: z.enum(['created', 'check-in']).meta({
      description:
        '`created`: newest first. `check-in`: latest check-in first, then newest first; the order of a list filtered by a check-in range without clientReference or created dates',
    }),
    next: z.string().optional().meta({
      description:
        'Pass as `cursor`, with the same filters, for the next page; absent on the last. A page may hold fewer than `limit` bookings and still have a next',
    }),
  })
  .meta({ id: 'BookingListPage' });

const recordGuestSchema = z
  .strictObject({
    type: z.enum(['adult', 'child']),
    firstName: z.string(),
    lastName: z.string(),
    age: z.number().int().min(0).max(17).optional(),
  })
  .meta({ id: 'Guest' });

export const bookingRecordSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    status: z.enum(['confirmed', 'cancelled', 'pending', 'failed']),
    clientReference: z.string(),
    supplierId: z.string(),
    supplierReference: z.string().nullable(),
    hotelConfirmationNumber,
    propertyId: propertyIdSchema,
    propertyName: z.string(),
    checkIn: calendarDate,
    checkOut: calendarDate,
    holder: z
      .strictObject({ firstName: z.string(), lastName: z.string(), email: z.string().optional(), phone: z.string().optional() })
      .optional()
      .meta({ description: 'Absent once the personal data was erased (`personalDataErasedAt`)' }),
    rooms: z.array(
      z.strictObject({
        roomTypeName: z.string(),
        boardBasis,
        guests: z.array(recordGuestSchema).meta({ description: 'Empty once the personal data was erased' }),
        specialRequest: z.string().optional().meta({
          description:
            'What the traveller asked of the hotel for this room, as sent to the supplier: a request the hotel may not honour. Absent when none was made, and once the personal data was erased.',
        }),
      }),
    ),
    personalDataErasedAt: instant.optional().meta({
      description:
        "When the holder's and guests' personal data was erased (on request, or a set number of days after check-out); absent while it is held",
    }),
    priceLocked: priceLockedSchema,
    price: z.strictObject({
      net: amount,
      markup: amount,
      commission: amount,
      tax: amount,
      serviceFee: amount,
      total: amount,
      currency: currencyCode,
      payableAtHotel: amount,
      fx: fxStampSchema,
      nightly: nightlyPricesSchema,
    }),
    supplierPrice: moneySchema.meta({ description: 'What the supplier charges, in its own currency' }),
    cancellationPolicy: cancellationPolicySchema,
    refundable: z.boolean(),
    payment: paymentModel,
    ...obligationFields,
    voucherUrl,
    stayChange: z
      .strictObject({
        changeId: z.string(),
        status: z.literal('pending'),
        checkIn: calendarDate,
        checkOut: calendarDate,
        requestedAt: instant,
      })
      .optional()
      .meta({
        description:
          'A stay change asked of the supplier whose outcome is still being settled (its commit answered 202): the booking shows its old stay until the change is known to be made. Absent otherwise.',
      }),
    history: z
      .array(z.strictObject({ at: instant, event: z.string().meta({ examples: ['confirmed'] }), detail: z.string().optional() }))
      .meta({ description: 'Events in the order they happened' }),
    createdAt: instant,
    updatedAt: instant,
    cancellation: z
      .strictObject({
        cancelledAt: instant,
        penalty: moneySchema.meta({ description: 'What the supplier applied' }),
        quotedPenalty: moneySchema.meta({ description: 'What the policy said at the moment of the request' }),
        reason: z.string().optional().meta({ description: 'The reason given with the cancel; personal data, erased with the rest' }),
      })
      .optional(),
  })
  .meta({ id: 'Booking' });

const occupanciesSchema = z
  .array(z.strictObject({ adults: z.number().int(), children: z.array(z.number().int()) }))
  .meta({ description: "Room by room, in the booking's room order" });

export const stayChangeQuoteSchema = z
  .strictObject({
    quoteId: z.string().meta({ description: 'Signed and opaque: commit it with POST .../modifications before expiresAt' }),
    bookingId: bookingIdSchema,
    checkIn: calendarDate,
    checkOut: calendarDate,
    occupancies: occupanciesSchema,
    price: priceSchema.meta({ description: 'The changed stay priced for your account, at the exchange rate stamped on the booking' }),
    previousPrice: priceSchema.meta({ description: 'The booking as it is' }),
    difference: moneySchema.meta({
      description:
        'price.total − previousPrice.total: what committing adds (a wallet-paid booking holds and captures it) or refunds (negative)',
    }),
    cancellationPolicy: cancellationPolicySchema.meta({ description: "The changed stay's penalties, the supplier's own" }),
    expiresAt: instant.meta({ description: 'After this the quote is gone (410): ask for a new one' }),
  })
  .meta({ id: 'StayChangeQuote' });

export const cancellationQuoteSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    penalty: moneySchema.meta({ description: "What cancelling now would cost, in the booking's currency" }),
    refund: moneySchema.meta({ description: "What would come back of the booking's total: the total less the penalty, never below zero" }),
    source: z.enum(['supplier', 'policy']).meta({
      description:
        "`supplier`: the supplier's own simulation of the cancellation (Hotelbeds `cancellationFlag=SIMULATION`, OpenTravel `CancelType=Initiate`), converted at the rate stamped at booking, as a cancel's penalty is. " +
        "`policy`: the booking's stored cancellation policy at `asOf`, where the supplier has no simulation (Rapid) or could not answer now.",
    }),
    asOf: instant.meta({ description: 'The moment the figures hold for: a deadline may pass right after it' }),
  })
  .meta({ id: 'CancellationQuote' });

export const erasureResponseSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    personalDataErasedAt: instant.meta({ description: 'When it was erased; the same on a replay and on any later erasure' }),
  })
  .meta({ id: 'PersonalDataErasure' });

export const cancellationResponseSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    status: z.literal('cancelled'),
    cancelledAt: instant,
    penalty: moneySchema.meta({
      description:
        'The penalty the supplier actually applied (rule 5); may differ from `quotedPenalty` when a deadline passes during the request',
    }),
    quotedPenalty: moneySchema.meta({ description: 'The penalty the stored policy gave at the moment of the request' }),
    supplierReference: z.string().nullable(),
  })
  .meta({ id: 'Cancellation' });

export const cancellationPendingSchema = z
  .strictObject({
    bookingId: bookingIdSchema,
    status: z.literal('pending').meta({ description: "The cancellation's outcome is not known yet; GET the booking for it" }),
    cancelRequestedAt: instant.meta({ description: 'When the cancellation was sent to the supplier' }),
    quotedPenalty: moneySchema.meta({ description: 'The penalty the stored policy gave at the moment of the request' }),
    supplierReference: z.string().nullable(),
  })
  .meta({ id: 'CancellationPending' });

const EXAMPLE_ID = 'BK0F3M9Q2X7Z4W8N1RAB';
const EXAMPLE_POLICY = [{ from: '2027-02-26T23:00:00.000Z', penalty: { amount: 137.5, currency: 'EUR' } }];

export const BOOKING_EXAMPLE_REQUEST = {
  rateId: 'rt1.eyJzZWFyY2hJZCI6InNyY2hfLi4uIn0.Q2hlY2tzdW0',
  searchId: 'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1',
  holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
  rooms: [
    {
      guests: [
        { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { type: 'child', firstName: 'Byron', lastName: 'King', age: 8 },
      ],
    },
  ],
  payment: { method: 'agent_wallet', walletId: 'wal_7d2e4a6c8b103c9a1f0b' },
  clientReference: 'TRIP-2027-0042',
};

/** A Hotelbeds booking's obligations as the answers show them: a city tax at the hotel, the supplier's rate comment. */
const EXAMPLE_OBLIGATIONS = {
  payAtProperty: [{ kind: 'city_tax', description: 'City tax', amount: 12.3, currency: 'EUR', quote: { amount: 12.3, currency: 'EUR' } }],
  remarks: [{ kind: 'rate', text: 'Check-in hour 15:00 - 00:00. Car park YES (with additional debit notes).', supplierId: 'hotelbeds' }],
  packageOnly: false,
};

const EXAMPLE_CONFIRMATION = {
  bookingId: EXAMPLE_ID,
  status: 'confirmed',
  supplierReference: '118-4477120',
  clientReference: 'TRIP-2027-0042',
  priceLocked: { total: 401.8, currency: 'EUR', matchedSearchPrice: true },
  cancellationPolicy: EXAMPLE_POLICY,
  ...EXAMPLE_OBLIGATIONS,
  voucherUrl: `/v1/hotels/bookings/${EXAMPLE_ID}/voucher`,
  createdAt: '2026-11-23T12:20:11.512Z',
};

const EXAMPLE_RECORD = {
  bookingId: EXAMPLE_ID,
  status: 'confirmed',
  clientReference: 'TRIP-2027-0042',
  supplierId: 'hotelbeds',
  supplierReference: '118-4477120',
  propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
  propertyName: 'Hôtel des Arts Montmartre',
  checkIn: '2027-03-01',
  checkOut: '2027-03-04',
  holder: BOOKING_EXAMPLE_REQUEST.holder,
  rooms: [{ roomTypeName: 'Double Standard', boardBasis: 'BB', guests: BOOKING_EXAMPLE_REQUEST.rooms[0]!.guests }],
  priceLocked: { total: 401.8, currency: 'EUR', matchedSearchPrice: true },
  price: {
    net: 330,
    markup: 33,
    commission: 0,
    tax: 36.3,
    serviceFee: 2.5,
    total: 401.8,
    currency: 'EUR',
    payableAtHotel: 0,
    fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity (no conversion)', asOf: '2026-11-20' },
    nightly: [
      { date: '2027-03-01', total: 127.6 },
      { date: '2027-03-02', total: 127.6 },
      { date: '2027-03-03', total: 146.6 },
    ],
  },
  supplierPrice: { amount: 330, currency: 'EUR' },
  cancellationPolicy: EXAMPLE_POLICY,
  refundable: true,
  payment: 'net',
  ...EXAMPLE_OBLIGATIONS,
  voucherUrl: `/v1/hotels/bookings/${EXAMPLE_ID}/voucher`,
  history: [
    { at: '2026-11-23T12:20:10.101Z', event: 'requested' },
    { at: '2026-11-23T12:20:11.512Z', event: 'confirmed', detail: 'booked at hotelbeds as 118-4477120' },
  ],
  createdAt: '2026-11-23T12:20:11.512Z',
  updatedAt: '2026-11-23T12:20:11.512Z',
};

/**
 * What a booking call answers when its supplier refused, failed or did not answer before anything was done
 * (502), or when we refused it for overload before anything was sent (503). Never 500 or 504 (API-SPEC, Errors).
 */
const SUPPLIER_PROBLEMS = [502];

/** Answers that carry a guest's personal data are never kept by a cache on the way (API-SPEC "Personal data"). */
const NO_STORE_HEADER = {
  'Cache-Control': {
    description: "`no-store`: the answer carries a guest's personal data, so no cache on the way keeps it",
    schema: { type: 'string' as const, enum: ['no-store'] },
  },
};

export const bookingOperations: Record<string, OperationSpec> = {
  listBookings: {
    tag: 'Bookings',
    description:
      "Finds the account's bookings: by your `clientReference` (the way back to a booking whose id you never stored), by created or check-in date range, by status and by supplier; filters combine. " +
      `Newest first (a check-in range alone lists by check-in, latest first), ${BOOKING_LIST_PAGE.default} to a page by default (at most ${BOOKING_LIST_PAGE.max}); follow \`next\` with \`cursor\` and the same filters. ` +
      'Served from indexes, so a filter never scans the account; a booking made a moment ago may take up to a second to appear. An unknown parameter is 400 naming it.',
    request: { query: bookingListQuery },
    responses: {
      200: {
        description: 'A page of bookings',
        content: json(bookingListPageSchema, {
          bookings: [
            {
              bookingId: EXAMPLE_ID,
              status: 'confirmed',
              clientReference: 'PARTNER-4471',
              supplierId: 'hotelbeds',
              supplierReference: '118-4477120',
              propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
              propertyName: 'Hôtel des Arts Montmartre',
              checkIn: '2027-03-01',
              checkOut: '2027-03-03',
              priceLocked: EXAMPLE_CONFIRMATION.priceLocked,
              cancellationPolicy: EXAMPLE_CONFIRMATION.cancellationPolicy,
              ...EXAMPLE_OBLIGATIONS,
              voucherUrl: `/v1/hotels/bookings/${EXAMPLE_ID}/voucher`,
              createdAt: '2026-11-23T12:20:11.512Z',
              updatedAt: '2026-11-23T12:20:11.512Z',
            },
          ],
          order: 'created',
          next: 'eyJmIjoiUjNrZ2J3c2RGa1lYIiwicyI6IjIwMjYtMTEtMjNUMTI6MjA6MTEuNTEyWiNCSzBGM005UTJYN1o0VzhOMVJBQiJ9',
        }),
      },
    },
  },
  createBooking: {
    tag: 'Bookings',
    description:
      'Books a checked rate. The flow runs as a state machine: check the rate, book with the supplier (our bookingId is its client reference, so a retried step cannot book twice), save, create the voucher. ' +
      '201 when the supplier confirmed; 202 `pending` when its outcome is not known yet (it is reconciled by our reference: GET the booking). ' +
      "The answer comes within API Gateway's 29 s whatever the suppliers do: a booking whose outcome is not known by then is 202 `pending`. " +
      'When we are too busy to book it in time, 503 `overloaded` with Retry-After: nothing was sent to a supplier, and retrying with the same Idempotency-Key books it. Never 500 or 504. ' +
      'Rule 4: a replayed Idempotency-Key returns the original status and body and books nothing.',
    sandbox: true,
    request: { body: jsonBody(bookingRequest, BOOKING_EXAMPLE_REQUEST, 'The booking (interface document section 2.4)') },
    responses: {
      201: {
        description: 'Confirmed by the supplier',
        headers: { Location: { description: 'The booking', schema: { type: 'string' } }, ...NO_STORE_HEADER },
        content: json(bookingResponseSchema, EXAMPLE_CONFIRMATION),
      },
      202: {
        description: "Accepted, the supplier's outcome is not known yet (`status: pending`, `supplierReference: null`)",
        headers: { Location: { description: 'The booking; GET it for the outcome', schema: { type: 'string' } }, ...NO_STORE_HEADER },
        content: json(bookingResponseSchema, { ...EXAMPLE_CONFIRMATION, status: 'pending', supplierReference: null }),
      },
    },
    problems: [402, 404, 409, 410, 422, ...SUPPLIER_PROBLEMS],
    neverInternalError: true,
  },
  getBooking: {
    tag: 'Bookings',
    description:
      'The booking with its current status, supplier reference, locked price and its breakdown, cancellation policy and history. A pending booking is first settled with its supplier, briefly.',
    request: { params: bookingParams },
    responses: { 200: { description: 'The booking', headers: NO_STORE_HEADER, content: json(bookingRecordSchema, EXAMPLE_RECORD) } },
    problems: [404],
  },
  modifyBooking: {
    tag: 'Bookings',
    description:
      'Changes holder contact details and guest names where the supplier has a modify path. Where it has none: 422 `modification-unsupported`, and the booking is untouched (never cancelled and rebooked). ' +
      'The occupancy stays as booked.',
    sandbox: true,
    request: {
      params: bookingParams,
      body: jsonBody(modifyBookingBodySchema, { holder: { email: 'ada.lovelace@example.com' } }, 'What to change'),
    },
    responses: {
      200: {
        description: 'The booking as modified',
        headers: NO_STORE_HEADER,
        content: json(bookingRecordSchema, { ...EXAMPLE_RECORD, holder: { ...EXAMPLE_RECORD.holder, email: 'ada.lovelace@example.com' } }),
      },
    },
    problems: [404, 409, 422, ...SUPPLIER_PROBLEMS],
  },
  cancelBooking: {
    tag: 'Bookings',
    description:
      'Cancels at the supplier. `penalty` is what the supplier applied (rule 5), which can differ from `quotedPenalty` when the free-cancellation deadline passes during the request. ' +
      'Cancelling a cancelled (or not yet confirmed) booking is 409 `conflict`. ' +
      "202 `pending` when the supplier's answer is not known in time: the cancellation is then in flight, settled by asking the supplier (and cancelling again while it still holds the booking) until GET shows the booking `cancelled`, or `confirmed` with a `cancel-refused` history entry; `booking.cancelled` is sent then. " +
      'When we are too busy to cancel it in time, 503 `overloaded` with Retry-After, nothing sent to the supplier. Never 500 or 504.',
    sandbox: true,
    request: {
      params: bookingParams,
      body: {
        description: 'Optional',
        required: false,
        content: { 'application/json': { schema: cancelBookingBodySchema, example: { reason: 'Guest changed plans' } } },
      },
    },
    responses: {
      200: {
        description: 'Cancelled',
        content: json(cancellationResponseSchema, {
          bookingId: EXAMPLE_ID,
          status: 'cancelled',
          cancelledAt: '2026-11-24T09:01:02.000Z',
          penalty: { amount: 0, currency: 'EUR' },
          quotedPenalty: { amount: 0, currency: 'EUR' },
          supplierReference: '118-4477120',
        }),
      },
      202: {
        description: 'Sent to the supplier, whose outcome is not known yet: GET the booking for it',
        headers: { Location: { description: 'The booking', schema: { type: 'string' } } },
        content: json(cancellationPendingSchema, {
          bookingId: EXAMPLE_ID,
          status: 'pending',
          cancelRequestedAt: '2026-11-24T09:01:02.000Z',
          quotedPenalty: { amount: 0, currency: 'EUR' },
          supplierReference: '118-4477120',
        }),
      },
    },
    problems: [404, 409, 422, ...SUPPLIER_PROBLEMS],
    neverInternalError: true,
  },
  quoteStayChange: {
    tag: 'Bookings',
    description:
      "What the booking would cost with new dates or occupancies, from the supplier's own answer (Hotelbeds `mode: SIMULATION`, OpenTravel `ResStatus=Quote`), changing nothing. " +
      'Send any of `checkIn`, `checkOut`, `occupancies` (room by room: the booked rooms, room types and rate plans are kept); what is left out stays as booked. ' +
      'Where the supplier has no path for the change: 422 `modification-unsupported` (never a cancel and rebook). A supplier with no room for the new stay: 409. ' +
      'A booking not confirmed, with a change in progress, or whose personal data was erased: 409.',
    sandbox: true,
    request: {
      params: bookingParams,
      body: jsonBody(stayChangeQuoteBodySchema, { checkIn: '2027-03-02', checkOut: '2027-03-05' }, 'What to change'),
    },
    responses: {
      200: {
        description: 'The changed stay, priced',
        headers: NO_STORE_HEADER,
        content: json(stayChangeQuoteSchema, {
          quoteId: 'q1.eyJib29raW5nSWQiOiJCSy4uLiJ9.Q2hlY2tzdW0',
          bookingId: EXAMPLE_ID,
          checkIn: '2027-03-02',
          checkOut: '2027-03-05',
          occupancies: [{ adults: 1, children: [8] }],
          price: {
            ...EXAMPLE_RECORD.price,
            net: 345,
            tax: 37.95,
            total: 418.45,
            nightly: [
              { date: '2027-03-02', total: 132.89 },
              { date: '2027-03-03', total: 132.89 },
              { date: '2027-03-04', total: 152.67 },
            ],
          },
          previousPrice: EXAMPLE_RECORD.price,
          difference: { amount: 16.65, currency: 'EUR' },
          cancellationPolicy: EXAMPLE_POLICY,
          expiresAt: '2027-02-20T10:30:00.000Z',
        }),
      },
    },
    problems: [404, 409, 422, ...SUPPLIER_PROBLEMS],
  },
  commitStayChange: {
    tag: 'Bookings',
    description:
      'Makes a quoted stay change, at the quoted price or not at all. 200: the booking as GET shows it, a `stay-changed` history entry, the `booking.modified` webhook, a new voucher. ' +
      '410 once the quote expired; 409 `price-changed` when the supplier now asks another price (nothing changed: quote again); 409 when the booking changed since the quote. ' +
      'A wallet-paid booking holds a rise before the supplier is asked (402 `insufficient-funds`, nothing changed, when it cannot) and captures it once made; a fall is refunded. ' +
      "202 when the supplier's outcome is not known in time: the booking shows `stayChange` pending until it is settled (GET it); retrying the same quote never asks the supplier twice.",
    sandbox: true,
    request: {
      params: bookingParams,
      body: jsonBody(stayChangeCommitBodySchema, { quoteId: 'q1.eyJib29raW5nSWQiOiJCSy4uLiJ9.Q2hlY2tzdW0' }, 'The quote'),
    },
    responses: {
      200: { description: 'Changed', headers: NO_STORE_HEADER, content: json(bookingRecordSchema, EXAMPLE_RECORD) },
      202: {
        description: "The supplier's outcome is being settled",
        headers: NO_STORE_HEADER,
        content: json(bookingRecordSchema, {
          ...EXAMPLE_RECORD,
          stayChange: {
            changeId: 'chg_5d1f0c2b9e8a7f64',
            status: 'pending',
            checkIn: '2027-03-02',
            checkOut: '2027-03-05',
            requestedAt: '2027-02-20T10:16:02.000Z',
          },
        }),
      },
    },
    problems: [402, 404, 409, 410, 422, ...SUPPLIER_PROBLEMS],
  },
  quoteCancellation: {
    tag: 'Bookings',
    description:
      "What cancelling the booking now would cost, before cancelling: the supplier's own simulation where it has one, the stored policy otherwise (`source` says which). " +
      'Nothing changes at the supplier or here. A cancelled, pending or failed booking is 409 `conflict`, as its cancel would be.',
    sandbox: true,
    request: { params: bookingParams },
    responses: {
      200: {
        description: 'The price of cancelling now',
        content: json(cancellationQuoteSchema, {
          bookingId: EXAMPLE_ID,
          penalty: { amount: 127.6, currency: 'EUR' },
          refund: { amount: 274.2, currency: 'EUR' },
          source: 'supplier',
          asOf: '2027-02-27T10:15:00.000Z',
        }),
      },
    },
    problems: [404, 409],
  },
  erasePersonalData: {
    tag: 'Bookings',
    description:
      "Erases the booking's personal data from every store we keep: the holder's and guests' names, e-mail, phone, children's ages and the cancel reason. " +
      'The booking stays with its ids, dates, status, supplier reference and money; GET then shows no holder or guest data and `personalDataErasedAt`, and the voucher prints no names. ' +
      'Nothing is sent to the supplier (it holds its own copy under its own terms). A replay, or any later erasure, answers the same time. ' +
      'A booking still `pending` is 409 `conflict`: its supplier may yet confirm it under these names; erase it once it is confirmed or failed. ' +
      'Personal data is also erased automatically a set number of days after check-out (90 unless your stack is set otherwise).',
    request: {
      params: bookingParams,
      body: {
        description: 'Optional',
        required: false,
        content: { 'application/json': { schema: erasureBodySchema, example: { requestReference: 'DSR-2027-0042' } } },
      },
    },
    responses: {
      200: {
        description: 'Erased (now, or earlier)',
        content: json(erasureResponseSchema, { bookingId: EXAMPLE_ID, personalDataErasedAt: '2027-04-02T08:15:00.000Z' }),
      },
    },
    problems: [404, 409, 422],
  },
  getVoucher: {
    tag: 'Bookings',
    description:
      'The voucher rendered from the stored booking: PDF, or HTML when Accept prefers `text/html`. Its address is the `voucherUrl` of the booking.',
    request: { params: bookingParams },
    responses: {
      200: {
        description: 'The voucher',
        headers: { 'Content-Disposition': { description: 'inline, with a file name', schema: { type: 'string' } }, ...NO_STORE_HEADER },
        content: {
          'application/pdf': { schema: z.string().meta({ contentMediaType: 'application/pdf', format: 'binary' }) },
          'text/html': { schema: z.string().meta({ contentMediaType: 'text/html' }) },
        },
      },
    },
    problems: [404],
  },
};
