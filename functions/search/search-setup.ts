/**
 * Search's first stage, before any supplier is asked: the search's id and stay, the tenant's contracted
 * suppliers and their adapters, the fx rates it prices with, its signing keys, and its header, whose write
 * starts here and is awaited only before answering. The account's pricing rules are read here too, but not
 * waited for: only pricing the first answer needs them, so their table round trip runs while the suppliers
 * are asked instead of before.
 */
import { randomUUID } from 'node:crypto';
import type { FxRates } from '../domain/fx/fx-rates.js';
import type { PricingRules } from '../domain/pricing/pricing-rules.js';
import { nightsBetween } from '../domain/stay/nights.js';
import type { QuotedStay } from '../domain/stay/quoted-stay.js';
import type { SupplierPort } from '../suppliers/port.js';
import { packageSellers } from './sale-terms.js';
import type { SearchDeps } from './search-ports.js';
import type { SearchRequest } from './search-request.js';
import { SEARCH_TTL_SECONDS, type SearchHeader } from './search-store.js';

export interface SearchSetup {
  readonly now: Date;
  /** What each shown rate's rateId carries about the stay. */
  readonly stay: QuotedStay;
  readonly header: SearchHeader;
  /** The header's write, begun here; awaited before answering (a failure is handled there). */
  readonly savingHeader: Promise<void>;
  readonly adapters: readonly SupplierPort[];
  /** Whether the account's contract with a supplier sells its package-only rates. */
  readonly sellsPackages: (supplierId: string) => boolean;
  readonly fx: FxRates;
  /**
   * Read while the suppliers are asked (merged answers wait for it). A failed read fails the search as it
   * did when it came first, with its own error, only later: once the suppliers have answered.
   */
  readonly rules: Promise<PricingRules>;
  readonly rateIdKey: Buffer;
  readonly cursorKey: Buffer;
}

export async function setUpSearch(tenant: string, request: SearchRequest, deps: SearchDeps): Promise<SearchSetup> {
  const now = deps.now();
  const searchId = `srch_${randomUUID().replaceAll('-', '')}`;
  const expiresAt = new Date(now.getTime() + SEARCH_TTL_SECONDS * 1000).toISOString();
  const stay = {
    searchId,
    checkIn: request.checkIn,
    nights: nightsBetween(request.checkIn, request.checkOut),
    rooms: request.occupancies.length,
    expiresAt,
  };

  const rules = deps.pricingRules(tenant);
  rules.catch(() => undefined); // awaited by the merge; until then a failure is not unhandled
  const contracts = await deps.contracts(tenant);
  const [adapters, fx, rateIdKey, cursorKey] = await Promise.all([
    Promise.all(contracts.map((c) => deps.adapterFor(c))),
    deps.fx(),
    deps.rateIdKey(),
    deps.cursorKey(),
  ]);
  // The currency must be one we can quote in before any supplier is asked (FxUnavailableError otherwise): one
  // the rates convert into from the euro, the reference every cross rate goes through.
  fx.rate('EUR', request.currency);

  // What a rate check and a booking validate against is stored while the suppliers are asked, so the
  // answer waits for no write: the rows of the later pages are written after it has gone (storeRows), and
  // a page asked for meanwhile waits for them (stored-search.ts).
  const header = { searchId, tenant, request, currency: request.currency, createdAt: now.toISOString(), expiresAt };
  const savingHeader = deps.searches.savePending(header);
  savingHeader.catch(() => undefined); // awaited before answering; until then a failure is not unhandled
  return { now, stay, header, savingHeader, adapters, sellsPackages: packageSellers(contracts), fx, rules, rateIdKey, cursorKey };
}
