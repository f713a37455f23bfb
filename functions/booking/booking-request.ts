/**
 * The booking request of interface document section 2.4, with API-SPEC.md's optional price guard. Names
 * are bounded so a voucher, a supplier's holder field and a DynamoDB item can hold them; whether the rooms
 * and guests fit the searched occupancy is checked against the stored search (create-booking.ts), which
 * only the server has.
 */
import * as z from 'zod';
import { rateIdSchema, searchIdSchema, walletIdSchema } from '../domain/ids/id-schemas.js';
import { plainText } from '../shared/plain-text.js';

const name = plainText({ trim: true, min: 1, max: 60 });

const guestSchema = z
  .strictObject({
    type: z.enum(['adult', 'child']),
    firstName: name,
    lastName: name,
    age: z.number().int().min(0).max(17).optional(),
  })
  .superRefine((guest, ctx) => {
    if (guest.type === 'child' && guest.age === undefined)
      ctx.addIssue({ code: 'custom', path: ['age'], message: 'is required for a child' });
  });

const holderSchema = z.strictObject({
  firstName: name,
  lastName: name,
  email: z.email('must be an e-mail address').max(254),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()./-]{5,30}$/, 'must be a phone number (digits, spaces, + ( ) . / -)')
    .optional(),
});

const roomGuestsSchema = z.strictObject({
  guests: z
    .array(guestSchema)
    .min(1)
    .max(26)
    .refine((guests) => guests.some((g) => g.type === 'adult'), 'must include an adult'),
});

/** What a traveller asks of the hotel for a room ("late arrival, quiet room"): passed on, never promised. */
export const SPECIAL_REQUEST_MAX = 500;

const bookedRoomSchema = roomGuestsSchema.extend({
  specialRequest: plainText({ trim: true, min: 1, max: SPECIAL_REQUEST_MAX, multiline: true, empty: 'must not be empty (leave it out)' })
    .optional()
    .meta({
      description:
        "Free text for the hotel about this room (late arrival, quiet room, cot). Sent to the supplier in its own field (Hotelbeds `remark`, Rapid `special_request`, OpenTravel `SpecialRequests`), shown on GET and the voucher as a request the hotel may not honour. Personal data: erased with the guests' names.",
      examples: ['Late arrival around 23:00, quiet room away from the lift please'],
    }),
});

export const bookingRequestSchema = z.strictObject({
  rateId: rateIdSchema,
  searchId: searchIdSchema,
  holder: holderSchema,
  rooms: z.array(bookedRoomSchema).min(1).max(8),
  payment: z
    .strictObject({ method: z.literal('agent_wallet'), walletId: walletIdSchema })
    .optional()
    .meta({
      description:
        "Pay from the account's agent wallet: the most the booking may cost is held before the supplier is asked (the searched total raised by `priceTolerance`, or the binding total without one), the confirmed total is captured when confirmed (never more than the hold; the rest is freed), all is given back if the booking fails, and the capture less the applied penalty is refunded on cancel. A wallet that cannot cover the hold is 402 `insufficient-funds` (`required` is the hold) before any supplier call; an unknown walletId is 404. Without `priceTolerance`, a supplier confirming above the binding total is undone: 409 `price-changed`. Absent: the booking is settled with us outside the API.",
    }),
  clientReference: plainText({ trim: true, min: 1, max: 64 }),
  priceTolerance: z.strictObject({ maxIncreasePercent: z.number().min(0).max(100) }).optional(),
});

export type BookingRequest = z.infer<typeof bookingRequestSchema>;
export type CancelBookingBody = z.infer<typeof cancelBookingBodySchema>;
export type ModifyBookingBody = z.infer<typeof modifyBookingBodySchema>;
export type GuestInput = z.infer<typeof guestSchema>;

/** POST /v1/hotels/bookings/{bookingId}/cancel: an optional reason. */
export const cancelBookingBodySchema = z
  .strictObject({
    reason: plainText({ trim: true, max: 500, multiline: true })
      .optional()
      .meta({ description: "Kept with the booking's personal data (shown as `cancellation.reason`, erased with it)" }),
  })
  .default({})
  .meta({ id: 'CancelRequest' });

export const modifyBookingBodySchema = z
  .strictObject({
    holder: holderSchema
      .partial()
      .refine((h) => Object.keys(h).length > 0, 'must change at least one field')
      .optional(),
    rooms: z
      .array(roomGuestsSchema)
      .min(1)
      .max(8)
      .optional()
      .meta({ description: 'New guest names, room by room; the same adults and child ages as booked' }),
  })
  .refine((body) => body.holder !== undefined || body.rooms !== undefined, { message: 'send holder or rooms (or both)', path: ['holder'] })
  .meta({ id: 'ModifyRequest', description: 'Holder contact and guest names; at least one of `holder` and `rooms`.' });

/** DELETE /v1/hotels/bookings/{bookingId}/personal-data: an optional reference of the partner's. */
export const erasureBodySchema = z
  .strictObject({
    requestReference: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
      .optional()
      .meta({
        description:
          "Your own reference for the data subject's request (a ticket id, never a name), kept in the booking's history as evidence of the erasure",
        examples: ['DSR-2027-0042'],
      }),
  })
  .default({})
  .meta({ id: 'PersonalDataErasureRequest' });
