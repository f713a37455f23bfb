/**
 * Which of the shapes a supplier's published spec allows a sandbox rate carries (API-SPEC "Supplier
 * obligations"): charges the property collects, texts for the traveller, a selling floor, package-only sale,
 * and the penalty forms beyond a plain amount. Real suppliers send all of these; a sandbox that never did
 * would hide every adapter that cannot read them.
 *
 * A seeded share of rates carries each family, decided per rate from a label (the supplier, the hotel, the
 * room and the rate's own variant), so the same search always meets the same shapes; the `X-Sandbox-Scenario`
 * families (functions/suppliers/scenario.ts) force one family, or all of them, onto every rate. Each sandbox
 * server writes the family in its own wire terms.
 */
import { forcesShape, type Scenario, type SpecShapeScenario } from '../../functions/suppliers/scenario.js';
import { unitFromLabel } from './prng.js';

export type SpecShape = Exclude<SpecShapeScenario, 'obligations'>;

/** The share of rates that carry each family unasked: enough that every city's search meets each of them. */
export const SPEC_SHAPE_SHARES: Readonly<Record<SpecShape, number>> = {
  'fees-at-property': 0.25,
  remarks: 0.3,
  'selling-floor': 0.1,
  'package-rates': 0.06,
  'spec-penalties': 0.2,
};

/**
 * The floor a hotel imposes, as a multiple of the net rate: above net plus any markup the seeded accounts
 * apply (8 % and a 2.00 EUR fee for demo), so a reseller that ignored it would sell below the floor.
 */
export const SELLING_FLOOR_FACTOR = { numerator: 118, denominator: 100 } as const;

/** The market restriction Hotelbeds' own examples carry as a rate comment, word for word. */
export const MARKET_RESTRICTION_COMMENT =
  'This rate is not applicable to Spain, Italy & Portugal market/country or passport holders otherwise the reservation will not be accepted';

export interface SpecShapes {
  has(shape: SpecShape): boolean;
}

/** The families one rate carries: `label` names the rate stably (supplier, hotel, room, variant). */
export function specShapesFor(label: string, scenarios: readonly Scenario[], supplierId: string): SpecShapes {
  return {
    has: (shape) => forcesShape(scenarios, shape, supplierId) || unitFromLabel(`${label}|${shape}`) < SPEC_SHAPE_SHARES[shape],
  };
}

/** A second seeded choice within a family (which penalty form, which fee), from the same label. */
export function variantOf<T>(label: string, shape: SpecShape, choices: readonly T[]): T {
  const index = Math.floor(unitFromLabel(`${label}|${shape}|variant`) * choices.length);
  return choices[Math.min(index, choices.length - 1)]!;
}

/**
 * The currency a hotel in a country collects its own charges in (city taxes, resort fees): its local one where
 * the ECB reference rates quote it, so a sandbox charge can be priced like a real one; the euro otherwise.
 */
const LOCAL_CURRENCY: Readonly<Record<string, string>> = {
  GB: 'GBP',
  US: 'USD',
  CH: 'CHF',
  JP: 'JPY',
  CZ: 'CZK',
  HU: 'HUF',
  TR: 'TRY',
  SG: 'SGD',
  TH: 'THB',
  PL: 'PLN',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  CA: 'CAD',
  AU: 'AUD',
  KR: 'KRW',
  CN: 'CNY',
  HK: 'HKD',
  MX: 'MXN',
  BR: 'BRL',
  IN: 'INR',
  ZA: 'ZAR',
  NZ: 'NZD',
  IS: 'ISK',
  IL: 'ILS',
  ID: 'IDR',
  MY: 'MYR',
  PH: 'PHP',
  RO: 'RON',
  BG: 'BGN',
};

export function localCurrencyOf(countryCode: string | undefined): string {
  return (countryCode && LOCAL_CURRENCY[countryCode.toUpperCase()]) || 'EUR';
}
