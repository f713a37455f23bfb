/**
 * Search's fan-out stage: every contracted supplier is asked in parallel under the search's budget
 * (fan-out.ts), and everything that does not need the last answer happens while it is awaited: the
 * destination index entries and the account's pricing rules load (search-area.ts, search-setup.ts); each
 * supplier's offers are placed, priced and filtered as it answers (offer-merger.ts), each property keeping
 * the rate it would show; and between answers those rates are written as the stored search's rows
 * (shown-rates.ts). The last answer leaves only its own offers.
 */
import type { FxUnavailableError } from '../domain/fx/fx-rates.js';
import { recordRatesUnreadable, recordSupplierCall } from '../shared/metric-events.js';
import { logger } from '../shared/observability.js';
import type { Traveller } from '../shared/traveller.js';
import type { Scenario } from '../suppliers/scenario.js';
import { fanOut, type SupplierOutcome } from './fan-out.js';
import { LEFT_OUT_REASONS_KEPT, type LeftOutRates, OfferMerger, type ShownAccumulated } from './offer-merger.js';
import { rateFilter } from './ranking/search-filters.js';
import { rememberOnTheFly } from './remember-on-the-fly.js';
import type { SearchArea } from './search-area.js';
import type { SearchDeps } from './search-ports.js';
import type { SearchRequest } from './search-request.js';
import type { SearchSetup } from './search-setup.js';
import { ShownRates } from './shown-rates.js';
import { stayQuestionOf } from './stay-question.js';

export interface SupplierAnswers {
  readonly outcomes: readonly SupplierOutcome[];
  /** Every property with a rate the filters keep, carrying only that rate. */
  readonly properties: ShownAccumulated[];
  /** Each property's shown rate as its stored row, written while suppliers were awaited. */
  readonly shown: ShownRates;
  /** The properties it matched on the fly being stored (remember-on-the-fly.ts): awaited before the answer goes. */
  readonly remembered: Promise<void>;
  /** performance.now() when the suppliers were asked, and when the last one answered. */
  readonly askedAt: number;
  readonly lastAnswer: number;
  /** Rates were left out because a figure their conversion needs is past the maximum age: the first such pair. */
  readonly staleFx: FxUnavailableError | undefined;
}

export async function askSuppliers(
  call: {
    readonly request: SearchRequest;
    readonly scenarios: readonly Scenario[];
    readonly traveller: Traveller;
    readonly area: SearchArea;
  },
  setup: SearchSetup,
  deps: Pick<SearchDeps, 'propertiesNear' | 'rememberProperties'>,
): Promise<SupplierAnswers> {
  const { request, area } = call;
  const { fx, stay } = setup;
  const keepRate = rateFilter(request.filters, setup.now);
  const merger = Promise.all([area.entries, setup.rules]).then(
    ([entries, rules]) =>
      new OfferMerger(
        entries,
        deps.propertiesNear,
        { rules, quoteCurrency: request.currency, fx, nights: stay.nights, rooms: stay.rooms },
        {
          keepRate,
          shownOnly: true,
          sellsPackages: setup.sellsPackages,
          within: area.within,
        },
      ),
  );
  const shown = new ShownRates();
  const merging: Promise<void>[] = [];
  // Awaited only once every supplier has settled; until then a failure must not count as unhandled.
  const later = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };
  later(merger);
  let unanswered = setup.adapters.length;
  const askedAt = performance.now();
  let lastAnswer = askedAt;
  const stayQuestion = stayQuestionOf(request, { scenarios: call.scenarios, traveller: call.traveller });
  const outcomes = await fanOut(setup.adapters, (supplierId) => ({ ...stayQuestion, destination: area.destinationFor(supplierId) }), {
    budgetMs: request.timeoutMs,
    onOutcome: (outcome) => {
      lastAnswer = performance.now();
      recordSupplierCall({
        supplier: outcome.id,
        operation: 'search',
        result: outcome.status,
        tookMs: outcome.tookMs,
        offers: outcome.results,
        unreadable: outcome.unreadable?.length ?? 0,
      });
      reportUnreadable(outcome);
      const more = --unanswered > 0;
      merging.push(
        later(
          merger.then((m) => {
            m.add(outcome.offers);
            if (more) shown.writeWhileWaiting(m);
          }),
        ),
      );
    },
  });
  shown.stopWaiting();
  await Promise.all(merging);
  const merged = await merger;
  const properties = await merged.finishShown();
  reportUnpriced(merged.unpricedBySupplier());
  // Stored while the answer is ranked and signed; awaited before it goes (sign-and-store.ts).
  const remembered = rememberOnTheFly(merged, properties, deps);
  remembered.catch(() => undefined);
  return { outcomes, properties, shown, remembered, askedAt, lastAnswer, staleFx: merged.staleFxPair() };
}

/**
 * Rates a supplier sent that its adapter could not read, or that could not be priced (an amount in a
 * currency the FX table lacks, taxes above the price), were left out, the rest of its answer kept: one log
 * line per supplier with how many and the first few reasons (the adapter's or the pricer's own words: a field
 * and what was wrong with it, currencies and amounts, never guest or partner data), for the on-call engineer.
 * The unpriced are counted with the unreadable ones, which the metric's definition includes.
 */
function reportUnreadable(outcome: SupplierOutcome): void {
  const reasons = outcome.unreadable ?? [];
  if (reasons.length > 0) warnLeftOut(outcome.id, 'unreadable', reasons.length, reasons);
}

function reportUnpriced(unpriced: ReadonlyMap<string, LeftOutRates>): void {
  for (const [supplierId, { count, reasons }] of unpriced) {
    recordRatesUnreadable(supplierId, 'search', count);
    warnLeftOut(supplierId, 'unpriced', count, reasons);
  }
}

function warnLeftOut(supplierId: string, why: 'unreadable' | 'unpriced', count: number, reasons: Iterable<string>): void {
  const message = why === 'unreadable' ? 'the adapter could not read them' : 'they could not be priced';
  logger.warn(`supplier rates left out: ${message}`, {
    supplierId,
    [why]: count,
    reasons: [...new Set(reasons)].slice(0, LEFT_OUT_REASONS_KEPT),
  });
}
