/**
 * The rate check (interface document rule 3): the rateId is verified (signed for this tenant, not
 * expired), the supplier re-validates its rate, and the binding price is priced with the account's rules
 * exactly as the search priced it, so `available` means the partner pays what it was shown and
 * `price_changed` carries both prices. The booking flow's CheckRate step uses the same function.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { quotingOrUnavailable } from '../../domain/fx/fx-unavailable.js';
import { priceRate } from '../../domain/pricing/price-rate.js';
import { loggedPricingPathWatch } from '../../shared/pricing-path-watch.js';
import type { Price } from '../../domain/pricing/price.js';
import type { PricingSources } from '../../domain/pricing/pricing-sources.js';
import type { PricingRules } from '../../domain/pricing/pricing-rules.js';
import type { FxRates } from '../../domain/fx/fx-rates.js';
import type { PriceView } from '../../domain/rate/price-view.js';
import type { PricedRate } from '../../domain/rate/priced-rate.js';
import { RateIdError, verifyRateId, type RateTicket } from '../../domain/rate/rate-id.js';
import { describeRate, type ShownRate } from '../../domain/rate/shown-rate.js';
import type { ContractedSuppliers } from '../../suppliers/contracted-suppliers.js';
import type { Asker, SupplierRate } from '../../suppliers/port.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';

/** What the rate check reaches: the tenant's suppliers, pricing's sources, the rateId key, the clock. */
export interface RateCheckDeps extends ContractedSuppliers, PricingSources {
  rateIdKey(): Promise<Buffer>;
  now(): Date;
}

export interface RateCheckResult {
  readonly rateId: string;
  readonly status: 'available' | 'price_changed';
  readonly price: PriceView;
  readonly previousPrice: {
    readonly net: number;
    readonly markup: number;
    readonly tax: number;
    readonly serviceFee: number;
    readonly total: number;
    readonly currency: string;
  };
  readonly supplierId: string;
  readonly roomTypeName: string;
  readonly boardBasis: ShownRate['boardBasis'];
  readonly refundable: boolean;
  readonly cancellationDeadline?: string;
  readonly cancellationPolicy: ShownRate['cancellationPolicy'];
  readonly payment: ShownRate['payment'];
  /** Until when this answer may be booked (the rateId's own expiry). */
  readonly expiresAt: string;
}

export interface CheckedTicket {
  readonly ticket: RateTicket;
  readonly rate: SupplierRate;
  /** The binding price as exact decimals (result.price is its JSON view). */
  readonly price: Price;
  readonly result: RateCheckResult;
}

/** The rateId's content; not-found for anything not issued to this tenant, gone once expired. */
export async function ticketOf(rateId: string, tenant: string, deps: Pick<RateCheckDeps, 'rateIdKey' | 'now'>): Promise<RateTicket> {
  try {
    return verifyRateId(rateId, tenant, await deps.rateIdKey(), deps.now());
  } catch (error) {
    if (error instanceof RateIdError) {
      if (error.problem === 'expired') throw new DomainError('gone', 'This rate has expired; search again for current rates');
      throw new DomainError('not-found', 'No such rate');
    }
    throw error;
  }
}

/**
 * `signal` is the caller's deadline for the supplier's answer (functions/shared/time-budgets.ts): without one an
 * adapter waits its own default, a minute, past the function's timeout and API Gateway's 29 s.
 */
/**
 * A supplier's rate priced for the account as search priced the rate the ticket quoted (its supplier, the
 * property's stars, the stay's nights and rooms, the quote currency): the check's binding price, and the
 * confirmed price a booking is locked at.
 */
export function priceAsQuoted(rate: SupplierRate, ticket: RateTicket, rules: PricingRules, fx: FxRates): Price {
  const { supplierId, starRating: stars, nights, rooms } = ticket;
  return priceRate({ rate, supplierId, stars, rules, quoteCurrency: ticket.quoted.currency, fx, nights, rooms }, loggedPricingPathWatch);
}

export async function checkRate(
  tenant: string,
  rateId: string,
  asker: Asker,
  deps: RateCheckDeps,
  signal: AbortSignal,
): Promise<CheckedTicket> {
  const ticket = await ticketOf(rateId, tenant, deps);
  // Independent reads side by side: each is a table round trip on the way to the supplier.
  const [contracts, fx, rules] = await Promise.all([deps.contracts(tenant), deps.fx(), deps.pricingRules(tenant)]);
  // The quote currency's own figure first: without a usable one nothing can be quoted, and the supplier is not asked.
  quotingOrUnavailable(() => fx.rate('EUR', ticket.quoted.currency));
  const contract = contracts.find((c) => c.supplierId === ticket.supplierId);
  if (!contract) throw new DomainError('gone', `This rate's supplier is no longer contracted; search again`);
  const adapter = await deps.adapterFor(contract);

  let checked;
  try {
    // The hotel the rate was signed for: a check answered for another hotel is refused at the boundary.
    checked = await adapter.checkRate({
      supplierRateKey: ticket.supplierRateKey,
      supplierPropertyId: ticket.supplierPropertyId,
      ...asker,
      signal,
    });
  } catch (error) {
    if (isSupplierError(error)) {
      if (error.kind === 'sold_out' || error.kind === 'not_found')
        throw new DomainError('gone', 'The supplier no longer offers this rate; search again');
      if (error.kind === 'timeout')
        throw new DomainError('supplier-timeout', 'The supplier did not confirm the rate in time; retry the check');
      throw new DomainError('supplier-failed', 'The supplier could not check the rate; retry the check or search again');
    }
    throw error;
  }

  const rate = withSearchedNightly(checked.rate, ticket);
  // A figure past the maximum age is never used: 503 fx-unavailable, naming the pair.
  const price = quotingOrUnavailable(() => priceAsQuoted(rate, ticket, rules, fx));
  // Shown exactly as search shows a rate (policy in the quote currency, deadline, price view).
  const priced: PricedRate = {
    supplierId: ticket.supplierId,
    supplierPropertyId: ticket.supplierPropertyId,
    rate,
    boardBasis: checked.rate.boardBasis,
    refundable: checked.rate.refundable,
    cancellationPolicy: checked.rate.cancellationPolicy,
    price,
  };
  const { ticket: _unsigned, ...shown } = describeRate(
    priced,
    { propertyId: ticket.propertyId, starRating: ticket.starRating, name: ticket.propertyName },
    { ...ticket, checkIn: ticket.checkIn ?? '' },
  );
  const quoted = ticket.quoted;
  return {
    ticket,
    rate,
    price,
    result: {
      rateId,
      status: price.total === quoted.total ? 'available' : 'price_changed',
      ...shown,
      previousPrice: {
        net: Number(quoted.net),
        markup: Number(quoted.markup),
        tax: Number(quoted.tax),
        serviceFee: Number(quoted.serviceFee),
        total: Number(quoted.total),
        currency: quoted.currency,
      },
      expiresAt: ticket.expiresAt,
    },
  };
}

/**
 * The checked rate with the nightly figures search read, where the supplier's check gives none of its own
 * (Hotelbeds' checkrates has no dailyRates): the checked price is then split night by night as search split
 * it, not evenly, so a partner sees one nightly split from search to booking.
 */
export function withSearchedNightly(rate: SupplierRate, ticket: Pick<RateTicket, 'nightly' | 'nights'>): SupplierRate {
  if (rate.nightly || !ticket.nightly || ticket.nightly.length !== ticket.nights) return rate;
  return { ...rate, nightly: ticket.nightly.map((amount) => ({ amount, currency: rate.price.currency })) };
}
