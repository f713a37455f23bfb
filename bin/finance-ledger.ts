/**
 * npm run finance:ledger -- <export folder> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format csv|parquet] [--out FILE]
 *
 * The finance ledger from DynamoDB exports of the bookings and wallets tables (full and incremental,
 * downloaded from the export bucket as they lie: `aws s3 sync s3://<bucket>/<prefix> <folder>`). Writes one
 * row per booking event and the totals per tenant and currency, and prints the totals.
 * Exit codes: 0 written (the totals are printed); 1 the exports could not be read (none found, a file
 * missing or not matching its manifest, lines that are not DynamoDB JSON); 2 usage; 3 the ledger file could
 * not be written where --out says.
 */
import { parseArgs } from 'node:util';
import { ExportFolderError } from '../functions/finance/export-files.js';
import { isCalendarDay } from '../functions/finance/ledger-sql.js';
import { LedgerOutputError, runLedger, type LedgerFormat } from '../functions/finance/run-ledger.js';

const USAGE = 'usage: npm run finance:ledger -- <export folder> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format csv|parquet] [--out FILE]';

const HELP = `${USAGE}

The finance ledger from DynamoDB exports of the bookings and wallets tables (full and incremental, as
downloaded from the export bucket: aws s3 sync s3://<bucket>/<prefix> <folder>). Writes one row per
booking event and the totals per tenant and currency (default ledger.csv), and prints the totals.

  --from, --to   calendar days (YYYY-MM-DD): only events in that period, both days included
  --format       csv (default) or parquet
  --out          the file to write (default ledger.<format>)
  --help, -h     this text

Exit codes: 0 written; 1 the exports could not be read (none found, a file missing or not matching its
manifest, lines that are not DynamoDB JSON); 2 usage; 3 the ledger file could not be written.`;

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  fail(2, `${(error as Error).message}\n${USAGE}`);
}
const { values, positionals } = parsed;
if (values.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
if (positionals.length !== 1) fail(2, USAGE);
const format = values.format as LedgerFormat;
if (format !== 'csv' && format !== 'parquet') fail(2, `--format must be csv or parquet\n${USAGE}`);
for (const [name, day] of [
  ['--from', values.from],
  ['--to', values.to],
] as const) {
  if (day !== undefined && !isCalendarDay(day)) fail(2, `${name} must be a calendar day, YYYY-MM-DD (got ${day})\n${USAGE}`);
}
if (values.from && values.to && values.from > values.to) fail(2, '--from is after --to');
const out = values.out ?? `ledger.${format}`;

try {
  const result = await runLedger({
    folder: positionals[0]!,
    format,
    out,
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  });
  process.stdout.write(
    `read ${result.exports.length} export(s): ${result.exports.map((e) => `${e.exportType} ${e.exportArn}`).join(', ')}\n`,
  );
  process.stdout.write(`wrote ${out}: ${result.eventRows} booking events, ${result.totals.length} totals row(s)\n`);
  for (const total of result.totals) {
    process.stdout.write(
      `  ${total.tenant} ${total.currency}: total ${total.total}, net ${total.net}, markup ${total.markup}, commission ${total.commission}, tax ${total.tax}, service fee ${total.service_fee}, penalties ${total.applied_penalty}, wallet ${total.wallet_movement}\n`,
    );
  }
} catch (error) {
  if (error instanceof ExportFolderError) fail(1, `cannot make the ledger from ${positionals[0]}: ${error.message}`);
  if (error instanceof LedgerOutputError) fail(3, `${error.message} (is --out in a folder that exists and that you may write to?)`);
  throw error;
}
