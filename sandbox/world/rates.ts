import { scaleMinor } from '../../functions/domain/money/money.js';
import { toUtcIso, zonedLocalToUtc } from '../../functions/suppliers/time-zone.js';
import { findCity } from './cities.js';
import { unitFromLabel } from './prng.js';
import type { SupplierProperty, SupplierRoomType } from './supplier-views.js';
import { SUPPLIER_PROFILES } from './supplier-views.js';

/**
 * The sandbox's pricing and availability: what a supplier would sell for a stay, derived
 * deterministically from the world (no stored inventory). All sandbox servers share it, so the three
 * suppliers disagree only through their profiles (margin, currency, commission) and coverage.
 */

export type BoardBasis = 'RO' | 'BB' | 'HB' | 'FB' | 'AI';
export type RatePayment = 'net' | 'pay_at_hotel';

export interface StayOccupancy {
  readonly adults: number;
  readonly childrenAges: readonly number[];
}

export interface CancellationTier {
  /** UTC instant from which the penalty applies. */
  readonly from: string;
  readonly amountMinor: number;
}

export interface SandboxRate {
  readonly planCode: string;
  readonly room: SupplierRoomType;
  readonly board: BoardBasis;
  readonly refundable: boolean;
  readonly payment: RatePayment;
  /** For all `rooms` rooms and all nights, in the supplier's currency. */
  readonly totalMinor: number;
  /** Commission the hotel pays on pay-at-hotel rates (0 on net rates). */
  readonly commissionMinor: number;
  readonly nightlyMinor: readonly number[];
  /** City tax payable at the hotel, not included in the total (0 when the city has none). */
  readonly cityTaxMinor: number;
  readonly currency: string;
  readonly cancellation: readonly CancellationTier[];
  readonly rooms: number;
  readonly occupancy: StayOccupancy;
}

export interface QuoteRequest {
  readonly seed: number;
  readonly property: SupplierProperty;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly occupancy: StayOccupancy;
  readonly rooms: number;
  readonly now: Date;
  /** Sandbox scenario "reprice": the price has moved up since the search. */
  readonly repriced?: boolean;
}

interface Plan {
  readonly code: string;
  readonly board: BoardBasis;
  readonly refundable: boolean;
  readonly payment: RatePayment;
}

const PLANS: readonly Plan[] = [
  { code: 'RO-FLEX', board: 'RO', refundable: true, payment: 'net' },
  { code: 'BB-FLEX', board: 'BB', refundable: true, payment: 'net' },
  { code: 'BB-NRF', board: 'BB', refundable: false, payment: 'net' },
  { code: 'RO-NRF', board: 'RO', refundable: false, payment: 'net' },
  { code: 'HB-FLEX', board: 'HB', refundable: true, payment: 'net' },
  { code: 'FB-FLEX', board: 'FB', refundable: true, payment: 'net' },
  { code: 'AI-FLEX', board: 'AI', refundable: true, payment: 'net' },
  { code: 'RO-PAH', board: 'RO', refundable: true, payment: 'pay_at_hotel' },
];

/** Board price per person per night in EUR cents for a 3-star hotel. */
const BOARD_EUR_MINOR: Readonly<Record<BoardBasis, number>> = { RO: 0, BB: 1400, HB: 3200, FB: 4800, AI: 8000 };
/**
 * Sandbox exchange rates from EUR, per mille: fixed so that tests are repeatable. The suppliers price in EUR,
 * USD and GBP; the others are hotels' own currencies for the charges they collect (sandbox/world/spec-shapes.ts).
 */
export const FX_FROM_EUR_PERMILLE: Readonly<Record<string, number>> = {
  EUR: 1000,
  USD: 1085,
  GBP: 845,
  CHF: 940,
  JPY: 163_000,
  CZK: 25_200,
  HUF: 395_000,
  TRY: 36_000,
  SGD: 1_450,
  THB: 37_000,
  PLN: 4_300,
  SEK: 11_300,
  NOK: 11_600,
  DKK: 7_460,
};

/** EUR minor units → another currency's, at the sandbox's fixed rates (a currency it has none for stays at par). */
export function fromEurMinor(eurMinor: number, currency: string): number {
  return scaleMinor(eurMinor, FX_FROM_EUR_PERMILLE[currency] ?? 1000, 1000);
}
const MONTH_PERMILLE = [880, 900, 960, 1020, 1060, 1120, 1180, 1160, 1080, 1020, 940, 1000];
const REPRICE_PERMILLE = 1070;
const MAX_NIGHTS = 30;

export function stayNights(checkIn: string, checkOut: string): string[] {
  const start = Date.parse(`${checkIn}T00:00:00Z`);
  const end = Date.parse(`${checkOut}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return [];
  const nights: string[] = [];
  for (let t = start; t < end && nights.length < MAX_NIGHTS; t += 86_400_000) nights.push(new Date(t).toISOString().slice(0, 10));
  return nights;
}

/** Rates for one occupancy (× rooms) at one supplier property; empty when sold out for the dates. */
export function quoteStay(request: QuoteRequest): SandboxRate[] {
  const { property, seed, occupancy } = request;
  const profile = SUPPLIER_PROFILES[property.supplierId];
  const hotel = property.hotel;
  const nights = stayNights(request.checkIn, request.checkOut);
  if (nights.length === 0 || request.rooms < 1) return [];
  const label = `${seed}|${property.supplierId}|${hotel.id}`;
  // Availability varies by date: each night may be closed at this supplier.
  if (nights.some((night) => unitFromLabel(`${label}|closed|${night}`) < 0.07)) return [];

  const guests = occupancy.adults + occupancy.childrenAges.length;
  const fitting = property.roomTypes.filter(
    (room) =>
      room.maxOccupancy >= guests &&
      room.maxChildren >= occupancy.childrenAges.length &&
      unitFromLabel(`${label}|room-closed|${room.code}|${request.checkIn}`) >= 0.15,
  );
  const offered = fitting.slice(0, 2);
  const plans = PLANS.filter((plan) => planOffered(plan, hotel.stars, hotel.allInclusive, unitFromLabel(`${label}|plan|${plan.code}`)));
  const currency = profile.currency;
  const rates: SandboxRate[] = [];
  for (const room of offered) {
    const roomPlans = plans.filter((plan) => unitFromLabel(`${label}|${room.code}|${plan.code}`) < 0.7).slice(0, 3);
    for (const plan of roomPlans) {
      const nightlyEur = nights.map((night) => nightPriceEur(request, room, plan, night, label));
      const toSupplier = (eurMinor: number): number => {
        let value = scaleMinor(eurMinor, profile.marginPermille, 1000);
        if (request.repriced) value = scaleMinor(value, REPRICE_PERMILLE, 1000);
        return fromEurMinor(value, currency);
      };
      const nightlyMinor = nightlyEur.map((eur) => toSupplier(eur) * request.rooms);
      const totalMinor = nightlyMinor.reduce((sum, n) => sum + n, 0);
      const city = findCity(hotel.cityCode);
      const cityTaxMinor = city ? fromEurMinor(city.cityTaxEurMinor * occupancy.adults * nights.length * request.rooms, currency) : 0;
      rates.push({
        planCode: plan.code,
        room,
        board: plan.board,
        refundable: plan.refundable,
        payment: plan.payment,
        totalMinor,
        commissionMinor: plan.payment === 'pay_at_hotel' ? scaleMinor(totalMinor, profile.commissionPermille, 1000) : 0,
        nightlyMinor,
        cityTaxMinor,
        currency,
        cancellation: cancellationTiers(request, plan.refundable, nightlyMinor[0] ?? 0, totalMinor),
        rooms: request.rooms,
        occupancy,
      });
    }
  }
  return rates;
}

function planOffered(plan: Plan, stars: number, allInclusive: boolean, draw: number): boolean {
  switch (plan.board) {
    case 'AI':
      return allInclusive;
    case 'FB':
      return stars >= 4 && draw < 0.3;
    case 'HB':
      return stars >= 3 && draw < 0.5;
    default:
      return plan.code === 'BB-FLEX' || plan.code === 'RO-FLEX' || draw < 0.6;
  }
}

function nightPriceEur(request: QuoteRequest, room: SupplierRoomType, plan: Plan, night: string, label: string): number {
  const hotel = request.property.hotel;
  const date = new Date(`${night}T00:00:00Z`);
  const weekday = date.getUTCDay();
  let price = scaleMinor(hotel.baseNightlyEurMinor, worldRoomFactor(request.property, room), 1000);
  price = scaleMinor(price, MONTH_PERMILLE[date.getUTCMonth()] ?? 1000, 1000);
  if (weekday === 5 || weekday === 6) price = scaleMinor(price, 1150, 1000);
  price = scaleMinor(price, 920 + Math.floor(unitFromLabel(`${label}|night|${night}`) * 160), 1000);
  const { adults, childrenAges } = request.occupancy;
  if (adults === 1) price = scaleMinor(price, 900, 1000);
  if (adults > 2) price = scaleMinor(price, 1000 + 250 * (adults - 2), 1000);
  const payingChildren = childrenAges.filter((age) => age >= 2).length;
  price = scaleMinor(price, 1000 + 200 * payingChildren, 1000);
  const boardPerPerson = scaleMinor(BOARD_EUR_MINOR[plan.board], hotel.stars + 2, 5);
  price += boardPerPerson * (adults + payingChildren);
  if (!plan.refundable) price = scaleMinor(price, 900, 1000);
  if (plan.payment === 'pay_at_hotel') price = scaleMinor(price, 1050, 1000);
  return price;
}

function worldRoomFactor(property: SupplierProperty, room: SupplierRoomType): number {
  return property.hotel.roomTypes.find((r) => r.code === room.worldCode)?.priceFactorPermille ?? 1000;
}

/**
 * Tiered penalties: free until `freeCancelDaysBefore` days before arrival at 18:00 hotel time, then the
 * first night, then everything from arrival day 00:00 hotel time. Non-refundable: everything from now.
 * Tiers already in force are folded into one starting now, so the list stays ascending and absolute.
 */
export function cancellationTiers(
  request: Pick<QuoteRequest, 'property' | 'checkIn' | 'now'>,
  refundable: boolean,
  firstNightMinor: number,
  totalMinor: number,
): CancellationTier[] {
  const now = new Date(Math.floor(request.now.getTime() / 1000) * 1000);
  if (!refundable) return [{ from: toUtcIso(now), amountMinor: totalMinor }];
  const city = findCity(request.property.hotel.cityCode);
  const zone = city?.timeZone ?? 'UTC';
  const arrival = Date.parse(`${request.checkIn}T00:00:00Z`);
  const freeUntilDay = new Date(arrival - request.property.hotel.freeCancelDaysBefore * 86_400_000).toISOString().slice(0, 10);
  const tiers = [
    { from: zonedLocalToUtc(`${freeUntilDay}T18:00:00`, zone), amountMinor: Math.min(firstNightMinor, totalMinor) },
    { from: zonedLocalToUtc(`${request.checkIn}T00:00:00`, zone), amountMinor: totalMinor },
  ];
  const inForce = tiers.filter((tier) => tier.from <= now);
  const future = tiers.filter((tier) => tier.from > now);
  const folded = inForce.length > 0 ? [{ from: now, amountMinor: inForce[inForce.length - 1]!.amountMinor }] : [];
  return [...folded, ...future].map((tier) => ({ from: toUtcIso(tier.from), amountMinor: tier.amountMinor }));
}

/** The penalty in force at an instant: the last tier that has started, else nothing. */
export function penaltyAt(tiers: readonly CancellationTier[], instant: Date): number {
  let penalty = 0;
  for (const tier of tiers) if (Date.parse(tier.from) <= instant.getTime()) penalty = tier.amountMinor;
  return penalty;
}
