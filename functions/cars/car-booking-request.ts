/**
 * The planned car booking request (interface document 4.3): an offer from a car search, the main driver
 * (whose age the offer's surcharges were priced for), the chosen insurance and extras. POST
 * /v1/cars/bookings validates with this schema today (after the Idempotency-Key check) and answers 501.
 */
import * as z from 'zod';
import { plainText } from '../shared/plain-text.js';
import { CAR_LIMITS } from './car-search-request.js';

const name = plainText({ trim: true, min: 1, max: 60 });

export const EXTRA_CODES = [
  'child_seat',
  'booster_seat',
  'infant_seat',
  'gps',
  'additional_driver',
  'snow_chains',
  'winter_tyres',
  'wifi_hotspot',
  'toll_pass',
] as const;

export const carBookingRequestSchema = z.strictObject({
  offerId: plainText({ min: 1, max: 8192 }).meta({ description: 'An offer of a car search' }),
  searchId: plainText({ min: 1, max: 100 }).meta({ description: 'The car search the offer came from' }),
  driver: z.strictObject({
    firstName: name,
    lastName: name,
    email: z.email('must be an e-mail address').max(254),
    phone: z
      .string()
      .regex(/^\+?[0-9 ()./-]{5,30}$/, 'must be a phone number')
      .optional(),
    age: z
      .number()
      .int()
      .min(CAR_LIMITS.driverAge.min)
      .max(CAR_LIMITS.driverAge.max)
      .meta({ description: 'Must be the age searched with: surcharges were priced for it' }),
    licenceCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
      .meta({ description: 'Country that issued the driving licence' }),
  }),
  insurance: z
    .array(plainText({ min: 1, max: 40 }))
    .max(10)
    .optional()
    .meta({ description: 'Codes of the optional insurance products of the offer to add' }),
  extras: z
    .array(z.strictObject({ code: z.enum(EXTRA_CODES), quantity: z.number().int().min(1).max(4) }))
    .max(10)
    .optional()
    .meta({ description: 'Extras of the offer to add, each with a quantity' }),
  flightNumber: z
    .string()
    .regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, 'must be a flight number such as AF1234')
    .optional()
    .meta({ description: 'Lets the desk hold the car when the flight is late' }),
  payment: z.strictObject({ method: z.literal('agent_wallet'), walletId: plainText({ min: 1, max: 100 }) }).optional(),
  clientReference: plainText({ trim: true, min: 1, max: 64 }),
});

export type CarBookingRequest = z.infer<typeof carBookingRequestSchema>;
