/**
 * The finance ledger end to end: real bookings, a modification, a wallet-paid booking cancelled with a
 * penalty (refund), made through the API; the bookings and wallets tables exported from DynamoDB Local in
 * AWS's export layout under the README's prefixes (a full export, then an incremental one of what changed
 * since); the ledger CLI run as a process over the folder; every figure checked against the bookings as
 * stored. Then the same ledger from other mixes of exports: an older incremental window beside a newer full
 * export, and two full exports, where the newest state must win whatever the order of the files.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import { Decimal } from '../../functions/domain/money/decimal.js';
import { formatMinor } from '../../functions/domain/money/money.js';
import type { WalletMovement } from '../../functions/domain/wallet/wallet.js';
import { tableName } from '../../functions/shared/config.js';
import { DynamoWalletStore } from '../../functions/stores/dynamo-wallets.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { scanTable, writeFullExport, writeIncrementalExport } from '../support/dynamodb-export.js';
import { startTestHost } from '../support/local-host.js';
import { repositoryPath } from '../../lib/project-paths.js';

const run = promisify(execFile);

let host: LocalHost;
let journey: Journey;
let folder: string;
/** What `aws s3 sync s3://<bucket>/exports` brings down of `folder` (the bucket). */
let synced: string;
let fullOnly: string;
let olderIncrementalNewerFull: string;
let twoFull: string;
let wallets: DynamoWalletStore;
let walletId: string;
const made: Record<'plain' | 'walletCancelled' | 'walletLater', string> = { plain: '', walletCancelled: '', walletLater: '' };
/** What the API answered to the cancel: the penalty the partner was told. */
let cancelAnswer: { penalty: { amount: number; currency: string } };

async function ledger(exportFolder?: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', repositoryPath('bin/finance-ledger.ts'), ...(exportFolder === undefined ? [] : [exportFolder]), ...args],
      { cwd: repositoryPath('.') },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** RFC 4180 CSV, as DuckDB writes it (quotes only where needed). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((values) => Object.fromEntries(header!.map((name, i) => [name, values[i] ?? ''])));
}

async function record(bookingId: string): Promise<BookingRecord> {
  const { DynamoBookingStore } = await import('../../functions/booking/record/booking-store.js');
  return (await new DynamoBookingStore().get('demo', bookingId))!;
}

async function movementsOf(bookingId: string): Promise<WalletMovement[]> {
  return (await wallets.movements('demo', walletId, { limit: 100 })).movements.filter((m) => m.bookingId === bookingId);
}

const paidFromWallet = () => ({ payment: { method: 'agent_wallet', walletId }, clientReference: `LEDGER-${randomUUID().slice(0, 8)}` });

beforeAll(async () => {
  host = await startTestHost();
  journey = await startJourney(host);
  wallets = new DynamoWalletStore();
  walletId = (await wallets.create({ tenant: 'demo', currency: 'EUR', now: new Date() })).walletId;
  await wallets.topUp('demo', walletId, 1_000_000, `ledger-${randomUUID()}`, new Date());
  folder = await mkdtemp(join(tmpdir(), 'ledger-export-'));
  synced = join(folder, 'exports');
  fullOnly = await mkdtemp(join(tmpdir(), 'ledger-full-'));
  olderIncrementalNewerFull = await mkdtemp(join(tmpdir(), 'ledger-mixed-'));
  twoFull = await mkdtemp(join(tmpdir(), 'ledger-two-full-'));
  // Scans in this order: the bookings table, then the wallets table, each exported under its README prefix.
  const prefix = (i: number) => ({ prefix: ['exports/bookings', 'exports/wallets'][i]! });
  const initialScans = [await scanTable(tableName('bookings')), await scanTable(tableName('wallets'))];

  // Before the full export: a booking paid outside the API, modified; a wallet-paid one.
  const plainRate = journey.rateOf('hotelbeds');
  const plain = await journey.book(plainRate);
  made.plain = String(plain.body.bookingId);
  const modified = await journey.call(`/v1/hotels/bookings/${made.plain}`, 'demo', {
    method: 'PATCH',
    idempotencyKey: randomUUID(),
    body: JSON.stringify({ holder: { email: 'ledger@example.com' } }),
  });
  if (modified.status !== 200) throw new Error(`modify: ${modified.status} ${await modified.text()}`);
  const cancellable = journey.rateOf('opentravel', (r) => r.refundable && r.cancellationDeadline !== undefined);
  const walletBooked = await journey.book(cancellable, { body: journey.bookingBody(cancellable, paidFromWallet()) });
  made.walletCancelled = String(walletBooked.body.bookingId);

  const fullScans = [await scanTable(tableName('bookings')), await scanTable(tableName('wallets'))];
  for (const [i, scan] of fullScans.entries()) {
    await writeFullExport(folder, scan, prefix(i));
    await writeFullExport(fullOnly, scan);
    await writeFullExport(twoFull, scan);
    // The window before the full export below: its changes are older than that export's items.
    await writeIncrementalExport(olderIncrementalNewerFull, initialScans[i]!, scan);
  }

  // After it: the wallet-paid booking cancelled past its deadline (a penalty, the rest refunded), and another booked.
  const cancelled = await journey.call(`/v1/hotels/bookings/${made.walletCancelled}/cancel`, 'demo', {
    method: 'POST',
    idempotencyKey: randomUUID(),
    scenario: 'late-cancel',
  });
  if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${await cancelled.text()}`);
  cancelAnswer = (await cancelled.json()) as typeof cancelAnswer;
  const laterRate = journey.rateOf('expedia');
  made.walletLater = String((await journey.book(laterRate, { body: journey.bookingBody(laterRate, paidFromWallet()) })).body.bookingId);

  const laterScans = [await scanTable(tableName('bookings')), await scanTable(tableName('wallets'))];
  for (const [i, scan] of laterScans.entries()) {
    await writeIncrementalExport(folder, fullScans[i]!, scan, prefix(i));
    await writeFullExport(olderIncrementalNewerFull, scan);
    await writeFullExport(twoFull, scan);
  }
}, 180_000);

afterAll(async () => {
  host?.stop();
  await Promise.all(
    [folder, fullOnly, olderIncrementalNewerFull, twoFull].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

const totals0 = (rows: Record<string, string>[]) => rows.find((r) => r.row_type === 'total')!;
const MONEY = ['net', 'markup', 'commission', 'tax', 'serviceFee', 'total'] as const;
const column = { net: 'net', markup: 'markup', commission: 'commission', tax: 'tax', serviceFee: 'service_fee', total: 'total' } as const;

describe('npm run finance:ledger', () => {
  it('writes one row per booking event from a full and an incremental export, every figure as the bookings were made', async () => {
    const out = join(folder, 'ledger.csv');
    const result = await ledger(synced, '--out', out);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('read 4 export(s)');
    expect(result.stdout).toContain('INCREMENTAL_EXPORT');
    for (const table of ['bookings', 'wallets']) expect((await readdir(join(synced, table, 'AWSDynamoDB'))).sort(), table).toHaveLength(3); // 2 exports + the shared data/
    const rows = parseCsv(await readFile(out, 'utf8'));
    const events = rows.filter((r) => r.row_type === 'event');

    const [plain, cancelled, later] = await Promise.all([record(made.plain), record(made.walletCancelled), record(made.walletLater)]);
    expect(cancelled.status).toBe('cancelled');
    const eventAt = (booking: BookingRecord, event: string) => booking.history.find((e) => e.event === event)!.at;
    const [capture] = (await movementsOf(made.walletCancelled)).filter((m) => m.type === 'capture');
    const [refund] = (await movementsOf(made.walletCancelled)).filter((m) => m.type === 'refund');
    const [laterCapture] = (await movementsOf(made.walletLater)).filter((m) => m.type === 'capture');

    expect(events.map((r) => [r.booking_id, r.event, r.event_at])).toEqual(
      [
        [made.plain, 'confirmed', eventAt(plain, 'confirmed')],
        [made.plain, 'modified', eventAt(plain, 'modified')],
        [made.walletCancelled, 'confirmed', eventAt(cancelled, 'confirmed')],
        [made.walletCancelled, 'cancelled', eventAt(cancelled, 'cancelled')],
        [made.walletCancelled, 'refunded', refund!.at],
        [made.walletLater, 'confirmed', eventAt(later, 'confirmed')],
      ].sort((a, b) => a[2]!.localeCompare(b[2]!) || a[0]!.localeCompare(b[0]!)),
    );

    for (const row of events) {
      const booking = { [made.plain]: plain, [made.walletCancelled]: cancelled, [made.walletLater]: later }[row.booking_id!]!;
      expect(row).toMatchObject({
        tenant: 'demo',
        client_reference: booking.clientReference,
        supplier_id: booking.supplierId,
        supplier_reference: booking.supplierReference,
        check_in: booking.checkIn,
        check_out: booking.checkOut,
        status: booking.status,
        currency: 'EUR',
        supplier_amount: booking.supplierAmount,
        supplier_currency: booking.supplierCurrency,
        fx_rate: booking.fxRate,
        fx_source: booking.fxSource,
        fx_as_of: booking.fxAsOf,
        wallet_id: booking.paymentMethod?.walletId ?? '',
      });
      for (const field of MONEY) expect(row[column[field]], `${row.booking_id} ${row.event} ${field}`).toBe(booking[field]);
      expect(row.applied_penalty).toBe(row.event === 'cancelled' ? booking.penaltyAmount : '');
    }
    // And as the partner sees each booking through the API (GET answers numbers; the ledger keeps the decimals).
    for (const bookingId of Object.values(made)) {
      const view = (await (await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo')).json()) as {
        status: string;
        clientReference: string;
        supplierReference: string;
        checkIn: string;
        checkOut: string;
        price: Record<'net' | 'markup' | 'commission' | 'tax' | 'serviceFee' | 'total', number> & {
          currency: string;
          fx: { rate: string; source: string; asOf: string };
        };
        supplierPrice: { amount: number; currency: string };
      };
      for (const row of events.filter((r) => r.booking_id === bookingId)) {
        expect(row).toMatchObject({
          status: view.status,
          client_reference: view.clientReference,
          supplier_reference: view.supplierReference,
          check_in: view.checkIn,
          check_out: view.checkOut,
          currency: view.price.currency,
          supplier_currency: view.supplierPrice.currency,
          fx_rate: String(view.price.fx.rate),
          fx_source: view.price.fx.source,
          fx_as_of: view.price.fx.asOf,
        });
        for (const field of MONEY) expect(Number(row[column[field]]), `${bookingId} ${field} via the API`).toBe(view.price[field]);
        expect(Number(row.supplier_amount)).toBe(view.supplierPrice.amount);
      }
    }
    expect(Number(events.find((r) => r.event === 'cancelled')!.applied_penalty)).toBe(cancelAnswer.penalty.amount);
    expect(Number(totals0(rows).applied_penalty)).toBe(cancelAnswer.penalty.amount);

    const walletMovement = (bookingId: string, event: string) =>
      events.find((r) => r.booking_id === bookingId && r.event === event)!.wallet_movement;
    expect(walletMovement(made.walletCancelled, 'confirmed')).toBe(formatMinor(capture!.amountMinor, 'EUR'));
    expect(walletMovement(made.walletCancelled, 'refunded')).toBe(formatMinor(refund!.amountMinor, 'EUR'));
    expect(walletMovement(made.walletLater, 'confirmed')).toBe(formatMinor(laterCapture!.amountMinor, 'EUR'));
    expect(walletMovement(made.plain, 'confirmed')).toBe('');
    // The refund is what was paid less the penalty the supplier applied.
    expect(new Decimal(walletMovement(made.walletCancelled, 'refunded')!).toFixed(2)).toBe(
      new Decimal(cancelled.total).minus(cancelled.penaltyAmount!).toFixed(2),
    );

    // Reconciled with the wallet itself: its balance is the top-up plus every wallet movement in the ledger.
    const wallet = (await wallets.get('demo', walletId))!;
    const ledgerMovements = events
      .filter((r) => r.wallet_id === walletId && r.wallet_movement !== '')
      .reduce((sum, r) => sum.plus(r.wallet_movement!), new Decimal(0));
    expect(formatMinor(wallet.balanceMinor, 'EUR')).toBe(new Decimal('10000.00').plus(ledgerMovements).toFixed(2));

    // The totals, per tenant and currency, after the events.
    expect(rows.at(-1)!.row_type).toBe('total');
    const totals = rows.filter((r) => r.row_type === 'total');
    expect(totals.map((r) => [r.tenant, r.currency])).toEqual([['demo', 'EUR']]);
    const confirmed = [plain, cancelled, later];
    for (const field of MONEY) {
      expect(totals[0]![column[field]], field).toBe(confirmed.reduce((sum, b) => sum.plus(b[field]), new Decimal(0)).toFixed(2));
    }
    expect(totals[0]!.applied_penalty).toBe(new Decimal(cancelled.penaltyAmount!).toFixed(2));
    expect(totals[0]!.wallet_movement).toBe(formatMinor(capture!.amountMinor + refund!.amountMinor + laterCapture!.amountMinor, 'EUR'));
  }, 60_000);

  it('writes the same ledger as Parquet', async () => {
    const csv = join(folder, 'same.csv');
    const parquet = join(folder, 'same.parquet');
    expect((await ledger(synced, '--out', csv)).code).toBe(0);
    expect((await ledger(synced, '--format', 'parquet', '--out', parquet)).code).toBe(0);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const read = await connection.runAndReadAll(`SELECT * FROM read_parquet('${parquet}')`);
    const fromParquet = read
      .getRowObjectsJson()
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])));
    connection.closeSync();
    instance.closeSync();
    expect(fromParquet).toEqual(parseCsv(await readFile(csv, 'utf8')));
  }, 60_000);

  it('reads a full export alone as the state at its time: the later cancel, refund and booking are not there', async () => {
    const out = join(fullOnly, 'ledger.csv');
    expect((await ledger(fullOnly, '--out', out)).code).toBe(0);
    const events = parseCsv(await readFile(out, 'utf8')).filter((r) => r.row_type === 'event');
    expect(events.map((r) => [r.booking_id, r.event]).sort()).toEqual(
      [
        [made.plain, 'confirmed'],
        [made.plain, 'modified'],
        [made.walletCancelled, 'confirmed'],
      ].sort(),
    );
    expect(events.find((r) => r.booking_id === made.walletCancelled)!.status).toBe('confirmed');
  }, 60_000);

  it('gives the same ledger when an older incremental window lies beside a newer full export, or two full exports', async () => {
    const expected = join(folder, 'expected.csv');
    expect((await ledger(synced, '--out', expected)).code).toBe(0);
    for (const mix of [olderIncrementalNewerFull, twoFull]) {
      const out = join(mix, 'ledger.csv');
      const result = await ledger(mix, '--out', out);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('read 4 export(s)');
      expect(parseCsv(await readFile(out, 'utf8')), mix).toEqual(parseCsv(await readFile(expected, 'utf8')));
    }
  }, 60_000);

  it('keeps to the days asked for', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const within = await ledger(synced, '--from', today, '--to', today, '--out', join(folder, 'today.csv'));
    expect(within.code, within.stderr).toBe(0);
    expect(within.stdout).toContain('6 booking events');
    const after = await ledger(synced, '--from', tomorrow, '--out', join(folder, 'tomorrow.csv'));
    expect(after.stdout).toContain('0 booking events, 0 totals row(s)');
    const before = await ledger(synced, '--to', yesterday, '--out', join(folder, 'yesterday.csv'));
    expect(before.stdout).toContain('0 booking events');
  }, 60_000);

  it('refuses a data file that does not match its manifest, is missing or is not DynamoDB JSON, an empty folder, bad options and an unwritable --out', async () => {
    const corrupt = await mkdtemp(join(tmpdir(), 'ledger-corrupt-'));
    try {
      await cp(fullOnly, corrupt, { recursive: true });
      const [exportId] = await readdir(join(corrupt, 'AWSDynamoDB'));
      const manifests = (await readFile(join(corrupt, 'AWSDynamoDB', exportId!, 'manifest-files.json'), 'utf8')).split('\n');
      const firstFile = (JSON.parse(manifests[0]!) as { dataFileS3Key: string }).dataFileS3Key;
      await writeFile(join(corrupt, firstFile), 'not the exported bytes');
      const refused = await ledger(corrupt);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('differs from the manifest');
      await rm(join(corrupt, firstFile));
      const missing = await ledger(corrupt);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('is missing, though');
      // Bytes that match their manifest but are not DynamoDB JSON lines.
      const notJson = gzipSync('this is not an export line\n');
      await writeFile(join(corrupt, firstFile), notJson);
      const manifestPath = join(corrupt, 'AWSDynamoDB', exportId!, 'manifest-files.json');
      const entries = manifests.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
      entries[0]!.md5Checksum = createHash('md5').update(notJson).digest('base64');
      await writeFile(manifestPath, entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
      const unreadable = await ledger(corrupt);
      expect(unreadable.code, unreadable.stderr).toBe(1);
      expect(unreadable.stderr).toContain('could not be read as DynamoDB JSON');
      const unwritable = await ledger(fullOnly, '--out', join(corrupt, 'no-such-folder', 'ledger.csv'));
      expect(unwritable.code).toBe(3);
      expect(unwritable.stderr).toContain('cannot write');
      const empty = await ledger(await mkdtemp(join(tmpdir(), 'ledger-empty-')));
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('no DynamoDB export');
      expect((await ledger(folder, '--format', 'xlsx')).code).toBe(2);
      expect((await ledger(folder, '--from', '2026-13-40')).code).toBe(2);
      const notADay = await ledger(folder, '--to', '2026-02-30');
      expect(notADay.code).toBe(2);
      expect(notADay.stderr).toContain('must be a calendar day');
      expect((await ledger(folder, '--from', '2026-11-02', '--to', '2026-11-01')).code).toBe(2);
      expect((await ledger(folder, '--colour')).code).toBe(2);
      expect((await ledger()).code).toBe(2);
      // --help answers with the usage and the exit codes, and is not a usage error.
      const help = await ledger(undefined, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('usage: npm run finance:ledger');
      expect(help.stdout).toContain('Exit codes: 0 written');
    } finally {
      await rm(corrupt, { recursive: true, force: true });
    }
  }, 60_000);
});
