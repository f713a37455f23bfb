/**
 * The finance ledger as one SQL query over DynamoDB exports (AWS's export-to-S3 layout), for two engines:
 * DuckDB on a finance machine (bin/finance-ledger.ts reads the export's files) and Athena on AWS (the
 * stack's Glue table over the export bucket, and this query as its named query). The query is the same
 * text for both except two seams an engine fixes: where the export lines come from (with the point in time
 * a full export's items stand at), and how an unnested history entry is addressed (Trino expands a row's
 * fields when it unnests an array of rows, DuckDB keeps the row).
 *
 * What it does:
 * 1. the current state of every item: the latest version per key wins, where a full export's item stands at
 *    the export's point in time (its exportTime) and an incremental export's change at its own write time
 *    (Metadata.WriteTimestampMicros); a change without a NewImage is a delete. So a folder may hold several
 *    full exports and incremental windows before or after them, in any order: the newest state wins;
 * 2. one row per booking event: `confirmed`, `modified`, `cancelled` from the booking's own history,
 *    `stay-changed` from each stay change the booking records, and `refunded` from its wallet's refund
 *    movement (of a booking that was confirmed), each with the booking's money as stored (decimal strings in
 *    the quote currency; a stay change's row with the booking's money and dates right after that change), the
 *    applied penalty on `cancelled`, and the wallet movement it made, matched by the movement's reference
 *    (the capture on `confirmed`, the refund on `refunded`, the rise captured or the fall refunded on
 *    `stay-changed`);
 * 3. totals per tenant and currency: the confirmed bookings' money, the penalties applied and the net of
 *    the wallet movements, over the same events.
 * Every amount is DECIMAL from parse to sum, formatted with the currency's exponent: no float anywhere.
 */
import { currencyExponent, knownCurrencies } from '../domain/money/money.js';

export interface LedgerEngine {
  /**
   * A relation with the export-line columns Item, Metadata, Keys, NewImage, OldImage, and exported_at_micros: for a
   * full export's line, the export's point in time in epoch microseconds (null for an incremental line).
   */
  readonly exportLines: string;
  /** The history entry's map, given the unnested column `h.entry`. */
  readonly historyEntry: string;
  /** A stay change entry's map, given the unnested column `c.entry`. */
  readonly stayChangeEntry: string;
}

export interface LedgerPeriod {
  /** First day (UTC, YYYY-MM-DD) of events included. */
  readonly from?: string;
  /** Last day (UTC, YYYY-MM-DD) of events included. */
  readonly to?: string;
}

export const LEDGER_COLUMNS = [
  'row_type',
  'tenant',
  'booking_id',
  'client_reference',
  'supplier_id',
  'supplier_reference',
  'check_in',
  'check_out',
  'status',
  'event',
  'event_at',
  'currency',
  'net',
  'markup',
  'commission',
  'tax',
  'service_fee',
  'total',
  'supplier_amount',
  'supplier_currency',
  'fx_rate',
  'fx_source',
  'fx_as_of',
  'fx_reference_rate',
  'fx_margin_bps',
  'applied_penalty',
  'wallet_id',
  'wallet_movement',
] as const;

export type LedgerColumn = (typeof LEDGER_COLUMNS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD (Date.parse alone takes 2026-02-30 as 2 March). */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return DAY.test(day) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD (the period's end is inclusive, compared as instants). */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function exponentCase(currency: string, byExponent: (exponent: number) => string): string {
  const other = knownCurrencies().filter((code) => currencyExponent(code) !== 2);
  const arms = other.map((code) => `WHEN '${code}' THEN ${byExponent(currencyExponent(code))}`).join(' ');
  return `CASE ${currency} ${arms} ELSE ${byExponent(2)} END`;
}

/** An exact DECIMAL written with the currency's exponent ("401.80", "1234", "12.345"). */
function formatted(amount: string, currency: string): string {
  return exponentCase(currency, (exponent) => `CAST(CAST(${amount} AS DECIMAL(38,${exponent})) AS VARCHAR)`);
}

/** Integer minor units as an exact DECIMAL of the currency (multiplied, never divided: division may leave DECIMAL). */
function fromMinor(minor: string, currency: string): string {
  return `(${minor} * ${exponentCase(currency, (exponent) => `CAST(${(1 / 10 ** exponent).toFixed(exponent)} AS DECIMAL(4,3))`)})`;
}

const amount = (expression: string) => `CAST(${expression} AS DECIMAL(30,3))`;

export function ledgerSql(engine: LedgerEngine, period: LedgerPeriod = {}): string {
  for (const day of [period.from, period.to])
    if (day !== undefined && !isCalendarDay(day)) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const within = [
    period.from ? `event_at >= '${period.from}'` : undefined,
    period.to ? `event_at < '${dayAfter(period.to)}'` : undefined,
  ].filter(Boolean);
  const entry = engine.historyEntry;
  const change = engine.stayChangeEntry;
  const money = ['net', 'markup', 'commission', 'tax', 'service_fee', 'total'] as const;
  return `
WITH export_lines AS (
  SELECT Item AS item, Metadata AS metadata, Keys AS item_keys, NewImage AS new_image, OldImage AS old_image, exported_at_micros FROM ${engine.exportLines} AS lines
),
versions AS (
  SELECT item.pk.S AS pk, item.sk.S AS sk, item AS image, exported_at_micros AS written, FALSE AS deleted FROM export_lines WHERE item IS NOT NULL
  UNION ALL
  -- A change: its key from Keys (a delete in the NEW_IMAGE view has nothing else), deleted when it has no NewImage.
  SELECT item_keys.pk.S AS pk, item_keys.sk.S AS sk, new_image AS image, CAST(metadata.WriteTimestampMicros.N AS BIGINT) AS written, new_image IS NULL AS deleted
  FROM export_lines WHERE item IS NULL AND item_keys IS NOT NULL
),
latest AS (
  SELECT image, deleted, row_number() OVER (PARTITION BY pk, sk ORDER BY written DESC NULLS LAST, deleted DESC) AS version_rank FROM versions
),
items AS (SELECT image AS item FROM latest WHERE version_rank = 1 AND NOT deleted),
bookings AS (
  SELECT item FROM items WHERE item.sk.S = 'booking' AND item.bookingId.S IS NOT NULL
),
movements AS (
  SELECT item.tenant.S AS tenant, item.bookingId.S AS booking_id, item.walletId.S AS wallet_id, item.type.S AS movement_type,
    item.reference.S AS reference, item."at".S AS movement_at, item.currency.S AS currency,
    CAST(item.amountMinor.N AS DECIMAL(30,0)) AS amount_minor
  FROM items WHERE item.kind.S = 'wallet-movement' AND item.bookingId.S IS NOT NULL
),
booking_events AS (
  SELECT b.item AS item, ${entry}."event".S AS event, ${entry}."at".S AS event_at
  FROM bookings b CROSS JOIN UNNEST(b.item.history.L) AS h(entry)
),
events AS (
  -- The booking's money as it stands; a confirmation's wallet movement is its capture.
  SELECT item, event, event_at, item.checkIn.S AS check_in, item.checkOut.S AS check_out, item.net.S AS net,
    item.markup.S AS markup, item.commission.S AS commission, item.tax.S AS tax, item.serviceFee.S AS service_fee,
    item.total.S AS total, item.supplierAmount.S AS supplier_amount, item.supplierCurrency.S AS supplier_currency,
    CASE WHEN event = 'confirmed' THEN 'captured#' || item.bookingId.S END AS capture_reference,
    CAST(NULL AS VARCHAR) AS refund_reference
  FROM booking_events WHERE event IN ('confirmed', 'modified', 'cancelled')
  UNION ALL
  -- A stay change: the booking's dates and money right after it; its rise captured, or its fall refunded.
  SELECT b.item AS item, 'stay-changed' AS event, ${change}."at".S AS event_at, ${change}.checkIn.S AS check_in,
    ${change}.checkOut.S AS check_out, ${change}.net.S AS net, ${change}.markup.S AS markup,
    ${change}.commission.S AS commission, ${change}.tax.S AS tax, ${change}.serviceFee.S AS service_fee,
    ${change}.total.S AS total, ${change}.supplierAmount.S AS supplier_amount, ${change}.supplierCurrency.S AS supplier_currency,
    'captured#' || b.item.bookingId.S || '~' || ${change}.changeId.S AS capture_reference,
    'refund#' || b.item.bookingId.S || '~' || ${change}.changeId.S AS refund_reference
  FROM bookings b CROSS JOIN UNNEST(b.item.stayChanges.L) AS c(entry)
  UNION ALL
  -- A refund of a booking that stood (a cancel's). A booking undone before it was confirmed (compensated)
  -- may have been captured and refunded: neither is a ledger event, and together they net to zero.
  SELECT b.item AS item, 'refunded' AS event, m.movement_at AS event_at, b.item.checkIn.S AS check_in,
    b.item.checkOut.S AS check_out, b.item.net.S AS net, b.item.markup.S AS markup, b.item.commission.S AS commission,
    b.item.tax.S AS tax, b.item.serviceFee.S AS service_fee, b.item.total.S AS total, b.item.supplierAmount.S AS supplier_amount,
    b.item.supplierCurrency.S AS supplier_currency, CAST(NULL AS VARCHAR) AS capture_reference, m.reference AS refund_reference
  FROM movements m JOIN bookings b ON b.item.tenant.S = m.tenant AND b.item.bookingId.S = m.booking_id
  WHERE m.movement_type = 'refund' AND m.reference = 'refund#' || m.booking_id
    AND EXISTS (SELECT 1 FROM booking_events c WHERE c.item.tenant.S = m.tenant AND c.item.bookingId.S = m.booking_id AND c.event = 'confirmed')
),
ledger AS (
  SELECT
    e.item.tenant.S AS tenant, e.item.bookingId.S AS booking_id, e.item.clientReference.S AS client_reference,
    e.item.supplierId.S AS supplier_id, e.item.supplierReference.S AS supplier_reference,
    e.check_in AS check_in, e.check_out AS check_out, e.item.status.S AS status,
    e.event AS event, e.event_at AS event_at, e.item.currency.S AS currency,
    e.net AS net, e.markup AS markup, e.commission AS commission, e.tax AS tax,
    e.service_fee AS service_fee, e.total AS total,
    e.supplier_amount AS supplier_amount, e.supplier_currency AS supplier_currency,
    e.item.fxRate.S AS fx_rate, e.item.fxSource.S AS fx_source, e.item.fxAsOf.S AS fx_as_of,
    e.item.fxReferenceRate.S AS fx_reference_rate, e.item.fxMarginBps.N AS fx_margin_bps,
    CASE WHEN e.event = 'cancelled' THEN e.item.penaltyAmount.S END AS applied_penalty,
    e.item.paymentMethod.M.walletId.S AS wallet_id,
    ${fromMinor('m.amount_minor', 'm.currency')} AS wallet_amount
  FROM events e
  LEFT JOIN movements m ON m.tenant = e.item.tenant.S AND m.booking_id = e.item.bookingId.S
    AND (m.reference = e.capture_reference OR m.reference = e.refund_reference)
  ${within.length ? `WHERE ${within.join(' AND ')}` : ''}
),
totals AS (
  SELECT tenant, currency,
    ${money.map((column) => `SUM(CASE WHEN event = 'confirmed' THEN ${amount(column)} END) AS ${column}`).join(',\n    ')},
    SUM(CASE WHEN event = 'cancelled' THEN ${amount('applied_penalty')} END) AS applied_penalty,
    SUM(wallet_amount) AS wallet_movement
  FROM ledger GROUP BY tenant, currency
)
SELECT * FROM (
  SELECT 'event' AS row_type, tenant, booking_id, client_reference, supplier_id, supplier_reference, check_in, check_out, status,
    event, event_at, currency, net, markup, commission, tax, service_fee, total, supplier_amount, supplier_currency,
    fx_rate, fx_source, fx_as_of, fx_reference_rate, fx_margin_bps, applied_penalty, wallet_id,
    CASE WHEN wallet_amount IS NOT NULL THEN ${formatted('wallet_amount', 'currency')} END AS wallet_movement
  FROM ledger
  UNION ALL
  SELECT 'total' AS row_type, tenant, CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR),
    CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), currency,
    ${money.map((column) => formatted(`COALESCE(${column}, 0)`, 'currency')).join(', ')},
    CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR),
    CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR),
    ${formatted('COALESCE(applied_penalty, 0)', 'currency')}, CAST(NULL AS VARCHAR), ${formatted('COALESCE(wallet_movement, 0)', 'currency')}
  FROM totals
) AS ledger_rows
ORDER BY CASE row_type WHEN 'event' THEN 0 ELSE 1 END, tenant, currency, event_at, booking_id,
  CASE event WHEN 'confirmed' THEN 0 WHEN 'modified' THEN 1 WHEN 'stay-changed' THEN 2 WHEN 'cancelled' THEN 3 ELSE 4 END`;
}
