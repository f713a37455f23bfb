/**
 * Why the supplier boundary refused an answer, or a part of one. One fixed set, so each reason is one
 * metric series per supplier (functions/shared/metric-names.ts, `SupplierAnswerRefused`) and the on-call
 * table in docs/on-call.md can say what each means.
 *
 * Whole answers (the call fails with a SupplierError carrying the reason):
 * - `too_large`: the body passed ANSWER_LIMITS.maxBytes; reading stopped there.
 * - `redirect`: the supplier answered 3xx; it is not followed, so our credentials never go to another host.
 * - `error_envelope`: an error in the supplier's published error shape, sent with a 2xx status.
 * - `xml_doctype`: an XML answer with a document type declaration (entities, external DTDs): never parsed.
 *
 * Parts of an answer (dropped, the rest of the answer kept):
 * - `hotel_not_asked`: a hotel outside the list or the area asked for.
 * - `stay_mismatch`: a rate for other dates than the stay asked.
 * - `occupancy_mismatch`: a rate for other rooms or guests than the occupancy asked.
 * - `unknown_currency`: an amount in a code that is not an active ISO 4217 currency.
 * - `price_not_positive`: a price of zero or less.
 * - `duplicate_rate_key`: a second rate under a rate key already answered (at any price).
 * - `too_many_items`: hotels or rates past the caps of ANSWER_LIMITS.
 * - `property_mismatch`: a rate check or booking answered for another hotel than the one asked.
 *
 * And one that keeps the item: `text_cut`, a text longer than its limit, cut to it.
 */
export const REFUSAL_REASONS = [
  'too_large',
  'redirect',
  'error_envelope',
  'xml_doctype',
  'hotel_not_asked',
  'stay_mismatch',
  'occupancy_mismatch',
  'unknown_currency',
  'price_not_positive',
  'duplicate_rate_key',
  'too_many_items',
  'property_mismatch',
  'text_cut',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The count of each reason in one answer (only the reasons met). */
export type RefusalCounts = Readonly<Partial<Record<RefusalReason, number>>>;

/** Counts refusals as an answer is checked. */
export class RefusalTally {
  private readonly counts: Partial<Record<RefusalReason, number>> = {};

  add(reason: RefusalReason, count = 1): void {
    if (count > 0) this.counts[reason] = (this.counts[reason] ?? 0) + count;
  }

  addAll(counts: RefusalCounts | undefined): void {
    for (const [reason, count] of Object.entries(counts ?? {})) this.add(reason as RefusalReason, count);
  }

  get empty(): boolean {
    return Object.keys(this.counts).length === 0;
  }

  result(): RefusalCounts {
    return { ...this.counts };
  }
}
