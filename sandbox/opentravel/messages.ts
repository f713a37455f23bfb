import { formatMinor } from '../../functions/domain/money/money.js';
import {
  AGE_ADULT,
  AGE_CHILD,
  CONTEXT_CLIENT,
  CONTEXT_HOTEL,
  CONTEXT_SUPPLIER,
  MEAL_PLAN_BY_BOARD,
  UIT_CANCELLATION,
  UIT_HOTEL,
  UIT_RESERVATION,
} from '../../functions/suppliers/opentravel/codes.js';
import { utcToZonedLocal } from '../../functions/suppliers/time-zone.js';
import { findCity } from '../world/cities.js';
import type { CancellationTier, SandboxRate } from '../world/rates.js';
import { stayNights } from '../world/rates.js';
import type { SupplierProperty } from '../world/supplier-views.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import type { OtaSandboxBooking, OtaSandboxGuest } from './bookings.js';
import {
  checkInTimeOf,
  localTax,
  otaRateForms,
  ratePlanText,
  tierAmount,
  tierDeadline,
  tierText,
  type OtaRateForms,
} from './spec-forms.js';

/**
 * The sandbox's OTA message fragments (as fast-xml-parser objects, in XSD element order): a RoomStay
 * for one rate, a reservation, the property header. Deadlines are written in hotel local time without
 * an offset, as many OTA suppliers do; the adapter converts them back with the hotel's zone.
 */

export function hotelZone(property: SupplierProperty): string {
  return findCity(property.cityCode)?.timeZone ?? 'UTC';
}

export function localDeadline(instant: string, zone: string): string {
  return utcToZonedLocal(new Date(instant), zone);
}

export function basicPropertyInfo(property: SupplierProperty): Record<string, unknown> {
  return {
    '@_HotelCode': property.supplierPropertyId,
    '@_HotelName': property.name,
    '@_HotelCityCode': property.cityCode,
    Position: { '@_Latitude': property.geo.lat.toFixed(6), '@_Longitude': property.geo.lng.toFixed(6) },
    Address: {
      AddressLine: property.addressLine,
      CityName: property.address.city,
      ...(property.address.postalCode ? { PostalCode: property.address.postalCode } : {}),
      CountryName: { '@_Code': property.address.countryCode },
    },
    Award: { '@_Provider': 'OTA-SANDBOX', '@_Rating': String(property.stars) },
    // Arrival for deadlines given as an offset before it.
    Policy: { '@_CheckInTime': checkInTimeOf(property) },
  };
}

export function briefPropertyInfo(property: SupplierProperty): Record<string, unknown> {
  // The check-in time travels with the full BasicPropertyInfo (the hotel's first RoomStay, every reservation's
  // RoomStays): the adapter takes a hotel's times from any of its RoomStays, and an answer of ~20,000 RoomStays
  // would carry it 20,000 times.
  return { '@_HotelCode': property.supplierPropertyId, '@_HotelName': property.name, '@_HotelCityCode': property.cityCode };
}

export function guestCounts(adults: number, childrenAges: readonly number[]): Record<string, unknown> {
  return {
    GuestCount: [
      { '@_AgeQualifyingCode': AGE_ADULT, '@_Count': String(adults) },
      ...childrenAges.map((age) => ({ '@_AgeQualifyingCode': AGE_CHILD, '@_Age': String(age), '@_Count': '1' })),
    ],
  };
}

/** The spec forms of one priced stay: its tiers written as offsets, nights and percentages where the rate carries them. */
export interface PenaltyForms {
  readonly forms: OtaRateForms;
  readonly property: SupplierProperty;
  readonly checkIn: string;
  readonly totalMinor: number;
  readonly firstNightMinor: number;
}

export function cancelPenalties(
  tiers: readonly CancellationTier[],
  refundable: boolean,
  currency: string,
  zone: string,
  spec?: PenaltyForms,
): Record<string, unknown> {
  return {
    CancelPenalty: tiers.map((tier) => ({
      ...(refundable ? {} : { '@_NonRefundable': 'true' }),
      Deadline: spec
        ? tierDeadline(tier, spec.property, spec.checkIn, zone, spec.forms.penalties)
        : { '@_AbsoluteDeadline': localDeadline(tier.from, zone) },
      AmountPercent: spec
        ? tierAmount(tier, spec.totalMinor, spec.firstNightMinor, currency, spec.forms)
        : { '@_Amount': formatMinor(tier.amountMinor, currency), '@_CurrencyCode': currency },
      ...(spec?.forms.remarks ? { PenaltyDescription: [{ Text: [tierText(tier, currency, zone, refundable)] }] } : {}),
    })),
  };
}

function total(property: SupplierProperty, rate: SandboxRate, forms: OtaRateForms, nights: number): Record<string, unknown> {
  const currency = rate.currency;
  const local = forms.feesAtProperty ? localTax(property, rate, nights) : undefined;
  return {
    ...(forms.feesAtProperty && forms.beforeTaxOnly ? {} : { '@_AmountAfterTax': formatMinor(rate.totalMinor, currency) }),
    ...(forms.feesAtProperty && forms.beforeTaxOnly ? { '@_AmountBeforeTax': formatMinor(rate.totalMinor, currency) } : {}),
    '@_CurrencyCode': currency,
    ...(local
      ? {
          // Not included, in the hotel's own currency: the property collects it.
          Taxes: {
            Tax: [
              {
                '@_Type': 'Exclusive',
                '@_Code': local.code,
                '@_Amount': local.amount,
                '@_CurrencyCode': local.currency,
                TaxDescription: [{ Text: [local.text] }],
              },
            ],
          },
        }
      : rate.cityTaxMinor > 0
        ? {
            Taxes: {
              Tax: [
                {
                  '@_Type': 'Exclusive',
                  '@_Amount': formatMinor(rate.cityTaxMinor, currency),
                  '@_CurrencyCode': currency,
                  TaxDescription: { Text: 'City tax, payable at the hotel' },
                },
              ],
            },
          }
        : {}),
  };
}

function ratePlan(rate: SandboxRate, forms: OtaRateForms): Record<string, unknown> {
  const currency = rate.currency;
  const payAtHotel = rate.payment === 'pay_at_hotel';
  return {
    '@_RatePlanCode': rate.planCode,
    '@_PrepaidIndicator': payAtHotel ? 'false' : 'true',
    ...(forms.remarks ? { RatePlanDescription: { Text: [ratePlanText(rate)] } } : {}),
    // A before-tax total says so on the plan too.
    ...(forms.feesAtProperty && forms.beforeTaxOnly ? { RatePlanInclusions: { '@_TaxInclusive': 'false' } } : {}),
    ...(payAtHotel
      ? {
          Commission: { CommissionPayableAmount: { '@_Amount': formatMinor(rate.commissionMinor, currency), '@_CurrencyCode': currency } },
        }
      : {}),
    MealsIncluded: {
      '@_Breakfast': String(rate.board !== 'RO'),
      '@_MealPlanIndicator': String(rate.board !== 'RO'),
      '@_MealPlanCodes': MEAL_PLAN_BY_BOARD[rate.board],
    },
  };
}

export interface RoomStayOptions {
  readonly checkIn: string;
  readonly checkOut: string;
  /** Availability answers: which RoomStayCandidate this stay answers, and its own RPH. */
  readonly candidateRph?: string;
  readonly rph?: string;
  /** Reservations: the room's position and the RPHs of its guests. */
  readonly indexNumber?: number;
  readonly guestRphs?: readonly number[];
  /** Reservations: the room's special request, as booked. */
  readonly specialRequest?: string;
  /** BasicPropertyInfo with the hotel's code, name and city only (its other RoomStays carry the rest). */
  readonly briefProperty?: boolean;
  /** The call's X-Sandbox-Scenario entries: families of spec forms forced onto every rate. */
  readonly scenarios?: readonly Scenario[];
}

/** One rate of one property as a complete RoomStay: room, plan, nightly rates, penalties, total. */
export function roomStay(property: SupplierProperty, rate: SandboxRate, options: RoomStayOptions): Record<string, unknown> {
  const nights = stayNights(options.checkIn, options.checkOut);
  const currency = rate.currency;
  const forms = otaRateForms(property, rate, options.scenarios ?? []);
  const base = forms.feesAtProperty && forms.beforeTaxOnly ? '@_AmountBeforeTax' : '@_AmountAfterTax';
  return {
    ...(options.candidateRph ? { '@_RoomStayCandidateRPH': options.candidateRph } : {}),
    ...(options.rph ? { '@_RPH': options.rph } : {}),
    ...(options.indexNumber !== undefined ? { '@_IndexNumber': String(options.indexNumber) } : {}),
    RoomTypes: {
      RoomType: [
        { '@_RoomTypeCode': rate.room.code, '@_NumberOfUnits': String(rate.rooms), RoomDescription: { '@_Name': rate.room.name } },
      ],
    },
    RatePlans: { RatePlan: [ratePlan(rate, forms)] },
    RoomRates: {
      RoomRate: [
        {
          '@_RoomTypeCode': rate.room.code,
          '@_RatePlanCode': rate.planCode,
          '@_NumberOfUnits': String(rate.rooms),
          Rates: {
            Rate: nights.map((night, index) => ({
              '@_EffectiveDate': night,
              '@_ExpireDate': nights[index + 1] ?? options.checkOut,
              '@_RateTimeUnit': 'Day',
              '@_UnitMultiplier': '1',
              Base: { [base]: formatMinor(rate.nightlyMinor[index] ?? 0, currency), '@_CurrencyCode': currency },
            })),
          },
        },
      ],
    },
    GuestCounts: guestCounts(rate.occupancy.adults, rate.occupancy.childrenAges),
    TimeSpan: { '@_Start': options.checkIn, '@_End': options.checkOut },
    CancelPenalties: cancelPenalties(rate.cancellation, rate.refundable, currency, hotelZone(property), {
      forms,
      property,
      checkIn: options.checkIn,
      totalMinor: rate.totalMinor,
      firstNightMinor: rate.nightlyMinor[0] ?? 0,
    }),
    Total: total(property, rate, forms, nights.length),
    BasicPropertyInfo: options.briefProperty ? briefPropertyInfo(property) : basicPropertyInfo(property),
    // ResGuestRPHs is a list type (ListOfRPH): "1 2", not child elements.
    ...(options.guestRphs?.length ? { ResGuestRPHs: options.guestRphs.join(' ') } : {}),
    ...(options.specialRequest ? { SpecialRequests: { SpecialRequest: [{ Text: [options.specialRequest] }] } } : {}),
  };
}

function personName(givenName: string, surname: string): Record<string, unknown> {
  return { PersonName: [{ ...(givenName ? { GivenName: [givenName] } : {}), Surname: surname || '-' }] };
}

function resGuest(guest: OtaSandboxGuest, rph: number): Record<string, unknown> {
  return {
    '@_ResGuestRPH': String(rph),
    '@_AgeQualifyingCode': guest.child ? AGE_CHILD : AGE_ADULT,
    ...(guest.child && guest.age !== undefined ? { '@_Age': String(guest.age) } : {}),
    Profiles: { ProfileInfo: [{ Profile: { '@_ProfileType': '1', Customer: personName(guest.givenName, guest.surname) } }] },
  };
}

/** A stored booking as an OTA HotelReservation (ResStatus Reserved or Cancelled). */
export function hotelReservation(booking: OtaSandboxBooking, scenarios: readonly Scenario[] = []): Record<string, unknown> {
  const currency = booking.currency;
  const zone = hotelZone(booking.property);
  let rph = 0;
  const guestRphs = booking.rooms.map((room) =>
    room.guests.map(() => {
      rph += 1;
      return rph;
    }),
  );
  const refundable = booking.rooms.every((room) => room.rate.refundable);
  const holder = booking.holder;
  return {
    '@_CreateDateTime': booking.createdAt.toISOString(),
    '@_ResStatus': booking.status,
    UniqueID: [
      { '@_Type': UIT_RESERVATION, '@_ID': booking.reference, '@_ID_Context': CONTEXT_SUPPLIER },
      ...(booking.clientReference.length <= 32
        ? [{ '@_Type': UIT_RESERVATION, '@_ID': booking.clientReference, '@_ID_Context': CONTEXT_CLIENT }]
        : []),
    ],
    RoomStays: {
      RoomStay: booking.rooms.map((room, index) =>
        roomStay(booking.property, room.rate, {
          checkIn: booking.checkIn,
          checkOut: booking.checkOut,
          indexNumber: index + 1,
          guestRphs: guestRphs[index] ?? [],
          ...(room.specialRequest ? { specialRequest: room.specialRequest } : {}),
          scenarios,
        }),
      ),
    },
    ...(rph > 0
      ? {
          ResGuests: {
            ResGuest: booking.rooms.flatMap((room, index) => room.guests.map((guest, g) => resGuest(guest, guestRphs[index]![g]!))),
          },
        }
      : {}),
    ResGlobalInfo: {
      TimeSpan: { '@_Start': booking.checkIn, '@_End': booking.checkOut },
      ...(booking.remark ? { Comments: { Comment: [{ '@_GuestViewable': 'true', Text: [booking.remark] }] } } : {}),
      // One room: the reservation's penalties in the room's own forms; several: plain amounts (their tiers add up).
      CancelPenalties: cancelPenalties(
        booking.cancellation,
        refundable,
        currency,
        zone,
        booking.rooms.length === 1
          ? {
              forms: otaRateForms(booking.property, booking.rooms[0]!.rate, scenarios),
              property: booking.property,
              checkIn: booking.checkIn,
              totalMinor: booking.totalMinor,
              firstNightMinor: booking.rooms[0]!.rate.nightlyMinor[0] ?? 0,
            }
          : undefined,
      ),
      Total: { '@_AmountAfterTax': formatMinor(booking.totalMinor, currency), '@_CurrencyCode': currency },
      HotelReservationIDs: {
        HotelReservationID: [
          {
            '@_ResID_Type': UIT_RESERVATION,
            '@_ResID_Value': booking.reference,
            '@_ResID_Source': CONTEXT_SUPPLIER,
            '@_ResID_Date': booking.createdAt.toISOString(),
          },
          { '@_ResID_Type': UIT_RESERVATION, '@_ResID_Value': booking.clientReference, '@_ResID_Source': CONTEXT_CLIENT },
          ...(booking.hotelConfirmation
            ? [{ '@_ResID_Type': UIT_HOTEL, '@_ResID_Value': booking.hotelConfirmation, '@_ResID_Source': CONTEXT_HOTEL }]
            : []),
          ...(booking.cancellationReference
            ? [
                {
                  '@_ResID_Type': UIT_CANCELLATION,
                  '@_ResID_Value': booking.cancellationReference,
                  '@_ResID_Source': CONTEXT_SUPPLIER,
                  ...(booking.cancelledAt ? { '@_CancellationDate': booking.cancelledAt.toISOString() } : {}),
                },
              ]
            : []),
        ],
      },
      Profiles: {
        ProfileInfo: [
          {
            Profile: {
              '@_ProfileType': '1',
              Customer: {
                ...personName(holder.givenName, holder.surname),
                ...(holder.phone ? { Telephone: [{ '@_PhoneNumber': holder.phone }] } : {}),
                ...(holder.email ? { Email: [holder.email] } : {}),
              },
            },
          },
        ],
      },
      BasicPropertyInfo: briefPropertyInfo(booking.property),
    },
  };
}
