/**
 * The planned car search (interface document 4.3), as query parameters of GET /v1/cars/search. The route
 * validates with this schema today and answers 501; the OpenAPI document publishes it as the intended
 * contract. Pick-up and drop-off times are local wall-clock times at the location (rental desks work in
 * local time), unlike the UTC instants elsewhere.
 */
import * as z from 'zod';

export const CAR_LIMITS = {
  driverAge: { min: 18, max: 99 },
  maxRentalDays: 90,
} as const;

export const VEHICLE_CATEGORIES = [
  'mini',
  'economy',
  'compact',
  'intermediate',
  'standard',
  'fullsize',
  'premium',
  'luxury',
  'suv',
  'van',
  'convertible',
] as const;
export const TRANSMISSIONS = ['manual', 'automatic'] as const;

/** IATA airport or city code, or a supplier-neutral station id from a future locations endpoint. */
const location = z.string().regex(/^([A-Z]{3}|loc_[0-9a-z]{6,32})$/, 'must be an IATA airport or city code, or a location id');
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a local date and time as YYYY-MM-DDTHH:mm')
  .refine((value) => !Number.isNaN(Date.parse(`${value}:00Z`)), 'is not a date and time');

export const carSearchQuerySchema = z
  .strictObject({
    pickUpLocation: location.meta({
      description: 'Where the car is collected: IATA airport or city code, or a location id',
      examples: ['CDG'],
    }),
    pickUpAt: localDateTime.meta({ description: 'Local date and time at the pick-up location', examples: ['2027-03-01T10:00'] }),
    dropOffLocation: location.optional().meta({
      description:
        'Where the car is returned; the pick-up location when absent. A different one makes the rental one-way (see `oneWay` on each offer).',
      examples: ['LYS'],
    }),
    dropOffAt: localDateTime.meta({ description: 'Local date and time at the drop-off location', examples: ['2027-03-04T10:00'] }),
    driverAge: z.coerce
      .number()
      .int()
      .min(CAR_LIMITS.driverAge.min)
      .max(CAR_LIMITS.driverAge.max)
      .meta({ description: 'Age of the main driver at pick-up; young and senior driver surcharges depend on it', examples: [24] }),
    residenceCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
      .meta({ description: "Country of the driver's residence (rates and insurance differ by market)", examples: ['GB'] }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
      .meta({ description: 'Quote currency', examples: ['EUR'] }),
    vehicleCategory: z.enum(VEHICLE_CATEGORIES).optional().meta({ description: 'Only this category' }),
    transmission: z.enum(TRANSMISSIONS).optional().meta({ description: 'Only this transmission' }),
    minSeats: z.coerce.number().int().min(1).max(9).optional().meta({ description: 'At least this many seats' }),
    crossBorderCountries: z
      .string()
      .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'must be comma-separated ISO 3166-1 alpha-2 country codes')
      .optional()
      .meta({
        description: 'Countries the car will be driven into besides the pick-up country; offers that forbid them are left out',
        examples: ['CH,IT'],
      }),
    timeoutMs: z.coerce.number().int().min(200).max(20_000).default(6_000).meta({ description: 'Per-supplier time budget, as for hotels' }),
  })
  .superRefine((query, ctx) => {
    const days = (Date.parse(`${query.dropOffAt}:00Z`) - Date.parse(`${query.pickUpAt}:00Z`)) / 86_400_000;
    if (!(days > 0)) ctx.addIssue({ code: 'custom', path: ['dropOffAt'], message: 'must be after pickUpAt' });
    else if (days > CAR_LIMITS.maxRentalDays)
      ctx.addIssue({ code: 'custom', path: ['dropOffAt'], message: `must be at most ${CAR_LIMITS.maxRentalDays} days after pickUpAt` });
  });

export type CarSearchQuery = z.infer<typeof carSearchQuerySchema>;
