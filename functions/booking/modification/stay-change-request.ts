/**
 * The bodies of a stay change (API-SPEC "Changing and cancelling, previewed"): the quote asks for any of new
 * dates and new occupancies (room by room, the booked rooms kept); the commit names the quote it accepts.
 */
import * as z from 'zod';
import { calendarDateSchema } from '../../shared/calendar-date.js';

const MAX_NIGHTS = 30;

const calendarDate = calendarDateSchema;

const roomOccupancySchema = z.strictObject({
  adults: z.number().int().min(1).max(8),
  children: z.array(z.number().int().min(0).max(17)).max(6).optional(),
});

export const stayChangeQuoteBodySchema = z
  .strictObject({
    checkIn: calendarDate.optional(),
    checkOut: calendarDate.optional(),
    occupancies: z
      .array(roomOccupancySchema)
      .min(1)
      .max(8)
      .optional()
      .meta({ description: 'Room by room, in the booking\u2019s room order: the booked rooms are kept, their guests change' }),
  })
  .refine((body) => body.checkIn !== undefined || body.checkOut !== undefined || body.occupancies !== undefined, {
    message: 'send checkIn, checkOut or occupancies (or several)',
    path: ['checkIn'],
  })
  .meta({ id: 'StayChangeQuoteRequest', description: 'What to change; what is left out stays as booked.' });

export const stayChangeCommitBodySchema = z
  .strictObject({
    quoteId: z.string().min(1).max(8192).meta({ description: 'The quoteId of a quote of this booking, before its expiresAt' }),
  })
  .meta({ id: 'StayChangeCommitRequest' });

export type StayChangeQuoteBody = z.infer<typeof stayChangeQuoteBodySchema>;
export type StayChangeCommitBody = z.infer<typeof stayChangeCommitBodySchema>;
export type RoomOccupancyInput = z.infer<typeof roomOccupancySchema>;

export const STAY_CHANGE_MAX_NIGHTS = MAX_NIGHTS;
