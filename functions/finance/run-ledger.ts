/**
 * Makes the ledger file from a folder of DynamoDB exports with DuckDB (in-process, no server): the export's
 * data files are read where they lie, the ledger query (ledger-sql.ts) runs over them, and DuckDB writes
 * the result as CSV or Parquet. Every column is text: amounts are exact decimal strings.
 *
 * DuckDB's JSON and Parquet support is inside the npm package's binary; it is told never to fetch an
 * extension, so the ledger is made on a machine without network access or not at all.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { ExportFolderError, exportsIn, type ExportSummary } from './export-files.js';
import { duckdbEngine } from './ledger-engines.js';
import { ledgerSql, type LedgerPeriod } from './ledger-sql.js';

export type LedgerFormat = 'csv' | 'parquet';

export interface LedgerRun extends LedgerPeriod {
  readonly folder: string;
  readonly format: LedgerFormat;
  readonly out: string;
}

export interface LedgerResult {
  readonly exports: readonly ExportSummary[];
  readonly eventRows: number;
  /** The totals rows, per tenant and currency. */
  readonly totals: readonly Record<string, string | null>[];
}

/** The ledger was made but its file could not be written where asked. */
export class LedgerOutputError extends Error {}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function runLedger(run: LedgerRun): Promise<LedgerResult> {
  const exports = await exportsIn(run.folder);
  const sql = ledgerSql(duckdbEngine(exports), run);
  const instance = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false' });
  const connection = await instance.connect();
  try {
    try {
      await connection.run(`CREATE TABLE ledger AS ${sql}`);
    } catch (error) {
      // The files matched their checksums, so what DuckDB cannot read is not DynamoDB JSON as the ledger knows it.
      throw new ExportFolderError(`the export lines could not be read as DynamoDB JSON: ${(error as Error).message}`);
    }
    try {
      // The table keeps the query's order; COPY writes it in that order.
      await connection.run(
        `COPY (SELECT * FROM ledger) TO ${quoted(run.out)} (FORMAT ${run.format === 'csv' ? 'csv, HEADER true' : 'parquet'})`,
      );
    } catch (error) {
      throw new LedgerOutputError(`cannot write ${run.out}: ${(error as Error).message}`);
    }
    const events = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ledger WHERE row_type = 'event'`);
    const totals = await connection.runAndReadAll(`SELECT * FROM ledger WHERE row_type = 'total'`);
    return {
      exports,
      eventRows: Number(events.getRowObjectsJson()[0]!.n),
      totals: totals.getRowObjectsJson() as Record<string, string | null>[],
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
