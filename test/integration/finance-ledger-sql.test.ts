/**
 * The ledger query itself, run by DuckDB (functions/finance/run-ledger.ts) over exports written in AWS's
 * layout from hand-made items, where the e2e test cannot reach: amounts a float would get wrong, currencies
 * with 0 and 3 decimals, two tenants, a booking deleted in an incremental window, changes on top of a full
 * export in any file order, and a refund movement without a capture. Every figure is written out here.
 * Then Athena's text of the same query, run by DuckDB over a view shaped as Athena sees the Glue table.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbItemType, exportLineColumns, ITEM_ATTRIBUTE_NAMES } from '../../functions/finance/export-item-shape.js';
import { athenaEngine } from '../../functions/finance/ledger-engines.js';
import { LEDGER_COLUMNS, ledgerSql } from '../../functions/finance/ledger-sql.js';
import { runLedger } from '../../functions/finance/run-ledger.js';
import { writeFullExport, writeIncrementalExport, type TableScan } from '../support/dynamodb-export.js';

type Item = Record<string, AttributeValue>;

const S = (value: string): AttributeValue => ({ S: value });

interface Booking {
  tenant: string;
  bookingId: string;
  status: string;
  currency: string;
  net: string;
  markup: string;
  commission: string;
  tax: string;
  serviceFee: string;
  total: string;
  history: [at: string, event: string][];
  penaltyAmount?: string;
  walletId?: string;
  /** An account with a conversion margin: the stamp's reference rate and margin. */
  fxMargin?: { rate: string; referenceRate: string; marginBps: number };
  /** Stay changes made, with the booking's money after each (functions/booking/record/stay-change-fields.ts). */
  stayChanges?: Record<string, string>[];
}

function bookingItem(b: Booking): Item {
  return {
    pk: S(`${b.tenant}#booking#${b.bookingId}`),
    sk: S('booking'),
    tenant: S(b.tenant),
    bookingId: S(b.bookingId),
    status: S(b.status),
    clientReference: S(`ref-${b.bookingId}`),
    supplierId: S('hotelbeds'),
    supplierReference: S(`HB-${b.bookingId}`),
    checkIn: S('2027-01-10'),
    checkOut: S('2027-01-12'),
    currency: S(b.currency),
    net: S(b.net),
    markup: S(b.markup),
    commission: S(b.commission),
    tax: S(b.tax),
    serviceFee: S(b.serviceFee),
    total: S(b.total),
    supplierAmount: S(b.net),
    supplierCurrency: S('USD'),
    fxRate: S(b.fxMargin?.rate ?? '1.0842'),
    fxSource: S('ECB'),
    fxAsOf: S('2026-11-24'),
    ...(b.fxMargin ? { fxReferenceRate: S(b.fxMargin.referenceRate), fxMarginBps: { N: String(b.fxMargin.marginBps) } } : {}),
    updatedAt: S(b.history.at(-1)![0]),
    history: { L: b.history.map(([at, event]) => ({ M: { at: S(at), event: S(event), detail: S(`${event} detail`) } })) },
    ...(b.penaltyAmount ? { penaltyAmount: S(b.penaltyAmount), penaltyCurrency: S(b.currency) } : {}),
    ...(b.walletId ? { paymentMethod: { M: { method: S('agent_wallet'), walletId: S(b.walletId) } } } : {}),
    ...(b.stayChanges
      ? { stayChanges: { L: b.stayChanges.map((entry) => ({ M: Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, S(v)])) })) } }
      : {}),
    // Attributes the ledger does not read (the list index's) must not disturb it.
    tenantBookings: S(`${b.tenant}#booking`),
    nights: { N: '2' },
  };
}

function movementItem(m: {
  tenant: string;
  walletId: string;
  bookingId: string;
  type: string;
  amountMinor: string;
  currency: string;
  at: string;
  /** What the store makes the movement once under; by default the booking's own capture, refund or hold. */
  reference?: string;
}): Item {
  const byType: Record<string, string> = { capture: 'captured', refund: 'refund', hold: 'hold', release: 'released' };
  return {
    pk: S(`${m.tenant}#wallet#${m.walletId}`),
    sk: S(`movement#${m.at}#mov_${m.type}${m.bookingId}`),
    kind: S('wallet-movement'),
    tenant: S(m.tenant),
    walletId: S(m.walletId),
    movementId: S(`mov_${m.type}${m.bookingId}`),
    type: S(m.type),
    amountMinor: { N: m.amountMinor },
    currency: S(m.currency),
    bookingId: S(m.bookingId),
    at: S(m.at),
    reference: S(m.reference ?? `${byType[m.type] ?? m.type}#${m.bookingId}`),
  };
}

const scan = (table: string, at: string, items: Item[]): TableScan => ({
  table,
  at: new Date(at),
  items: new Map(items.map((item) => [JSON.stringify([item.pk, item.sk]), item])),
});

// Amounts past a double's precision (its step is 0.125 at 9e14): read or summed as floats they would not come out as written.
const big: Omit<Booking, 'bookingId' | 'history' | 'status'> = {
  tenant: 'acme',
  currency: 'EUR',
  net: '900719925474099.07',
  markup: '0.10',
  commission: '0.07',
  tax: '0.20',
  serviceFee: '0.01',
  total: '900719925474099.38',
};
const eurOne: Booking = {
  ...big,
  bookingId: 'BK-EUR-1',
  status: 'confirmed',
  walletId: 'wal_1',
  history: [
    ['2026-11-02T10:00:00.000Z', 'requested'],
    ['2026-11-02T10:00:01.000Z', 'confirmed'],
  ],
};
const eurTwo: Booking = {
  ...big,
  bookingId: 'BK-EUR-2',
  status: 'confirmed',
  history: [
    ['2026-11-03T09:00:00.000Z', 'requested'],
    ['2026-11-03T09:00:02.000Z', 'confirmed'],
  ],
};
const eurTwoModified: Booking = { ...eurTwo, history: [...eurTwo.history, ['2026-11-05T12:00:00.000Z', 'modified']] };
const eurOneCancelled: Booking = {
  ...eurOne,
  status: 'cancelled',
  penaltyAmount: '0.30',
  history: [...eurOne.history, ['2026-11-06T08:00:00.000Z', 'cancelled']],
};
const jpy: Booking = {
  tenant: 'acme',
  bookingId: 'BK-JPY',
  status: 'confirmed',
  currency: 'JPY',
  net: '20000',
  markup: '2000',
  commission: '1000',
  tax: '2200',
  serviceFee: '100',
  total: '24300',
  walletId: 'wal_2',
  history: [['2026-11-04T01:00:00.000Z', 'confirmed']],
};
// An older incremental window, before the full export, saw the JPY booking still pending: the full export's
// later state (confirmed) must win over it.
const jpyPending: Booking = { ...jpy, status: 'pending', history: [['2026-11-04T00:59:00.000Z', 'requested']] };
const bhd: Booking = {
  tenant: 'other',
  bookingId: 'BK-BHD',
  status: 'confirmed',
  currency: 'BHD',
  net: '100.125',
  markup: '10.010',
  commission: '5.005',
  tax: '10.001',
  serviceFee: '0.500',
  total: '120.636',
  history: [['2026-11-04T02:00:00.000Z', 'confirmed']],
  // 1.0682 × (1 + 150 / 10000) = 1.084223
  fxMargin: { rate: '1.084223', referenceRate: '1.0682', marginBps: 150 },
};
const failed: Booking = {
  ...big,
  bookingId: 'BK-FAILED',
  status: 'failed',
  history: [
    ['2026-11-02T11:00:00.000Z', 'requested'],
    ['2026-11-02T11:00:05.000Z', 'failed'],
  ],
};
// Captured, then undone before it was confirmed (compensated) and refunded: no ledger event, and its wallet
// movements (netting to zero) stay out of the totals.
const compensated: Booking = {
  ...big,
  bookingId: 'BK-UNDONE',
  status: 'failed',
  walletId: 'wal_1',
  history: [
    ['2026-11-02T12:00:00.000Z', 'requested'],
    ['2026-11-02T12:00:03.000Z', 'confirmed-by-supplier'],
    ['2026-11-02T12:00:04.000Z', 'cancelled-at-supplier'],
  ],
};
// In the full export, deleted before the incremental window ends: it must drop out entirely.
const deleted: Booking = { ...big, bookingId: 'BK-DELETED', history: [['2026-11-01T00:00:00.000Z', 'confirmed']], status: 'confirmed' };

const movements = {
  eurCapture: movementItem({
    tenant: 'acme',
    walletId: 'wal_1',
    bookingId: 'BK-EUR-1',
    type: 'capture',
    amountMinor: '-90071992547409938',
    currency: 'EUR',
    at: '2026-11-02T10:00:01.000Z',
  }),
  eurRefund: movementItem({
    tenant: 'acme',
    walletId: 'wal_1',
    bookingId: 'BK-EUR-1',
    type: 'refund',
    amountMinor: '90071992547409908',
    currency: 'EUR',
    at: '2026-11-06T08:00:00.500Z',
  }),
  jpyCapture: movementItem({
    tenant: 'acme',
    walletId: 'wal_2',
    bookingId: 'BK-JPY',
    type: 'capture',
    amountMinor: '-24300',
    currency: 'JPY',
    at: '2026-11-04T01:00:00.000Z',
  }),
  undoneCapture: movementItem({
    tenant: 'acme',
    walletId: 'wal_1',
    bookingId: 'BK-UNDONE',
    type: 'capture',
    amountMinor: '-90071992547409938',
    currency: 'EUR',
    at: '2026-11-02T12:00:02.000Z',
  }),
  undoneRefund: movementItem({
    tenant: 'acme',
    walletId: 'wal_1',
    bookingId: 'BK-UNDONE',
    type: 'refund',
    amountMinor: '90071992547409938',
    currency: 'EUR',
    at: '2026-11-02T12:00:04.000Z',
  }),
  // A hold is not a ledger event.
  jpyHold: movementItem({
    tenant: 'acme',
    walletId: 'wal_2',
    bookingId: 'BK-JPY',
    type: 'hold',
    amountMinor: '-24300',
    currency: 'JPY',
    at: '2026-11-04T00:59:59.000Z',
  }),
};

let folder: string;
let rows: Record<string, string>[];
let totals: readonly Record<string, string | null>[];

async function ledgerRows(
  exportFolder: string,
  period: { from?: string; to?: string } = {},
): Promise<{ rows: Record<string, string>[]; totals: readonly Record<string, string | null>[] }> {
  const out = join(exportFolder, `ledger-${period.from ?? ''}-${period.to ?? ''}.csv`);
  const result = await runLedger({ folder: exportFolder, format: 'csv', out, ...period });
  const [header, ...lines] = (await readFile(out, 'utf8')).trim().split('\n');
  const names = header!.split(',');
  // No value here holds a comma or a quote.
  return { rows: lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i]!, value]))), totals: result.totals };
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ledger-sql-'));
  const bookingsAtFull = scan(
    'bookings',
    '2026-11-04T12:00:00.000Z',
    [eurOne, eurTwo, jpy, bhd, failed, compensated, deleted].map(bookingItem),
  );
  const walletsAtFull = scan('wallets', '2026-11-04T12:00:00.000Z', [
    movements.eurCapture,
    movements.jpyCapture,
    movements.jpyHold,
    movements.undoneCapture,
    movements.undoneRefund,
  ]);
  const bookingsLater = scan(
    'bookings',
    '2026-11-06T12:00:00.000Z',
    [eurOneCancelled, eurTwoModified, jpy, bhd, failed, compensated].map(bookingItem),
  );
  const walletsLater = scan('wallets', '2026-11-06T12:00:00.000Z', [
    movements.eurCapture,
    movements.eurRefund,
    movements.jpyCapture,
    movements.jpyHold,
    movements.undoneCapture,
    movements.undoneRefund,
  ]);
  await writeIncrementalExport(
    folder,
    scan('bookings', '2026-11-04T00:00:00.000Z', []),
    scan('bookings', '2026-11-04T01:00:00.000Z', [bookingItem(jpyPending)]),
    { prefix: 'exports/bookings' },
  );
  // The incremental exports first: the order of files in the folder must not matter.
  await writeIncrementalExport(folder, bookingsAtFull, bookingsLater, { prefix: 'exports/bookings' });
  await writeIncrementalExport(folder, walletsAtFull, walletsLater, { prefix: 'exports/wallets' });
  await writeFullExport(folder, bookingsAtFull, { prefix: 'exports/bookings' });
  await writeFullExport(folder, walletsAtFull, { prefix: 'exports/wallets' });
  ({ rows, totals } = await ledgerRows(folder));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the ledger query (DuckDB)', () => {
  it('has one row per confirmed, modified, cancelled and refunded event, in time order, with the current state', () => {
    const events = rows.filter((r) => r.row_type === 'event');
    expect(events.map((r) => [r.tenant, r.currency, r.booking_id, r.event, r.event_at, r.status])).toEqual([
      ['acme', 'EUR', 'BK-EUR-1', 'confirmed', '2026-11-02T10:00:01.000Z', 'cancelled'],
      ['acme', 'EUR', 'BK-EUR-2', 'confirmed', '2026-11-03T09:00:02.000Z', 'confirmed'],
      ['acme', 'EUR', 'BK-EUR-2', 'modified', '2026-11-05T12:00:00.000Z', 'confirmed'],
      ['acme', 'EUR', 'BK-EUR-1', 'cancelled', '2026-11-06T08:00:00.000Z', 'cancelled'],
      ['acme', 'EUR', 'BK-EUR-1', 'refunded', '2026-11-06T08:00:00.500Z', 'cancelled'],
      ['acme', 'JPY', 'BK-JPY', 'confirmed', '2026-11-04T01:00:00.000Z', 'confirmed'],
      ['other', 'BHD', 'BK-BHD', 'confirmed', '2026-11-04T02:00:00.000Z', 'confirmed'],
    ]);
  });

  it('keeps every amount exactly as stored, with the penalty on cancelled and the wallet movement on confirmed and refunded', () => {
    const row = (bookingId: string, event: string) => rows.find((r) => r.booking_id === bookingId && r.event === event)!;
    expect(row('BK-EUR-1', 'confirmed')).toMatchObject({
      client_reference: 'ref-BK-EUR-1',
      supplier_id: 'hotelbeds',
      supplier_reference: 'HB-BK-EUR-1',
      check_in: '2027-01-10',
      check_out: '2027-01-12',
      net: '900719925474099.07',
      markup: '0.10',
      commission: '0.07',
      tax: '0.20',
      service_fee: '0.01',
      total: '900719925474099.38',
      supplier_amount: '900719925474099.07',
      supplier_currency: 'USD',
      fx_rate: '1.0842',
      fx_source: 'ECB',
      fx_as_of: '2026-11-24',
      fx_reference_rate: '',
      fx_margin_bps: '',
      applied_penalty: '',
      wallet_id: 'wal_1',
      wallet_movement: '-900719925474099.38',
    });
    expect(row('BK-EUR-1', 'cancelled')).toMatchObject({ applied_penalty: '0.30', wallet_movement: '' });
    expect(row('BK-EUR-1', 'refunded')).toMatchObject({ applied_penalty: '', wallet_movement: '900719925474099.08' });
    expect(row('BK-EUR-2', 'confirmed')).toMatchObject({ wallet_id: '', wallet_movement: '' });
    expect(row('BK-JPY', 'confirmed')).toMatchObject({ total: '24300', wallet_movement: '-24300' });
    // The stamp's margin beside the rate applied, where the account adds one.
    expect(row('BK-BHD', 'confirmed')).toMatchObject({
      net: '100.125',
      total: '120.636',
      wallet_movement: '',
      fx_rate: '1.084223',
      fx_reference_rate: '1.0682',
      fx_margin_bps: '150',
    });
  });

  it('totals per tenant and currency: the confirmed money, the penalties and the net wallet movement, exact', () => {
    const totalRows = rows
      .filter((r) => r.row_type === 'total')
      .map(({ tenant, currency, net, markup, commission, tax, service_fee, total, applied_penalty, wallet_movement }) => ({
        tenant,
        currency,
        net,
        markup,
        commission,
        tax,
        service_fee,
        total,
        applied_penalty,
        wallet_movement,
      }));
    expect(totalRows).toEqual([
      {
        tenant: 'acme',
        currency: 'EUR',
        net: '1801439850948198.14',
        markup: '0.20',
        commission: '0.14',
        tax: '0.40',
        service_fee: '0.02',
        total: '1801439850948198.76',
        applied_penalty: '0.30',
        wallet_movement: '-0.30',
      },
      {
        tenant: 'acme',
        currency: 'JPY',
        net: '20000',
        markup: '2000',
        commission: '1000',
        tax: '2200',
        service_fee: '100',
        total: '24300',
        applied_penalty: '0',
        wallet_movement: '-24300',
      },
      {
        tenant: 'other',
        currency: 'BHD',
        net: '100.125',
        markup: '10.010',
        commission: '5.005',
        tax: '10.001',
        service_fee: '0.500',
        total: '120.636',
        applied_penalty: '0.000',
        wallet_movement: '0.000',
      },
    ]);
    expect(totals).toHaveLength(3);
  });

  it('keeps to a period: only the events of those days, and totals over them', async () => {
    const period = await ledgerRows(folder, { from: '2026-11-05', to: '2026-11-06' });
    expect(period.rows.filter((r) => r.row_type === 'event').map((r) => [r.booking_id, r.event])).toEqual([
      ['BK-EUR-2', 'modified'],
      ['BK-EUR-1', 'cancelled'],
      ['BK-EUR-1', 'refunded'],
    ]);
    expect(
      period.rows.filter((r) => r.row_type === 'total').map((r) => [r.tenant, r.currency, r.total, r.applied_penalty, r.wallet_movement]),
    ).toEqual([['acme', 'EUR', '0.00', '0.30', '900719925474099.08']]);
  });
});

describe('an incremental export in the NEW_IMAGE view', () => {
  it('drops a booking whose delete is its Keys alone, and takes the new image of a change', async () => {
    const newImageFolder = await mkdtemp(join(tmpdir(), 'ledger-new-image-'));
    try {
      const before = scan('bookings', '2026-11-04T12:00:00.000Z', [eurOne, deleted].map(bookingItem));
      const after = scan('bookings', '2026-11-06T12:00:00.000Z', [eurOneCancelled].map(bookingItem));
      await writeFullExport(newImageFolder, before);
      await writeIncrementalExport(newImageFolder, before, after, { view: 'NEW_IMAGE' });
      const { rows: newImageRows } = await ledgerRows(newImageFolder);
      expect(newImageRows.filter((r) => r.row_type === 'event').map((r) => [r.booking_id, r.event, r.status])).toEqual([
        ['BK-EUR-1', 'confirmed', 'cancelled'],
        ['BK-EUR-1', 'cancelled', 'cancelled'],
      ]);
    } finally {
      await rm(newImageFolder, { recursive: true, force: true });
    }
  });
});

/**
 * The Athena named query's text (athenaEngine), run by DuckDB over a view that stands in for the Glue table
 * as Athena reads it: every JSON file under the prefix, manifests included, each line a row with the
 * lowercase columns and the `"$path"` pseudo-column. Three things of Trino's are given to DuckDB here, as
 * Trino behaves: `from_iso8601_timestamp` and `to_unixtime` as macros, and UNNEST of an array of one-field
 * rows yielding that field (Trino expands a row's fields into the alias's columns), by handing the history
 * over as the list of its `M` entries. What is not checked: Trino's own parser, and that Glue's JSON SerDe
 * reads the files as DuckDB does (README "Finance" says so).
 */
describe("the ledger query's Athena text", () => {
  it('gives the same ledger as the CLI', async () => {
    const instance = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false' });
    const connection = await instance.connect();
    try {
      await connection.run('CREATE MACRO from_iso8601_timestamp(text) AS CAST(text AS TIMESTAMPTZ)');
      await connection.run('CREATE MACRO to_unixtime(instant) AS epoch(instant)');
      const asTrinoSees = (image: string) =>
        `CASE WHEN ${image} IS NULL THEN NULL ELSE struct_pack(${ITEM_ATTRIBUTE_NAMES.map((name) =>
          name === 'history' || name === 'stayChanges'
            ? `"${name}" := struct_pack("L" := list_transform(${image}."${name}"."L", entry -> entry."M"))`
            : `"${name}" := ${image}."${name}"`,
        ).join(', ')}) END`;
      const columns = exportLineColumns(duckdbItemType(), 'duckdb')
        .map(({ name, type }) => `"${name}": '${type}'`)
        .join(', ');
      await connection.run('CREATE SCHEMA finance_db');
      await connection.run(`CREATE VIEW finance_db.dynamodb_export_lines AS
        SELECT ${asTrinoSees('Item')} AS item, Metadata AS metadata, Keys AS keys, ${asTrinoSees('NewImage')} AS newimage, ${asTrinoSees('OldImage')} AS oldimage,
          CAST(NULL AS VARCHAR) AS exportarn, CAST(NULL AS VARCHAR) AS exporttype, CAST(NULL AS VARCHAR) AS exporttime, filename AS "$path"
        FROM read_json('${folder}/**/*.json.gz', format = 'newline_delimited', compression = 'gzip', columns = {${columns}}, filename = true)
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, NULL, exportArn, exportType, exportTime, filename
        FROM read_json('${folder}/**/manifest-*.json', format = 'newline_delimited', columns = {"exportArn": 'VARCHAR', "exportType": 'VARCHAR', "exportTime": 'VARCHAR'}, filename = true)`);
      const read = await connection.runAndReadAll(ledgerSql(athenaEngine('finance_db', 'dynamodb_export_lines')));
      const athenaRows = read
        .getRowObjectsJson()
        .map((row) => Object.fromEntries(LEDGER_COLUMNS.map((name) => [name, row[name] === null ? '' : String(row[name])])));
      expect(athenaRows).toEqual(rows);
      expect(athenaRows.filter((r) => r.row_type === 'event')).toHaveLength(7);
      expect(athenaRows.find((r) => r.booking_id === 'BK-JPY')).toMatchObject({ event: 'confirmed', status: 'confirmed' });
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

/**
 * A stay change of a wallet-paid booking: its row carries the booking's dates and money right after the
 * change, and the wallet movement the change made (the rise captured under the change's own reference), never
 * the booking's first capture; a later cancel's refund stays the `refunded` row.
 */
describe('stay changes in the ledger', () => {
  it('one row per change with its dates, money and wallet movement; the confirmation keeps its own capture', async () => {
    const changeFolder = await mkdtemp(join(tmpdir(), 'ledger-sql-change-'));
    try {
      const booking: Booking = {
        tenant: 'acme',
        bookingId: 'BK-CHG',
        status: 'cancelled',
        currency: 'EUR',
        net: '330.00',
        markup: '33.00',
        commission: '0.00',
        tax: '0.00',
        serviceFee: '2.00',
        total: '365.00',
        penaltyAmount: '0.00',
        walletId: 'wal_9',
        history: [
          ['2026-11-10T10:00:00.000Z', 'requested'],
          ['2026-11-10T10:00:01.000Z', 'confirmed'],
          ['2026-11-11T09:00:00.000Z', 'stay-change-requested'],
          ['2026-11-11T09:00:02.000Z', 'stay-changed'],
          ['2026-11-12T08:00:00.000Z', 'cancelled'],
        ],
        stayChanges: [
          {
            changeId: 'chg_1',
            at: '2026-11-11T09:00:02.000Z',
            checkIn: '2027-01-11',
            checkOut: '2027-01-14',
            previousTotal: '245.00',
            currency: 'EUR',
            net: '330.00',
            markup: '33.00',
            commission: '0.00',
            tax: '0.00',
            serviceFee: '2.00',
            total: '365.00',
            supplierAmount: '357.00',
            supplierCurrency: 'USD',
          },
        ],
      };
      const movement = (type: string, amountMinor: string, at: string, reference?: string) =>
        movementItem({
          tenant: 'acme',
          walletId: 'wal_9',
          bookingId: 'BK-CHG',
          type,
          amountMinor,
          currency: 'EUR',
          at,
          ...(reference ? { reference } : {}),
        });
      await writeFullExport(changeFolder, scan('bookings', '2026-11-13T00:00:00.000Z', [bookingItem(booking)]), {
        prefix: 'exports/bookings',
      });
      await writeFullExport(
        changeFolder,
        scan('wallets', '2026-11-13T00:00:00.000Z', [
          movement('capture', '-24500', '2026-11-10T10:00:01.000Z'),
          movement('capture', '-12000', '2026-11-11T09:00:02.000Z', 'captured#BK-CHG~chg_1'),
          movement('refund', '36500', '2026-11-12T08:00:00.500Z'),
        ]),
        { prefix: 'exports/wallets' },
      );
      const { rows: changeRows, totals: changeTotals } = await ledgerRows(changeFolder);
      const events = changeRows.filter((r) => r.row_type === 'event');
      expect(events.map((r) => [r.event, r.event_at, r.check_in, r.check_out, r.total, r.wallet_movement])).toEqual([
        ['confirmed', '2026-11-10T10:00:01.000Z', '2027-01-10', '2027-01-12', '365.00', '-245.00'],
        ['stay-changed', '2026-11-11T09:00:02.000Z', '2027-01-11', '2027-01-14', '365.00', '-120.00'],
        ['cancelled', '2026-11-12T08:00:00.000Z', '2027-01-10', '2027-01-12', '365.00', ''],
        ['refunded', '2026-11-12T08:00:00.500Z', '2027-01-10', '2027-01-12', '365.00', '365.00'],
      ]);
      expect(events.find((r) => r.event === 'stay-changed')).toMatchObject({ supplier_amount: '357.00', supplier_currency: 'USD' });
      // The wallet's net over the booking: paid 245.00 and 120.00, refunded 365.00.
      expect(changeTotals.find((t) => t.tenant === 'acme')).toMatchObject({ wallet_movement: '0.00', total: '365.00' });
    } finally {
      await rm(changeFolder, { recursive: true, force: true });
    }
  });
});
