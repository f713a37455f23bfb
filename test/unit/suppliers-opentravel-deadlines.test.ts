import { describe, expect, it } from 'vitest';
import { penaltyStart, type DeadlineContext } from '../../functions/suppliers/opentravel/deadlines.js';
import { percentOf, roomStayRate } from '../../functions/suppliers/opentravel/map-wire.js';
import { child, children, parseXml, type XmlNode } from '../../functions/suppliers/opentravel/xml.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';

/** Every DeadlineGroup form OTA 2015B allows, in a hotel whose clocks change (New York, 14 March 2027). */
const context: DeadlineContext = {
  zone: 'America/New_York',
  checkIn: '2027-03-15',
  checkOut: '2027-03-17',
  checkInTime: '16:00:00',
  checkOutTime: '11:00',
  bookedAt: new Date('2027-01-31T12:00:00Z'),
};
const deadline = (attributes: Record<string, string>): XmlNode =>
  Object.fromEntries(Object.entries(attributes).map(([k, v]) => [`@_${k}`, v]));
const start = (attributes: Record<string, string>, ctx: DeadlineContext = context) => penaltyStart(deadline(attributes), ctx, 'test');

describe('OpenTravel penalty deadlines in every DeadlineGroup form', () => {
  it('counts calendar units on the hotel wall clock and hours as elapsed time, across a DST change', () => {
    // Arrival 15 March 16:00 EDT = 20:00Z. Two days before on the wall clock: 13 March 16:00 EST = 21:00Z.
    expect(start({ OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '2', OffsetDropTime: 'BeforeArrival' })).toBe('2027-03-13T21:00:00.000Z');
    // 48 elapsed hours before 20:00Z.
    expect(start({ OffsetTimeUnit: 'Hour', OffsetUnitMultiplier: '48', OffsetDropTime: 'BeforeArrival' })).toBe('2027-03-13T20:00:00.000Z');
    expect(start({ OffsetTimeUnit: 'Week', OffsetUnitMultiplier: '1', OffsetDropTime: 'BeforeArrival' })).toBe('2027-03-08T21:00:00.000Z');
    expect(start({ OffsetTimeUnit: 'Minute', OffsetUnitMultiplier: '90', OffsetDropTime: 'BeforeArrival' })).toBe(
      '2027-03-15T18:30:00.000Z',
    );
    // No OffsetDropTime reads as before arrival.
    expect(start({ OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '2' })).toBe('2027-03-13T21:00:00.000Z');
  });

  it('months clamp to the end of a shorter month; arrival without a check-in time is 00:00 hotel time', () => {
    const end = { ...context, checkIn: '2027-03-31', checkInTime: undefined };
    // 1 month before 31 March 00:00 is 28 February 00:00 EST = 05:00Z.
    expect(start({ OffsetTimeUnit: 'Month', OffsetUnitMultiplier: '1', OffsetDropTime: 'BeforeArrival' }, end)).toBe(
      '2027-02-28T05:00:00.000Z',
    );
    expect(start({ OffsetTimeUnit: 'Year', OffsetUnitMultiplier: '1', OffsetDropTime: 'BeforeArrival' }, end)).toBe(
      '2026-03-31T04:00:00.000Z',
    );
  });

  it('counts AfterBooking from the booking, AfterArrival and AfterDeparture from the stay', () => {
    expect(start({ OffsetTimeUnit: 'Hour', OffsetUnitMultiplier: '24', OffsetDropTime: 'AfterBooking' })).toBe('2027-02-01T12:00:00.000Z');
    expect(start({ OffsetTimeUnit: 'Month', OffsetUnitMultiplier: '1', OffsetDropTime: 'AfterConfirmation' })).toBe(
      '2027-02-28T12:00:00.000Z',
    );
    expect(start({ OffsetTimeUnit: 'Hour', OffsetUnitMultiplier: '2', OffsetDropTime: 'AfterArrival' })).toBe('2027-03-15T22:00:00.000Z');
    // Departure 17 March 11:00 EDT = 15:00Z.
    expect(start({ OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '0', OffsetDropTime: 'AfterDeparture' })).toBe('2027-03-17T15:00:00.000Z');
  });

  it('reads a time of day alone as that hotel time on arrival day, and with a day offset on the day it lands on', () => {
    expect(start({ AbsoluteDeadline: '18:00:00' })).toBe('2027-03-15T22:00:00.000Z');
    expect(start({ AbsoluteDeadline: '18:00:00', OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '3', OffsetDropTime: 'BeforeArrival' })).toBe(
      '2027-03-12T23:00:00.000Z',
    );
  });

  it('reads absolute date-times in hotel time or as given, and no Deadline as from the booking', () => {
    expect(start({ AbsoluteDeadline: '2027-03-14T12:00:00' })).toBe('2027-03-14T16:00:00.000Z');
    expect(start({ AbsoluteDeadline: '2027-03-14T12:00:00Z' })).toBe('2027-03-14T12:00:00.000Z');
    expect(penaltyStart(undefined, context, 'test')).toBe('2027-01-31T12:00:00.000Z');
  });

  it('refuses what is not a point in time, in words that quote nothing from the answer', () => {
    for (const bad of <Record<string, string>[]>[
      { OffsetTimeUnit: 'FullDuration', OffsetUnitMultiplier: '1', OffsetDropTime: 'BeforeArrival' },
      { OffsetTimeUnit: 'Day', OffsetDropTime: 'BeforeArrival' },
      { OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '1000', OffsetDropTime: 'BeforeArrival' },
      { OffsetTimeUnit: 'Day', OffsetUnitMultiplier: '1', OffsetDropTime: 'Whenever' },
      { AbsoluteDeadline: 'tomorrow' },
    ]) {
      const error = (() => {
        try {
          start(bad);
          return undefined;
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).kind).toBe('bad_response');
      expect((error as SupplierError).message).not.toMatch(/FullDuration|1000|Whenever|tomorrow/);
    }
    expect(() => start({ AbsoluteDeadline: '2027-03-14T12:00:00' }, { ...context, zone: undefined })).toThrow(SupplierError);
  });
});

describe('OpenTravel percentages and amounts', () => {
  it('takes a percentage exactly, up to six decimals, rounded half up', () => {
    expect(percentOf(33_000, '50', 'test', 'p')).toBe(16_500);
    expect(percentOf(10_000, '33.3333', 'test', 'p')).toBe(3_333);
    expect(percentOf(999, '.5', 'test', 'p')).toBe(5);
    expect(percentOf(12_345, '100.000', 'test', 'p')).toBe(12_345);
    expect(() => percentOf(1, '100.01', 'test', 'p')).toThrow(SupplierError);
    expect(() => percentOf(1, 'half', 'test', 'p')).toThrow(SupplierError);
  });

  it('never reads a zero Amount beside a Percent as a free cancellation', () => {
    const stay = children(
      child(
        parseXml(`<RoomStays><RoomStay>
      <RoomTypes><RoomType RoomTypeCode="A"/></RoomTypes><RatePlans><RatePlan RatePlanCode="P"/></RatePlans>
      <TimeSpan Start="2027-03-15" End="2027-03-17"/>
      <CancelPenalties><CancelPenalty><Deadline AbsoluteDeadline="2027-03-10T12:00:00"/><AmountPercent Amount="0.00" CurrencyCode="USD" Percent="25"/></CancelPenalty></CancelPenalties>
      <Total AmountAfterTax="400.00" CurrencyCode="USD"/>
      <BasicPropertyInfo HotelCode="H" HotelName="X" HotelCityCode="NYC"/>
    </RoomStay></RoomStays>`),
        'RoomStays',
      ),
      'RoomStay',
    )[0]!;
    expect(roomStayRate(stay, 'test').rate.cancellationPolicy).toEqual([
      { from: '2027-03-10T17:00:00.000Z', penalty: { amount: '100.00', currency: 'USD' } },
    ]);
  });
});
