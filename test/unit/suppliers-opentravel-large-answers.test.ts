import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseMinor } from '../../functions/domain/money/money.js';
import { OpenTravelAdapter } from '../../functions/suppliers/opentravel/adapter.js';
import type { AvailabilityRequest } from '../../functions/suppliers/port.js';
import { cityArea } from '../support/supplier-destinations.js';

/**
 * Two real availability answers of the OpenTravel sandbox supplier, stored as it sent them (Paris for one room,
 * 6.3 MB; Barcelona for two rooms, one with a child, 5.6 MB), and what the adapter made of them when they were
 * captured (`*.mapped.json.gz`, written by the adapter before its XML reading was made faster). Any change to
 * how answers are parsed or mapped must leave every offer, rate, penalty, charge and remark as it was.
 */
const FIXTURES = resolve(import.meta.dirname, '../fixtures/opentravel');
const unzipped = (name: string): string => gunzipSync(readFileSync(resolve(FIXTURES, name))).toString('utf8');

const CASES: { answer: string; request: AvailabilityRequest }[] = [
  {
    answer: 'OTA_HotelAvailRS.sandbox-PAR',
    request: {
      destination: cityArea('PAR'),
      checkIn: '2027-03-10',
      checkOut: '2027-03-13',
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
      pointOfSale: 'GB',
    },
  },
  {
    answer: 'OTA_HotelAvailRS.sandbox-BCN-two-rooms',
    request: {
      destination: cityArea('BCN'),
      checkIn: '2027-03-10',
      checkOut: '2027-03-13',
      occupancies: [
        { adults: 2, childrenAges: [] },
        { adults: 1, childrenAges: [7] },
      ],
      nationality: 'GB',
      pointOfSale: 'GB',
    },
  },
];

describe('OpenTravel adapter on large real answers', () => {
  it.each(CASES)('$answer maps to the same offers as when it was captured', async ({ answer, request }) => {
    const xml = unzipped(`${answer}.xml.gz`);
    const adapter = new OpenTravelAdapter({
      baseUrl: 'http://opentravel.test',
      apiKey: 'snapshot-key',
      secret: 'snapshot-secret',
      fetch: async () => new Response(xml, { status: 200, headers: { 'Content-Type': 'application/xml' } }),
      clock: () => new Date('2027-01-15T10:00:00Z'),
    });
    const result = await adapter.searchAvailability(request);
    const expected = JSON.parse(unzipped(`${answer}.mapped.json.gz`)) as unknown;
    expect(result.offers.length).toBeGreaterThan(300);
    // Each rate's nightly figures came after the capture: every rate has them here (the sandbox answers a Rate
    // per night), one per night, adding up to its price; the rest of the mapping is as it was captured.
    const nights = Math.round((Date.parse(request.checkOut) - Date.parse(request.checkIn)) / 86_400_000);
    const rates = result.offers.flatMap((offer) => offer.rates);
    for (const rate of rates) {
      expect(rate.nightly).toHaveLength(nights);
      expect(rate.nightly!.reduce((sum, night) => sum + parseMinor(night.amount, night.currency), 0)).toBe(
        parseMinor(rate.price.amount, rate.price.currency),
      );
    }
    const withoutNightly = {
      ...result,
      offers: result.offers.map((offer) => ({ ...offer, rates: offer.rates.map(({ nightly: _nightly, ...rate }) => rate) })),
    };
    expect(JSON.parse(JSON.stringify(withoutNightly))).toEqual(expected);
  });
});
