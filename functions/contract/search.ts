/**
 * Search (interface document 2.2, 2.3; API-SPEC "Search"): the search itself, its further pages and all
 * rates of one property of a search. The request schema is the one the handler validates with.
 */
import * as z from 'zod';
import { propertyIdSchema, searchIdSchema } from '../domain/ids/id-schemas.js';
import { propertyRatesParams, searchPageParams, searchPageQuery } from '../search/search-params.js';
import { AIRPORT_RADIUS_KM, DESTINATION_LIMITS } from '../domain/destinations/index.js';
import { SEARCH_LIMITS, searchRequestSchema } from '../search/search-request.js';
import { currencyCode, geoSchema, rateSchema, supplierRefSchema, supplierSummarySchema } from './common.js';
import { json, jsonBodyExamples, type OperationSpec } from './operation.js';

export const searchRequest = searchRequestSchema.meta({
  id: 'SearchRequest',
  description:
    `Dates are calendar dates of the destination: checkIn not before today there, checkOut after checkIn and at most ${SEARCH_LIMITS.maxNights} nights later. ` +
    `One occupancy per room (${SEARCH_LIMITS.rooms.min} to ${SEARCH_LIMITS.rooms.max}); each child's age 0 to 17. ` +
    '`destination` is one of four types. `city`: any IATA city code, metropolitan codes included (LON, NYC, TYO, PAR, MIL), searched within a radius of its centre that grows with its size (3 to 30 km). ' +
    `\`airport\`: any IATA code of an airport with scheduled service, searched ${AIRPORT_RADIUS_KM} km around it. ` +
    `\`geo\`: a circle, lat -90 to 90, lng -180 to 180, radiusKm ${DESTINATION_LIMITS.radiusKm.min} to ${DESTINATION_LIMITS.radiusKm.max}. ` +
    `\`properties\`: ${DESTINATION_LIMITS.propertyIds.min} to ${DESTINATION_LIMITS.propertyIds.max} distinct unified propertyIds from earlier searches or content, in any cities; an id we do not know is a 400 naming it. ` +
    'An unknown code is a 400 naming `destination.code`; a known place where no contracted supplier has hotels answers 200 with no properties and every supplier `ok`. ' +
    '`timeoutMs` is the per-supplier budget; a supplier past it is reported as `timeout`, never fails the call. ' +
    "`limit` is the page size (the rest is read with GET /v1/hotels/searches/{searchId}); `sort` orders by ascending total (ties: more stars, then name), by stars or by distance from the destination's centre (a city's centre, the airport, the circle's centre, or the listed properties' mean position).",
});

export const searchedPropertySchema = z
  .strictObject({
    propertyId: propertyIdSchema,
    name: z.string(),
    starRating: z.number().int().min(1).max(5).optional(),
    geo: geoSchema.optional(),
    supplierRefs: z
      .array(supplierRefSchema)
      .meta({ description: "Each supplier's own id of this hotel: several suppliers' offers merged into one property" }),
    cheapestRate: rateSchema,
  })
  .meta({ id: 'SearchedProperty' });

export const searchResponseSchema = z
  .strictObject({
    searchId: searchIdSchema,
    currency: currencyCode,
    partial: z.boolean().meta({ description: 'True when at least one supplier is not `ok`' }),
    suppliers: z.array(supplierSummarySchema).meta({ description: 'Always present: one entry per queried supplier' }),
    totalProperties: z.number().int().min(0),
    properties: z.array(searchedPropertySchema).meta({ description: 'Ranked, deduplicated; this page of them' }),
    next: z
      .string()
      .optional()
      .meta({ description: 'Cursor of the next page, for GET /v1/hotels/searches/{searchId}?cursor=; absent on the last page' }),
  })
  .meta({ id: 'SearchResponse' });

export const propertyRatesResponseSchema = z
  .strictObject({
    searchId: searchIdSchema,
    propertyId: propertyIdSchema,
    currency: currencyCode,
    partial: z.boolean(),
    suppliers: z.array(supplierSummarySchema),
    rates: z
      .array(rateSchema)
      .meta({ description: 'Every rate of the property under the search, ascending by total, refundable first on ties' }),
  })
  .meta({ id: 'PropertyRates' });

/** The spec's own market restriction, and a city tax the hotel collects: what a real Hotelbeds rate carries. */
const EXAMPLE_RATE = {
  rateId: 'rt1.eyJzZWFyY2hJZCI6InNyY2hfLi4uIn0.Q2hlY2tzdW0',
  supplierId: 'hotelbeds',
  roomTypeName: 'Double Standard',
  boardBasis: 'BB',
  refundable: true,
  cancellationDeadline: '2027-02-26T22:59:59.000Z',
  cancellationPolicy: [{ from: '2027-02-26T23:00:00.000Z', penalty: { amount: 137.5, currency: 'EUR' } }],
  payment: 'net',
  price: {
    net: 330,
    markup: 33,
    tax: 36.3,
    serviceFee: 2.5,
    total: 401.8,
    currency: 'EUR',
    commission: 0,
    payableAtHotel: 0,
    fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity (no conversion)', asOf: '2026-11-20' },
    nightly: [
      { date: '2027-03-01', total: 127.6 },
      { date: '2027-03-02', total: 127.6 },
      { date: '2027-03-03', total: 146.6 },
    ],
  },
  payAtProperty: [{ kind: 'city_tax', description: 'City tax', amount: 12.3, currency: 'EUR', quote: { amount: 12.3, currency: 'EUR' } }],
  remarks: [
    {
      kind: 'rate',
      text: 'This rate is not applicable to Spain, Italy & Portugal market/country or passport holders otherwise the reservation will not be accepted',
      supplierId: 'hotelbeds',
    },
  ],
  packageOnly: false,
};

export const SEARCH_EXAMPLE_REQUEST = {
  destination: { type: 'city', code: 'PAR' },
  checkIn: '2027-03-01',
  checkOut: '2027-03-04',
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
};

/** One example per destination type: the same stay, four ways of saying where. */
export const SEARCH_EXAMPLE_REQUESTS = {
  city: { summary: 'A city by its IATA code', value: SEARCH_EXAMPLE_REQUEST },
  metropolitan: {
    summary: 'A metropolitan area: all of London, not one airport',
    value: { ...SEARCH_EXAMPLE_REQUEST, destination: { type: 'city', code: 'LON' } },
  },
  airport: {
    summary: `Hotels within ${AIRPORT_RADIUS_KM} km of an airport`,
    value: { ...SEARCH_EXAMPLE_REQUEST, destination: { type: 'airport', code: 'LHR' }, sort: 'distance' },
  },
  geo: {
    summary: 'Hotels within a circle',
    value: { ...SEARCH_EXAMPLE_REQUEST, destination: { type: 'geo', lat: 48.8584, lng: 2.2945, radiusKm: 2 } },
  },
  properties: {
    summary: 'Rates for a shortlist of properties from earlier searches',
    value: {
      ...SEARCH_EXAMPLE_REQUEST,
      destination: { type: 'properties', propertyIds: ['prop_3c9a1f0b7d2e4a6c8b10', 'prop_9d41c2e07a3b4f5e6c21'] },
    },
  },
};

export const SEARCH_EXAMPLE_RESPONSE = {
  searchId: 'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1',
  currency: 'EUR',
  partial: true,
  suppliers: [
    { id: 'expedia', status: 'timeout', tookMs: 6000, results: 0 },
    { id: 'hotelbeds', status: 'ok', tookMs: 412, results: 388 },
    { id: 'opentravel', status: 'ok', tookMs: 655, results: 301 },
  ],
  totalProperties: 412,
  properties: [
    {
      propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
      name: 'Hôtel des Arts Montmartre',
      starRating: 3,
      geo: { lat: 48.884, lng: 2.3376 },
      supplierRefs: [
        { supplierId: 'hotelbeds', supplierPropertyId: '118822' },
        { supplierId: 'opentravel', supplierPropertyId: 'PARHDA' },
      ],
      cheapestRate: EXAMPLE_RATE,
    },
  ],
  next: 'eyJvZmZzZXQiOjEwMH0.c2lnbmF0dXJl',
};

export const searchOperations: Record<string, OperationSpec> = {
  searchHotels: {
    tag: 'Search',
    description:
      "Fans the search out in parallel to every supplier the account is contracted with, each under `timeoutMs`, maps their answers onto unified properties, prices every rate with the account's rules, converts it to `currency` with the stamped FX rate and ranks the result. " +
      'Suppliers that missed the budget or failed are named in `suppliers` and make `partial` true; the call still succeeds. The first page is returned; the whole ranked list is kept 30 minutes.',
    sandbox: true,
    request: { body: jsonBodyExamples(searchRequest, SEARCH_EXAMPLE_REQUESTS, 'The search (interface document section 2.2)') },
    responses: {
      200: {
        description: 'Ranked, priced properties and the status of every supplier',
        headers: { 'Server-Timing': { description: 'What the suppliers took and what the service added', schema: { type: 'string' } } },
        content: json(searchResponseSchema, SEARCH_EXAMPLE_RESPONSE),
      },
    },
  },
  getSearchPage: {
    tag: 'Search',
    description:
      "A further page of a stored search, in the search's own order. The page size is the search's `limit`. After 30 minutes the search has expired (410). " +
      'The search answers before its later pages are stored (they follow within milliseconds); a page asked for at once waits for them.',
    request: { params: searchPageParams, query: searchPageQuery },
    responses: { 200: { description: 'The page', content: json(searchResponseSchema, SEARCH_EXAMPLE_RESPONSE) } },
    problems: [404, 410],
  },
  listPropertyRates: {
    tag: 'Search',
    description:
      "Every rate of one property of a search (the search shows only the cheapest): the property's suppliers are asked again for just this hotel under the search's budget, and each rate is priced and signed as the search did. The search's filters apply.",
    sandbox: true,
    request: { params: propertyRatesParams },
    responses: {
      200: {
        description: 'All rates of the property',
        content: json(propertyRatesResponseSchema, {
          searchId: SEARCH_EXAMPLE_RESPONSE.searchId,
          propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
          currency: 'EUR',
          partial: false,
          suppliers: [{ id: 'hotelbeds', status: 'ok', tookMs: 120, results: 4 }],
          rates: [EXAMPLE_RATE],
        }),
      },
    },
    problems: [404, 410],
  },
};

export { EXAMPLE_RATE };
