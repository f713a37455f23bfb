/**
 * The engines the ledger query runs on, as the two seams of ledger-sql.ts: where the export lines come from
 * (with the time a full export's items stand for), and how an unnested history entry is addressed.
 */
import { duckdbItemType, exportLineColumns } from './export-item-shape.js';
import type { LedgerEngine } from './ledger-sql.js';

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One export's data files, and for a full export its point in time (UTC ISO). */
export interface ExportFiles {
  readonly dataFiles: readonly string[];
  readonly exportTime?: string;
}

/**
 * DuckDB reading the exports' gzipped JSON-lines data files directly, with the declared item type; each
 * export's lines carry its point in time, read from its summary manifest (export-files.ts).
 */
export function duckdbEngine(exports: readonly ExportFiles[]): LedgerEngine {
  const lineColumns = exportLineColumns(duckdbItemType(), 'duckdb');
  const columns = lineColumns.map(({ name, type }) => `"${name}": ${quoted(type)}`).join(', ');
  const reads = exports
    .filter((e) => e.dataFiles.length > 0)
    .map((e) => {
      const micros = e.exportTime === undefined ? 'NULL' : String(BigInt(Date.parse(e.exportTime)) * 1000n);
      return `SELECT Item, Metadata, Keys, NewImage, OldImage, CAST(${micros} AS BIGINT) AS exported_at_micros
    FROM read_json([${e.dataFiles.map(quoted).join(', ')}], format = 'newline_delimited', compression = 'gzip', columns = {${columns}})`;
    });
  // No data file at all (AWS writes at least one per export, so only a hand-made folder): an empty relation of the same shape.
  const none = `SELECT ${lineColumns.map(({ name, type }) => `CAST(NULL AS ${type}) AS ${name}`).join(', ')}, CAST(NULL AS BIGINT) AS exported_at_micros WHERE FALSE`;
  return {
    exportLines: `(${reads.length ? reads.join('\n    UNION ALL ') : none})`,
    // DuckDB unnests a list of structs into one struct column: the entry is its `M`.
    historyEntry: 'h.entry.M',
    stayChangeEntry: 'c.entry.M',
  };
}

/**
 * Athena (Trino) over the stack's Glue table of every file under the export prefix. A full export's data
 * files lie in `AWSDynamoDB/<export-id>/data/`; that export's `manifest-summary.json`, read by the same table
 * as one row, gives its exportTime. An incremental export's files lie in the shared `AWSDynamoDB/data/` and
 * need none: their lines carry their write times.
 */
export function athenaEngine(database: string, table: string): LedgerEngine {
  const lines = `"${database}"."${table}"`;
  return {
    exportLines: `(
  SELECT l.item AS Item, l.metadata AS Metadata, l.keys AS Keys, l.newimage AS NewImage, l.oldimage AS OldImage, s.exported_at_micros
  FROM (SELECT item, metadata, keys, newimage, oldimage, regexp_extract("$path", '/AWSDynamoDB/([^/]+)/data/', 1) AS export_id FROM ${lines}) l
  LEFT JOIN (
    SELECT regexp_extract("$path", '/AWSDynamoDB/([^/]+)/manifest-summary\\.json$', 1) AS export_id,
      CAST(to_unixtime(from_iso8601_timestamp(exporttime)) * 1000000 AS BIGINT) AS exported_at_micros
    FROM ${lines} WHERE exportarn IS NOT NULL AND exporttime IS NOT NULL
  ) s ON s.export_id = l.export_id
)`,
    // Trino expands the fields of a row when it unnests an array of rows: the entry's only field, `m`, is the column.
    historyEntry: 'h.entry',
    stayChangeEntry: 'c.entry',
  };
}
