/**
 * DynamoDB's export to S3, made from DynamoDB Local in AWS's own layout, for the finance tests: a scan of
 * the table written as an export would write it, under the export's S3 prefix (the folder is the bucket, or
 * what `aws s3 sync` brought down of it).
 * - Both kinds: `<prefix>/AWSDynamoDB/<export-id>/` with `manifest-summary.json`, `manifest-files.json`
 *   (JSON lines: itemCount, md5Checksum, etag, dataFileS3Key), their `.checksum` files and `_started`. The
 *   export id starts with the export's start time in epoch milliseconds, as AWS's do.
 * - Full export (summary version 2020-06-30, `exportTime`): `<export-id>/data/<name>.json.gz`, one
 *   `{"Item": {...}}` line per item in DynamoDB JSON, spread over files as over partitions (an empty
 *   partition still gets its empty file).
 * - Incremental export (summary version 2023-08-01, `exportFromTime`, `exportToTime`, `outputView`): data
 *   files in the prefix's shared `AWSDynamoDB/data/` folder, one line per item changed between two scans,
 *   compacted to its final state as AWS compacts a window: `Metadata.WriteTimestampMicros`, `Keys`,
 *   `NewImage` (absent for a delete) and `OldImage` (absent for an insert), the NEW_AND_OLD_IMAGES view.
 * Field names and forms: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/S3DataExport.Output.html
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../../functions/shared/dynamodb.js';

type Item = Record<string, AttributeValue>;

export interface TableScan {
  readonly table: string;
  readonly at: Date;
  /** By key (pk and sk), the item as DynamoDB JSON. */
  readonly items: ReadonlyMap<string, Item>;
}

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const BUCKET = 'hotel-api-exports';
const PARTITIONS = 3;

const keyOf = (item: Item) => JSON.stringify([item.pk, item.sk]);
const tableArn = (table: string) => `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${table}`;

/** Every item of the table, as the low-level client returns it (DynamoDB JSON, as the export writes it). */
export async function scanTable(table: string): Promise<TableScan> {
  const at = new Date();
  const items = new Map<string, Item>();
  // The document client's underlying low-level client: the export's AttributeValue form, not plain JSON.
  const client = dynamoClient();
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey }));
    for (const item of page.Items ?? []) items.set(keyOf(item), item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { table, at, items };
}

function exportId(startedAt: Date): string {
  return `${startedAt.getTime().toString().padStart(14, '0')}-${randomBytes(4).toString('hex')}`;
}

function jsonLines(lines: readonly unknown[]): string {
  return lines.map((line) => JSON.stringify(line)).join('\n') + (lines.length ? '\n' : '');
}

const md5 = (bytes: Buffer | string, encoding: 'base64' | 'hex') => createHash('md5').update(bytes).digest(encoding);

export interface ExportOptions {
  /** The export request's `--s3-prefix` (README "Finance": `exports/bookings`); none puts AWSDynamoDB/ at the top. */
  readonly prefix?: string;
  /** An incremental export's view: NEW_AND_OLD_IMAGES (the default, as AWS's) or NEW_IMAGE (no OldImage; a delete is its Keys alone). */
  readonly view?: 'NEW_AND_OLD_IMAGES' | 'NEW_IMAGE';
}

interface ExportKind {
  /** Where the data files go, from the prefix: `AWSDynamoDB/<export-id>/data` or the shared `AWSDynamoDB/data`. */
  readonly dataFolder: (exportId: string) => string;
  /** The summary's fields, in AWS's order, around the common ones. */
  readonly summary: (common: Record<string, unknown>) => Record<string, unknown>;
}

/** Writes the data files (lines spread over PARTITIONS files) and both manifests; returns the export's directory. */
async function writeExport(
  folder: string,
  table: string,
  lines: readonly unknown[],
  kind: ExportKind,
  options: ExportOptions,
): Promise<string> {
  const startedAt = new Date();
  const id = exportId(startedAt);
  const s3Key = (key: string) => (options.prefix ? `${options.prefix.replace(/\/+$/, '')}/${key}` : key);
  const base = s3Key(`AWSDynamoDB/${id}`);
  const dataFolder = s3Key(kind.dataFolder(id));
  await mkdir(join(folder, base), { recursive: true });
  await mkdir(join(folder, dataFolder), { recursive: true });
  await writeFile(join(folder, base, '_started'), '');
  const partitions: unknown[][] = Array.from({ length: PARTITIONS }, () => []);
  lines.forEach((line, i) => partitions[i % PARTITIONS]!.push(line));
  const files = [];
  for (const part of partitions) {
    const key = `${dataFolder}/${randomBytes(13).toString('hex')}.json.gz`;
    const body = gzipSync(jsonLines(part));
    await writeFile(join(folder, key), body);
    files.push({ itemCount: part.length, md5Checksum: md5(body, 'base64'), etag: `${md5(body, 'hex')}-1`, dataFileS3Key: key });
  }
  const manifestFiles = jsonLines(files);
  const manifestSummary = JSON.stringify(
    kind.summary({
      exportArn: `${tableArn(table)}/export/${id}`,
      startTime: startedAt.toISOString(),
      endTime: new Date().toISOString(),
      tableArn: tableArn(table),
      tableId: md5(table, 'hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
      s3Bucket: BUCKET,
      s3Prefix: options.prefix ?? null,
      s3SseAlgorithm: 'AES256',
      s3SseKmsKeyId: null,
      manifestFilesS3Key: `${base}/manifest-files.json`,
      billedSizeBytes: lines.reduce<number>((sum, line) => sum + JSON.stringify(line).length, 0),
      itemCount: lines.length,
      outputFormat: 'DYNAMODB_JSON',
    }),
  );
  await writeFile(join(folder, base, 'manifest-files.json'), manifestFiles);
  await writeFile(join(folder, base, 'manifest-files.checksum'), md5(manifestFiles, 'hex'));
  await writeFile(join(folder, base, 'manifest-summary.json'), manifestSummary);
  await writeFile(join(folder, base, 'manifest-summary.checksum'), md5(manifestSummary, 'hex'));
  return join(folder, base);
}

/** A FULL_EXPORT of the table as it was at the scan (the export's point in time). */
export function writeFullExport(folder: string, scan: TableScan, options: ExportOptions = {}): Promise<string> {
  return writeExport(
    folder,
    scan.table,
    [...scan.items.values()].map((Item) => ({ Item })),
    {
      dataFolder: (id) => `AWSDynamoDB/${id}/data`,
      summary: ({ exportArn, startTime, endTime, tableArn, tableId, ...storage }) => ({
        version: '2020-06-30',
        exportArn,
        startTime,
        endTime,
        tableArn,
        tableId,
        exportTime: scan.at.toISOString(),
        ...storage,
        exportType: 'FULL_EXPORT',
      }),
    },
    options,
  );
}

/** When an item was last written: its own updatedAt where it keeps one, else the later scan's time. */
function writtenAt(item: Item | undefined, fallback: Date): number {
  const updatedAt = item?.updatedAt?.S ?? item?.at?.S;
  const time = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  return (Number.isNaN(time) ? fallback.getTime() : time) * 1000;
}

/** An INCREMENTAL_EXPORT of what changed between two scans of the same table. */
export function writeIncrementalExport(folder: string, before: TableScan, after: TableScan, options: ExportOptions = {}): Promise<string> {
  const view = options.view ?? 'NEW_AND_OLD_IMAGES';
  const lines = [];
  for (const key of new Set([...before.items.keys(), ...after.items.keys()])) {
    const old = before.items.get(key);
    const next = after.items.get(key);
    if (old && next && JSON.stringify(old) === JSON.stringify(next)) continue;
    const keys = { pk: (next ?? old)!.pk!, sk: (next ?? old)!.sk! };
    lines.push({
      Metadata: { WriteTimestampMicros: { N: String(writtenAt(next, after.at)) } },
      Keys: keys,
      ...(next ? { NewImage: next } : {}),
      ...(old && view === 'NEW_AND_OLD_IMAGES' ? { OldImage: old } : {}),
    });
  }
  return writeExport(
    folder,
    after.table,
    lines,
    {
      dataFolder: () => 'AWSDynamoDB/data',
      summary: ({ exportArn, startTime, endTime, tableArn, tableId, ...storage }) => ({
        version: '2023-08-01',
        exportArn,
        startTime,
        endTime,
        tableArn,
        tableId,
        exportFromTime: before.at.toISOString(),
        exportToTime: after.at.toISOString(),
        ...storage,
        outputView: view,
        exportType: 'INCREMENTAL_EXPORT',
      }),
    },
    options,
  );
}
