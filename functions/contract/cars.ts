/**
 * Car rental, planned (interface document 4.3): the intended contract, marked `x-planned`. The request
 * schemas are the ones the routes validate with today; the response shapes are the design, answered by
 * no route yet (the routes answer 501 after validating). Covered: pick-up and drop-off location and time,
 * vehicle category, transmission and capacity, insurance and extras, driver age and its surcharges,
 * one-way and cross-border rules (which differ per supplier and market, so each offer states its own).
 */
import * as z from 'zod';
import { carBookingRequestSchema, EXTRA_CODES } from '../cars/car-booking-request.js';
import { carSearchQuerySchema, TRANSMISSIONS, VEHICLE_CATEGORIES } from '../cars/car-search-request.js';
import {
  basePriceSchema,
  cancellationPolicySchema,
  currencyCode,
  fxStampSchema,
  instant,
  moneySchema,
  amount,
  supplierSummarySchema,
} from './common.js';
import { json, jsonBody, PLANNED_NOTE, type OperationSpec } from './operation.js';

const locationSchema = z
  .strictObject({
    code: z.string().meta({ examples: ['CDG'] }),
    type: z.enum(['airport', 'city', 'station']),
    name: z.string(),
    address: z.string().optional(),
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    openingHours: z
      .string()
      .optional()
      .meta({ description: 'Local opening hours of the desk', examples: ['Mo-Su 06:00-23:30'] }),
    afterHoursFee: moneySchema.optional().meta({ description: 'Charged when the pick-up or drop-off time is outside the opening hours' }),
  })
  .meta({ id: 'CarLocation' });

const carOfferSchema = z
  .strictObject({
    offerId: z.string().meta({ description: 'Signed and opaque like a hotel rateId; book it with POST /v1/cars/bookings' }),
    supplierId: z.string(),
    vehicle: z.strictObject({
      category: z.enum(VEHICLE_CATEGORIES),
      acrissCode: z
        .string()
        .regex(/^[A-Z]{4}$/)
        .meta({ description: 'ACRISS (SIPP) code', examples: ['CDMR'] }),
      exampleModel: z
        .string()
        .meta({ description: '"or similar": the category is booked, not the model', examples: ['Peugeot 308 or similar'] }),
      transmission: z.enum(TRANSMISSIONS),
      seats: z.number().int().min(1),
      doors: z.number().int().min(2),
      luggage: z.strictObject({ large: z.number().int().min(0), small: z.number().int().min(0) }),
      airConditioning: z.boolean(),
      fuel: z.enum(['petrol', 'diesel', 'hybrid', 'electric']),
    }),
    pickUp: z.strictObject({
      location: locationSchema,
      at: z.string().meta({ description: 'Local date and time', examples: ['2027-03-01T10:00'] }),
    }),
    dropOff: z.strictObject({ location: locationSchema, at: z.string().meta({ examples: ['2027-03-04T10:00'] }) }),
    oneWay: z
      .strictObject({
        allowed: z.boolean(),
        fee: moneySchema.optional().meta({ description: 'One-way fee when drop-off differs from pick-up; included in `price.total`' }),
      })
      .meta({ description: 'Whether (and at what fee) the car may be returned elsewhere; per supplier and market' }),
    crossBorder: z
      .strictObject({
        allowedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).meta({ description: 'Countries the car may be driven into' }),
        fee: moneySchema.optional().meta({ description: 'Cross-border fee for the requested countries; included in `price.total`' }),
        conditions: z.string().optional().meta({ description: "The supplier's conditions, as it states them" }),
      })
      .meta({ description: 'Cross-border rules of this offer; per supplier and market' }),
    driver: z
      .strictObject({
        minAge: z.number().int(),
        maxAge: z.number().int().optional(),
        minLicenceYears: z.number().int().min(0),
        youngDriverSurcharge: moneySchema.optional().meta({ description: 'Applied to the searched driverAge; included in `price.total`' }),
        seniorDriverSurcharge: moneySchema.optional(),
      })
      .meta({ description: 'Driver requirements and the age surcharges for the searched driver' }),
    mileage: z.strictObject({ unlimited: z.boolean(), includedKm: z.number().int().optional(), extraKmPrice: moneySchema.optional() }),
    fuelPolicy: z.enum(['full_to_full', 'same_to_same', 'prepaid']),
    insurance: z
      .array(
        z.strictObject({
          code: z.string().meta({ examples: ['CDW', 'TP', 'SCDW'] }),
          name: z.string(),
          included: z.boolean().meta({ description: 'Included in the price, or an option to add at booking' }),
          excess: moneySchema.optional().meta({ description: 'What the driver still pays in case of damage or theft' }),
          price: moneySchema.optional().meta({ description: 'For an option: its price for the rental' }),
        }),
      )
      .meta({ description: 'Cover included and cover that can be added' }),
    extras: z
      .array(
        z.strictObject({
          code: z.enum(EXTRA_CODES),
          name: z.string(),
          price: moneySchema,
          per: z.enum(['day', 'rental']),
          maxQuantity: z.number().int().min(1),
        }),
      )
      .meta({ description: 'Extras bookable with this offer, paid at the desk unless stated otherwise' }),
    price: basePriceSchema.extend({
      commission: amount,
      payableAtDesk: amount.meta({ description: 'Paid by the driver at the desk (deposit excluded)' }),
      fx: fxStampSchema,
    }),
    deposit: moneySchema.optional().meta({ description: "Blocked on the driver's credit card at pick-up" }),
    cancellationPolicy: cancellationPolicySchema,
  })
  .meta({ id: 'CarOffer' });

export const carSearchResponseSchema = z
  .strictObject({
    searchId: z.string(),
    currency: currencyCode,
    partial: z.boolean(),
    suppliers: z.array(supplierSummarySchema),
    offers: z.array(carOfferSchema).meta({ description: 'Ascending by total' }),
  })
  .meta({ id: 'CarSearchResponse' });

export const carBookingResponseSchema = z
  .strictObject({
    bookingId: z.string(),
    status: z.enum(['confirmed', 'pending']),
    supplierReference: z.string().nullable(),
    clientReference: z.string(),
    priceLocked: z.strictObject({ total: amount, currency: currencyCode, matchedSearchPrice: z.boolean() }),
    pickUp: z.strictObject({ location: locationSchema, at: z.string() }),
    dropOff: z.strictObject({ location: locationSchema, at: z.string() }),
    vehicle: z.strictObject({ category: z.enum(VEHICLE_CATEGORIES), acrissCode: z.string(), exampleModel: z.string() }),
    insurance: z.array(z.string()).meta({ description: 'Insurance codes in force' }),
    extras: z.array(z.strictObject({ code: z.enum(EXTRA_CODES), quantity: z.number().int() })),
    cancellationPolicy: cancellationPolicySchema,
    voucherUrl: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'CarBookingConfirmation' });

export const carSearchQuery = carSearchQuerySchema;
export const carBookingRequest = carBookingRequestSchema.meta({ id: 'CarBookingRequest' });

export const carOperations: Record<string, OperationSpec> = {
  searchCars: {
    tag: 'Cars (planned)',
    planned: true,
    description: `${PLANNED_NOTE}\n\nSearches vehicle availability for a pick-up and drop-off location and period across the contracted car suppliers, priced with the account's rules. Each offer states its own one-way and cross-border rules, driver requirements and age surcharges, included and optional insurance, and extras.`,
    request: { query: carSearchQuery },
    responses: { 200: { description: 'Planned: offers and the status of every supplier', content: json(carSearchResponseSchema) } },
    problems: [501],
  },
  createCarBooking: {
    tag: 'Cars (planned)',
    planned: true,
    description: `${PLANNED_NOTE}\n\nBooks a car offer for the main driver with the chosen insurance and extras. Idempotent like hotel bookings: a replayed Idempotency-Key returns the original answer.`,
    request: {
      body: jsonBody(
        carBookingRequest,
        {
          offerId: 'co1.eyJvZmZlciI6Ii4uLiJ9.c2ln',
          searchId: 'csrch_7d1e0c2b',
          driver: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', age: 24, licenceCountry: 'GB' },
          insurance: ['SCDW'],
          extras: [{ code: 'child_seat', quantity: 1 }],
          flightNumber: 'AF1234',
          clientReference: 'TRIP-2027-0042-CAR',
        },
        'The car booking',
      ),
    },
    responses: { 201: { description: 'Planned: the confirmed car booking', content: json(carBookingResponseSchema) } },
    problems: [501],
  },
};
