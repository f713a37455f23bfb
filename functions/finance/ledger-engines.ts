/**
 * The two engines the ledger query runs on, as the two seams of ledger-sql.ts: where the export lines come
 * from, and how an unnested history entry is addressed.
 */
import { duckdbItemType, exportLineColumns } from './export-item-shape.js';
import type { LedgerEngine } from './ledger-sql.js';

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** DuckDB reading the export's gzipped JSON-lines data files directly, with the declared item type. */
export function duckdbEngine(dataFiles: readonly string[]): LedgerEngine {
  const columns = exportLineColumns(duckdbItemType(), 'duckdb').map(({ name, type }) => `"${name}": ${quoted(type)}`).join(', ');
  return {
    exportLines: `read_json([${dataFiles.map(quoted).join(', ')}], format = 'newline_delimited', compression = 'gzip', columns = {${columns}})`,
    // DuckDB unnests a list of structs into one struct column: the entry is its `M`.
    historyEntry: 'h.entry.M',
  };
}

/** Athena (Trino) over the stack's Glue table of export lines. */
export function athenaEngine(database: string, table: string): LedgerEngine {
  return {
    exportLines: `"${database}"."${table}"`,
    // Trino expands the fields of a row when it unnests an array of rows: the entry's only field, `m`, is the column.
    historyEntry: 'h.entry',
  };
}
