/**
 * The spec shapes (sandbox/world/spec-shapes.ts) in Rapid's own wire terms: what a sandbox rate carries
 * beyond a plain price, so the adapter meets every shape the published spec allows.
 *
 * - `fees-at-property`: `fees.resort_fee` and/or `fees.mandatory_fee` (beside the city's `mandatory_tax`,
 *   which every rate of a city with one carries), each in the hotel's currency as `billable_currency` and in
 *   USD as `request_currency` (as the spec's price check example gives EUR fees beside USD totals);
 *   `totals.property_fees`; `totals.property_inclusive` = `inclusive` + those fees (every rate).
 * - `remarks`: the property's content texts (special instructions, fee texts, know-before-you-go, the rate
 *   plans' own texts); check-in instructions are in every property's content, as in Rapid's.
 * - `selling-floor`: `totals.minimum_selling_price` = inclusive × SELLING_FLOOR_FACTOR.
 * - `package-rates`: `sale_scenario.package: true`.
 * - `spec-penalties`: penalties as `nights` and `percent` instead of amounts, or the first night in
 *   `nonrefundable_date_ranges`; a deposit; on the itinerary, `cancel_refund.amount` as a JSON number (the
 *   spec's example form). Property-collect rooms always answer a cancellation with a negative refund: the
 *   amount owed, nothing having been paid up front.
 */
import { scaleMinor } from '../../functions/domain/money/money.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import { FX_FROM_EUR_PERMILLE } from '../world/rates.js';
import { SELLING_FLOOR_FACTOR, specShapesFor, variantOf, type SpecShape } from '../world/spec-shapes.js';

const FAMILIES: readonly SpecShape[] = ['fees-at-property', 'remarks', 'selling-floor', 'package-rates', 'spec-penalties'];

/** A shopped rate's stable name: the same hotel, room and plan always meet the same shapes. */
export function rateLabel(propertyId: string, roomId: string, planCode: string): string {
  return `expedia|${propertyId}|${roomId}|${planCode}`;
}

/** The families one rate carries (seeded share, or forced by X-Sandbox-Scenario). */
export function shapesOf(label: string, scenarios: readonly Scenario[]): SpecShape[] {
  const shapes = specShapesFor(label, scenarios, 'expedia');
  return FAMILIES.filter((family) => shapes.has(family));
}

/** Whether a property's content carries the traveller texts beyond check-in instructions. */
export function propertyHasRemarks(propertyId: string, scenarios: readonly Scenario[]): boolean {
  return specShapesFor(`expedia|${propertyId}`, scenarios, 'expedia').has('remarks');
}

export type PenaltyForm = 'forms' | 'nonrefundable-range';

export function penaltyFormOf(label: string): PenaltyForm {
  return variantOf<PenaltyForm>(label, 'spec-penalties', ['forms', 'nonrefundable-range']);
}

/** Which fees the property collects on top of its city tax. */
export function feeKindsOf(label: string): readonly ('resort_fee' | 'mandatory_fee')[] {
  return variantOf(label, 'fees-at-property', [['resort_fee'], ['mandatory_fee'], ['resort_fee', 'mandatory_fee']] as const);
}

/**
 * The currency a sandbox Rapid hotel collects in: its own where it is one the suppliers price in (USD, GBP),
 * the euro elsewhere, as the adapter tests expect of Prague and Barcelona.
 */
export function collectCurrencyOf(countryCode: string): string {
  if (countryCode === 'US') return 'USD';
  if (countryCode === 'GB') return 'GBP';
  return 'EUR';
}

/** USD minor units → the collect currency's, at the world's fixed rates. */
export function fromUsd(usdMinor: number, currency: string): number {
  return scaleMinor(usdMinor, FX_FROM_EUR_PERMILLE[currency] ?? 1000, FX_FROM_EUR_PERMILLE.USD!);
}

/** Per room and night, in USD minor units: what a resort and a mandatory (cleaning, service) fee cost. */
export const RESORT_FEE_USD_MINOR = 2_500;
export const MANDATORY_FEE_USD_MINOR = 800;

export function sellingFloor(inclusiveMinor: number): number {
  return scaleMinor(inclusiveMinor, SELLING_FLOOR_FACTOR.numerator, SELLING_FLOOR_FACTOR.denominator);
}
