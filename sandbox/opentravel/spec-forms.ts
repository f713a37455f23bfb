import { currencyExponent, formatMinor, scaleMinor } from '../../functions/domain/money/money.js';
import { SUPPLIER_ID } from '../../functions/suppliers/opentravel/codes.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import { utcToZonedLocal, zonedLocalToUtc } from '../../functions/suppliers/time-zone.js';
import { findCity } from '../world/cities.js';
import type { CancellationTier, SandboxRate } from '../world/rates.js';
import { specShapesFor, variantOf } from '../world/spec-shapes.js';
import type { SupplierProperty } from '../world/supplier-views.js';

/**
 * The shapes of the 2015B schema a real OTA supplier may send, which the OpenTravel sandbox writes on a seeded
 * share of its rates (sandbox/world/spec-shapes.ts) or on every rate when X-Sandbox-Scenario forces the family:
 * - `spec-penalties`: deadlines as an offset in hours before arrival (arrival = the hotel's check-in time, which
 *   the hotel's full BasicPropertyInfo carries as Policy/@CheckInTime), the first-night tier as `NmbrOfNights="1"`, the
 *   whole-stay tier as `Percent="100"` or as minor units with `DecimalPlaces`;
 * - `fees-at-property`: the city tax not included (`Tax Type="Exclusive"`, FTT code 3; a tourism levy, code 18,
 *   where the city has none) in the hotel's own currency, and on some rates a total with `AmountBeforeTax` only;
 * - `remarks`: a `RatePlanDescription` and a `PenaltyDescription` on every penalty.
 * Each form says exactly what the plain form says (the same instants and amounts once read), so a rate's price
 * and policy never depend on the form it was written in. `selling-floor` and `package-rates` have no OTA 2015B
 * form in the messages this supplier speaks (no minimum selling price, no package-only flag on a RoomStay), so
 * the OpenTravel sandbox ignores them.
 */
export interface OtaRateForms {
  readonly penalties: boolean;
  /** The whole-stay tier as Percent (else as minor units with DecimalPlaces). */
  readonly wholeStayAsPercent: boolean;
  readonly feesAtProperty: boolean;
  /** Total with AmountBeforeTax only (the nightly Base too). */
  readonly beforeTaxOnly: boolean;
  readonly remarks: boolean;
}

export function otaRateForms(property: SupplierProperty, rate: SandboxRate, scenarios: readonly Scenario[]): OtaRateForms {
  const label = `${SUPPLIER_ID}|${property.supplierPropertyId}|${rate.room.code}|${rate.planCode}`;
  const shapes = specShapesFor(label, scenarios, SUPPLIER_ID);
  return {
    penalties: shapes.has('spec-penalties'),
    wholeStayAsPercent: variantOf(label, 'spec-penalties', [true, false]),
    feesAtProperty: shapes.has('fees-at-property'),
    beforeTaxOnly: variantOf(label, 'fees-at-property', [true, false]),
    remarks: shapes.has('remarks'),
  };
}

/** xs:time of the hotel's check-in ("15:00" → "15:00:00"). */
export function checkInTimeOf(property: SupplierProperty): string {
  const time = property.hotel.checkInTime;
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

/** ISO 4217 currency of the hotel's country, and how many of its minor units one euro cent makes (× 1000). */
const HOTEL_CURRENCY: Readonly<Record<string, readonly [currency: string, perEuroCentPermille: number]>> = {
  GB: ['GBP', 845],
  FR: ['EUR', 1000],
  US: ['USD', 1085],
  JP: ['JPY', 1620],
  IT: ['EUR', 1000],
  ES: ['EUR', 1000],
  AE: ['AED', 3980],
  TH: ['THB', 38500],
  TR: ['TRY', 35000],
  DE: ['EUR', 1000],
  NL: ['EUR', 1000],
  RU: ['RUB', 98000],
  SG: ['SGD', 1450],
  HK: ['HKD', 8450],
  CZ: ['CZK', 25100],
  PT: ['EUR', 1000],
  AT: ['EUR', 1000],
  KR: ['KRW', 14500],
  AU: ['AUD', 1650],
  CA: ['CAD', 1480],
  MX: ['MXN', 18500],
  GR: ['EUR', 1000],
  HU: ['HUF', 39500],
  IE: ['EUR', 1000],
  EG: ['EGP', 52000],
  BR: ['BRL', 5900],
  DK: ['DKK', 7460],
  SE: ['SEK', 11500],
  PL: ['PLN', 4300],
  AR: ['ARS', 1050000],
  ZA: ['ZAR', 19800],
  MA: ['MAD', 10800],
  IS: ['ISK', 1500],
};

/** A levy per adult and night where the city has no tax of its own, in euro cents. */
const TOURISM_LEVY_EUR_MINOR = 150;

/** The tax the hotel collects on this rate, in the hotel's currency (FTT 3 city tax, or 18 tourism levy). */
export function localTax(
  property: SupplierProperty,
  rate: SandboxRate,
  nights: number,
): { code: string; amount: string; currency: string; text: string } {
  const city = findCity(property.cityCode);
  const [currency, permille] = HOTEL_CURRENCY[city?.countryCode ?? ''] ?? ['EUR', 1000];
  const perNightEur = city && city.cityTaxEurMinor > 0 ? city.cityTaxEurMinor : TOURISM_LEVY_EUR_MINOR;
  const eurMinor = perNightEur * rate.occupancy.adults * nights * rate.rooms;
  const localMinor = scaleMinor(eurMinor, permille, 1000);
  const cityTax = city !== undefined && city.cityTaxEurMinor > 0;
  return {
    code: cityTax ? '3' : '18',
    amount: formatMinor(localMinor, currency),
    currency,
    text: cityTax ? 'City tax, collected by the hotel at check-in' : 'Tourism levy, collected by the hotel at check-in',
  };
}

/**
 * A penalty tier's Deadline: hours before arrival when the tier starts a whole number of hours (up to the
 * XSD's 999) before the hotel's check-in, else the absolute hotel-local time.
 */
export function tierDeadline(
  tier: CancellationTier,
  property: SupplierProperty,
  checkIn: string,
  zone: string,
  asOffset: boolean,
): Record<string, string> {
  if (asOffset) {
    const arrival = zonedLocalToUtc(`${checkIn}T${checkInTimeOf(property)}`, zone).getTime();
    const hours = (arrival - Date.parse(tier.from)) / 3_600_000;
    if (Number.isInteger(hours) && hours >= 0 && hours <= 999) {
      return { '@_OffsetTimeUnit': 'Hour', '@_OffsetUnitMultiplier': String(hours), '@_OffsetDropTime': 'BeforeArrival' };
    }
  }
  return { '@_AbsoluteDeadline': utcToZonedLocal(new Date(tier.from), zone) };
}

/** A penalty tier's AmountPercent: the first night as NmbrOfNights, the whole stay as Percent or DecimalPlaces. */
export function tierAmount(
  tier: CancellationTier,
  totalMinor: number,
  firstNightMinor: number,
  currency: string,
  forms: OtaRateForms | undefined,
): Record<string, string> {
  if (forms?.penalties) {
    if (tier.amountMinor === totalMinor) {
      return forms.wholeStayAsPercent
        ? { '@_Percent': '100', '@_BasisType': 'FullStay' }
        : { '@_Amount': String(tier.amountMinor), '@_DecimalPlaces': String(currencyExponent(currency)), '@_CurrencyCode': currency };
    }
    if (tier.amountMinor === firstNightMinor) return { '@_NmbrOfNights': '1' };
  }
  return { '@_Amount': formatMinor(tier.amountMinor, currency), '@_CurrencyCode': currency };
}

/** What a tier means for the traveller, in words (PenaltyDescription). */
export function tierText(tier: CancellationTier, currency: string, zone: string, refundable: boolean): string {
  const local = utcToZonedLocal(new Date(tier.from), zone).replace('T', ' ').slice(0, 16);
  return refundable
    ? `Cancellations from ${local} hotel time are charged ${currency} ${formatMinor(tier.amountMinor, currency)}.`
    : `Non-refundable: cancelling at any time costs the full ${currency} ${formatMinor(tier.amountMinor, currency)}.`;
}

/** The rate plan's text for the traveller (RatePlanDescription). */
export function ratePlanText(rate: SandboxRate): string {
  const board = { RO: 'Room only', BB: 'Bed and breakfast', HB: 'Half board', FB: 'Full board', AI: 'All inclusive' }[rate.board];
  const payment = rate.payment === 'pay_at_hotel' ? 'Payment is made to the hotel at check-in.' : 'Payment is taken at booking.';
  const refund = rate.refundable ? 'Free cancellation until the deadline shown.' : 'This rate cannot be refunded.';
  return `${board}. ${payment} ${refund} Photo identification and a credit card are required at check-in.`;
}
