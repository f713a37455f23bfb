import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../functions/suppliers/http-client.js';
import { OpenTravelAdapter } from '../../functions/suppliers/opentravel/adapter.js';
import { cityArea } from '../support/supplier-destinations.js';
import { responseRootFor, validateOtaDocuments, type XmlDocumentToCheck } from '../support/suppliers-opentravel-xsd.js';

/**
 * Evidence from things we did not write. OpenTravel publishes schemas, not example responses, so the samples in
 * test/fixtures/opentravel/ are written by hand strictly to the 2015B XSDs, proven valid against them here, and
 * fed through the adapter: what comes out is asserted value by value (UTC instants, amounts, charges payable at
 * the property, remarks). Every request the adapter sends meanwhile is validated against the XSDs too.
 */
const FIXTURES = resolve(import.meta.dirname, '../fixtures/opentravel');
const sample = (name: string): string => readFileSync(resolve(FIXTURES, name), 'utf8');

const SAMPLES = {
  availability: 'OTA_HotelAvailRS.spec-shapes.xml',
  availabilityRoomRates: 'OTA_HotelAvailRS.room-rates.xml',
  reservation: 'OTA_HotelResRS.committed.xml',
  cancelDecimalPlaces: 'OTA_CancelRS.decimal-places.xml',
  cancelPercent: 'OTA_CancelRS.percent.xml',
  cancelRefundOnly: 'OTA_CancelRS.refund-only.xml',
} as const;

const NOW = new Date('2027-01-15T10:00:00Z');
const requests: XmlDocumentToCheck[] = [];
let cancelAnswer: string = SAMPLES.cancelDecimalPlaces;
let availabilityAnswer: string = SAMPLES.availability;

/** A supplier that answers each message with its hand-written sample, and keeps what the adapter sent. */
const samples: FetchLike = async (_input, init) => {
  const body = String(init.body ?? '');
  requests.push({ label: `request ${requests.length + 1}`, xml: body });
  const root = responseRootFor(body);
  const file = root === 'OTA_HotelAvailRS' ? availabilityAnswer : root === 'OTA_HotelResRS' ? SAMPLES.reservation : cancelAnswer;
  return new Response(sample(file), { status: 200, headers: { 'Content-Type': 'application/xml' } });
};

const adapter = new OpenTravelAdapter({
  baseUrl: 'http://opentravel.test',
  apiKey: 'sample-key',
  secret: 'sample-secret',
  fetch: samples,
  clock: () => NOW,
});
const eur = (amount: string) => ({ amount, currency: 'EUR' });

afterAll(async () => {
  const reports = await validateOtaDocuments(requests);
  expect(requests.length).toBeGreaterThan(0);
  expect(reports.filter((report) => report.problems.length > 0)).toEqual([]);
});

describe('OpenTravel samples written to the 2015B XSDs', () => {
  it('every sample is valid against the published schemas (so it is the spec, not our guess)', async () => {
    const reports = await validateOtaDocuments(
      Object.values(SAMPLES).map((name) => ({
        label: name,
        xml: sample(name),
        expectedRoot: name.split('.')[0]!,
      })),
    );
    expect(reports).toEqual(Object.values(SAMPLES).map((label) => ({ label, problems: [] })));
  });

  it('availability: offset deadlines across DST, night, percent and DecimalPlaces penalties, AmountBeforeTax totals, taxes not included, texts; nothing dropped', async () => {
    const result = await adapter.searchAvailability({
      destination: cityArea('PAR'),
      checkIn: '2027-03-29',
      checkOut: '2027-04-01',
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
      pointOfSale: 'ES',
    });
    expect(result.unreadable).toBeUndefined();
    expect(result.offers.map((offer) => offer.supplierPropertyId)).toEqual(['OTPAR001', 'OTPRG042']);
    const [paris, prague] = result.offers;
    expect(paris).toMatchObject({ name: 'Hôtel du Marais', stars: 3, address: { city: 'Paris', countryCode: 'FR' } });
    expect(paris!.rates).toHaveLength(2);
    const [flex, nrf] = paris!.rates;

    // FLEX: arrival is 29 March 15:00 Paris time (CEST, after the 28 March change) = 13:00Z.
    expect(flex).toMatchObject({
      roomTypeCode: 'DBL',
      boardBasis: 'RO',
      refundable: true,
      payment: 'net',
      // AmountBeforeTax only: that is the price; no tax is included in it.
      price: eur('330.00'),
      taxes: [],
      cancellationPolicy: [
        // 3 days before arrival on the hotel's wall clock: 26 March 15:00 CET = 14:00Z (not 72 elapsed hours); the first night.
        { from: '2027-03-26T14:00:00.000Z', penalty: eur('100.00') },
        // 24 elapsed hours before arrival; 50 % of the stay.
        { from: '2027-03-28T13:00:00.000Z', penalty: eur('165.00') },
        // Hotel local midnight of arrival day; 100 %.
        { from: '2027-03-28T22:00:00.000Z', penalty: eur('330.00') },
      ],
      payAtProperty: [
        { kind: 'city_tax', description: 'Taxe de séjour, payable at the hotel', amount: eur('15.60') },
        // An untyped tax on a before-tax price (the plan says TaxInclusive="false"): not in the price, 10 % of 330.00.
        { kind: 'tax', description: 'VAT', amount: eur('33.00') },
        // A mandatory fee on each nightly Rate (5.00 × 3 nights); the optional rollaway bed is not an obligation.
        { kind: 'resort_fee', description: 'Resort fee, per night', amount: eur('15.00') },
      ],
      remarks: [
        { kind: 'rate', text: 'Flexible rate, room only. Payment is taken at booking.' },
        { kind: 'rate', text: 'Photo identification and a credit card are required at check-in.' },
        { kind: 'policy', text: 'Cancellations made less than 3 days before arrival are charged the first night.' },
        { kind: 'policy', text: 'Within 24 hours of arrival, half the stay is charged.' },
      ],
    });

    expect(nrf).toMatchObject({
      boardBasis: 'BB',
      refundable: false,
      price: eur('297.00'),
      // Included taxes stay in `taxes`; the excluded one is collected by the hotel.
      taxes: [{ kind: 'tax', included: true, amount: eur('27.00'), description: 'VAT' }],
      payAtProperty: [{ kind: 'city_tax', description: 'Taxe de séjour, payable at the hotel', amount: eur('15.60') }],
      // No Deadline: the whole stay from the booking (now).
      cancellationPolicy: [{ from: NOW.toISOString(), penalty: eur('297.00') }],
      remarks: [
        { kind: 'rate', text: 'Non-refundable. Breakfast included.' },
        { kind: 'policy', text: 'Non-refundable: the whole stay is charged from booking.' },
      ],
    });

    const [semi] = prague!.rates;
    expect(semi).toMatchObject({
      roomTypeCode: 'SUP',
      payment: 'pay_at_hotel',
      commission: eur('90.00'),
      price: eur('900.00'),
      taxes: [],
      // The rate plan's own CancelPenalties (the RoomStay has none).
      cancellationPolicy: [
        // 48 hours after booking; 4500 with DecimalPlaces 2 = 45.00.
        { from: '2027-01-17T10:00:00.000Z', penalty: eur('45.00') },
        // A week before arrival; no check-in time given, so arrival is 00:00 Prague time (the earliest): 22 March 00:00 CET = 21 March 23:00Z.
        // 50 % of two nights of 300.00.
        { from: '2027-03-21T23:00:00.000Z', penalty: eur('300.00') },
      ],
      // In the hotel's currency, not the rate's.
      payAtProperty: [
        { kind: 'city_tax', description: 'Local fee, collected by the hotel', amount: { amount: '300.00', currency: 'CZK' } },
        { kind: 'resort_fee', description: undefined, amount: { amount: '20.00', currency: 'CZK' } },
      ],
      remarks: [
        { kind: 'rate', text: 'Pay at the hotel in Czech crowns.\nNot valid for groups of more than 5 rooms.' },
        { kind: 'policy', text: 'Free cancellation for 48 hours after booking.' },
      ],
    });
    expect(requests.at(-1)!.xml).toContain('<Source ISOCountry="ES">');
    expect(requests.at(-1)!.xml).toContain('<CitizenCountryName Code="GB"/>');
  });

  it("availability, one RoomStay with several RoomRates: one rate each, with its own Total, its plan's penalties and texts", async () => {
    availabilityAnswer = SAMPLES.availabilityRoomRates;
    try {
      const result = await adapter.searchAvailability({
        destination: cityArea('TYO'),
        checkIn: '2027-05-10',
        checkOut: '2027-05-12',
        occupancies: [{ adults: 2, childrenAges: [] }],
        nationality: 'GB',
      });
      expect(result.unreadable).toBeUndefined();
      const jpy = (amount: string) => ({ amount, currency: 'JPY' });
      expect(result.offers).toHaveLength(1);
      expect(result.offers[0]).toMatchObject({ supplierPropertyId: 'OTTYO007', name: 'Hotel Ginza Hikari', stars: 4 });
      expect(result.offers[0]!.rates).toMatchObject([
        {
          roomTypeCode: 'STD',
          roomTypeName: 'Standard twin',
          boardBasis: 'RO',
          refundable: true,
          price: jpy('45000'),
          taxes: [{ kind: 'tax', included: true, amount: jpy('4090'), description: 'Consumption tax' }],
          payAtProperty: [{ kind: 'city_tax', description: 'Tokyo accommodation tax', amount: jpy('400') }],
          // Arrival 10 May 15:00 Tokyo = 06:00Z; a day before; one night of 22500.
          cancellationPolicy: [{ from: '2027-05-09T06:00:00.000Z', penalty: jpy('22500') }],
          remarks: [
            { kind: 'rate', text: 'Best available rate.' },
            { kind: 'policy', text: 'Cancelling from the day before arrival costs one night.' },
          ],
        },
        {
          roomTypeCode: 'STD',
          boardBasis: 'BB',
          refundable: false,
          price: jpy('38000'),
          payAtProperty: [],
          cancellationPolicy: [{ from: NOW.toISOString(), penalty: jpy('38000') }],
          remarks: [{ kind: 'rate', text: 'Advance purchase, non-refundable.' }],
        },
        {
          roomTypeCode: 'DLX',
          roomTypeName: 'Deluxe king',
          refundable: true,
          price: jpy('60000'),
          cancellationPolicy: [{ from: '2027-05-09T06:00:00.000Z', penalty: jpy('30000') }],
        },
      ]);
    } finally {
      availabilityAnswer = SAMPLES.availability;
    }
  });

  it("reservation: the reservation's own offset penalties from the hotel's check-in time, AmountBeforeTax price, charges and texts", async () => {
    const booking = await adapter.getBooking({ supplierReference: 'OTR12345', pointOfSale: 'ES' });
    expect(booking).toMatchObject({
      supplierReference: 'OTR12345',
      clientReference: 'bk_fixture_1',
      status: 'confirmed',
      supplierPropertyId: 'OTPAR001',
      checkIn: '2027-03-29',
      checkOut: '2027-04-01',
      price: eur('330.00'),
      payment: 'net',
      createdAt: '2027-01-15T10:00:05.000Z',
      holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
      cancellationPolicy: [
        // Arrival at the 14:00 check-in; two days before on the wall clock is 27 March 14:00 CET = 13:00Z; the first night.
        { from: '2027-03-27T13:00:00.000Z', penalty: eur('100.00') },
        { from: '2027-03-29T12:00:00.000Z', penalty: eur('330.00') },
      ],
      payAtProperty: [{ kind: 'city_tax', description: 'Taxe de séjour, payable at the hotel', amount: eur('15.60') }],
      remarks: [
        { kind: 'rate', text: 'Flexible rate, room only. Payment is taken at booking.' },
        { kind: 'policy', text: 'From two days before arrival, the first night is charged.' },
      ],
    });
    expect(booking.rooms[0]!.guests.map((guest) => guest.lastName)).toEqual(['Lovelace', 'Babbage']);
    expect(requests.at(-1)!.xml).toContain('ISOCountry="ES"');
  });

  it('cancellation: the applied penalty in every form CancelRuleType allows (DecimalPlaces, Percent of the reservation, Refund only)', async () => {
    cancelAnswer = SAMPLES.cancelDecimalPlaces;
    expect(await adapter.cancel({ supplierReference: 'OTR12345' })).toMatchObject({
      status: 'cancelled',
      supplierReference: 'OTR12345',
      penalty: eur('100.00'),
      cancellationReference: 'OTC0001',
    });
    cancelAnswer = SAMPLES.cancelPercent;
    const before = requests.length;
    expect((await adapter.cancel({ supplierReference: 'OTR12345' })).penalty).toEqual(eur('330.00'));
    // The percentage needed the reservation's total: it was read (OTA_HotelResRQ Initiate) after the cancel.
    expect(requests.slice(before).map((r) => responseRootFor(r.xml))).toEqual(['OTA_CancelRS', 'OTA_HotelResRS']);
    cancelAnswer = SAMPLES.cancelRefundOnly;
    expect(await adapter.cancel({ supplierReference: 'OTR12345' })).toMatchObject({
      penalty: eur('100.00'),
      cancellationReference: 'OTC0002',
    });
  });
});
