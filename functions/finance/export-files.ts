/**
 * Finds the DynamoDB exports in a folder laid out as the export bucket is (`[<prefix>/]AWSDynamoDB/<export-id>/`
 * with `manifest-summary.json` and `manifest-files.json`; a full export's data files under its own `data/`, an
 * incremental export's in the prefix's shared `AWSDynamoDB/data/`), and checks each data file against the
 * MD5 its manifest gives and the manifests against each other, so a ledger is never made from a partial
 * download. Every problem is an ExportFolderError whose message names the file and what to do.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export interface ExportSummary {
  readonly exportArn: string;
  readonly tableArn: string;
  readonly exportType: 'FULL_EXPORT' | 'INCREMENTAL_EXPORT';
  /**
   * A full export's point in time (its items are the table as it was then), UTC ISO. An incremental
   * export's lines carry their own write times instead.
   */
  readonly exportTime?: string;
  readonly itemCount: number;
  readonly dataFiles: readonly string[];
}

export class ExportFolderError extends Error {}

interface ManifestSummary {
  exportArn?: string;
  tableArn?: string;
  exportType?: string;
  exportTime?: string;
  itemCount?: number;
  outputFormat?: string;
}

async function manifestSummaries(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
      throw new ExportFolderError(`${folder} is not a folder (give the folder the exports were downloaded into)`);
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name === 'manifest-summary.json')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function readJson<T>(path: string, what: string): Promise<T> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ExportFolderError(`${path} is missing: the ${what} of this export did not come down; download the export again`);
    throw new ExportFolderError(`${path} is not the ${what} DynamoDB writes (${(error as Error).message})`);
  }
}

async function readBytes(path: string, manifest: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ExportFolderError(`${path} is missing, though ${manifest} names it (a partial download? sync the export again)`);
    throw error;
  }
}

/** Every export under `folder`, with its data files as local paths, checksums verified. */
export async function exportsIn(folder: string): Promise<ExportSummary[]> {
  const summaries = await manifestSummaries(folder);
  if (summaries.length === 0)
    throw new ExportFolderError(`no DynamoDB export under ${folder} (looked for AWSDynamoDB/<export-id>/manifest-summary.json)`);
  const exports: ExportSummary[] = [];
  for (const summaryPath of summaries) {
    const summary = await readJson<ManifestSummary>(summaryPath, 'summary manifest');
    if (summary.outputFormat && summary.outputFormat !== 'DYNAMODB_JSON')
      throw new ExportFolderError(
        `${summaryPath}: export format ${summary.outputFormat}; the ledger reads DYNAMODB_JSON exports (export again with --export-format DYNAMODB_JSON)`,
      );
    if (typeof summary.exportArn !== 'string' || typeof summary.itemCount !== 'number')
      throw new ExportFolderError(`${summaryPath} has no exportArn or itemCount: not a DynamoDB export summary`);
    const exportType = summary.exportType === 'INCREMENTAL_EXPORT' ? 'INCREMENTAL_EXPORT' : 'FULL_EXPORT';
    if (exportType === 'FULL_EXPORT' && (typeof summary.exportTime !== 'string' || Number.isNaN(Date.parse(summary.exportTime)))) {
      throw new ExportFolderError(
        `${summaryPath}: a full export without its exportTime; the ledger needs it to order this export's items against other exports`,
      );
    }
    // The folder holding AWSDynamoDB/ (the export's prefix): the manifests name data files by their S3 key,
    // prefix included, and the folder may have been synced from above or below that prefix.
    const root = dirname(dirname(dirname(summaryPath)));
    const filesManifest = join(dirname(summaryPath), 'manifest-files.json');
    let manifestText;
    try {
      manifestText = await readFile(filesManifest, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new ExportFolderError(
          `${filesManifest} is missing: the files manifest of this export did not come down; download the export again`,
        );
      throw error;
    }
    const dataFiles: string[] = [];
    let itemCount = 0;
    for (const line of manifestText.split('\n').filter((text) => text.trim() !== '')) {
      const file = JSON.parse(line) as { dataFileS3Key: string; md5Checksum: string; itemCount: number };
      const at = file.dataFileS3Key.lastIndexOf('AWSDynamoDB/');
      if (at < 0) throw new ExportFolderError(`${filesManifest} names ${file.dataFileS3Key}, outside any AWSDynamoDB/ folder`);
      const path = join(root, file.dataFileS3Key.slice(at));
      const md5 = createHash('md5')
        .update(await readBytes(path, relative(folder, filesManifest)))
        .digest('base64');
      if (md5 !== file.md5Checksum)
        throw new ExportFolderError(
          `${path}: MD5 ${md5} differs from the manifest's ${file.md5Checksum} (a partial or changed download? sync the export again)`,
        );
      dataFiles.push(path);
      itemCount += file.itemCount;
    }
    if (itemCount !== summary.itemCount)
      throw new ExportFolderError(
        `${summaryPath} counts ${summary.itemCount} items, its files manifest ${itemCount}: the export is incomplete or mixed with another`,
      );
    exports.push({
      exportArn: summary.exportArn,
      tableArn: summary.tableArn ?? '',
      exportType,
      ...(exportType === 'FULL_EXPORT' ? { exportTime: summary.exportTime! } : {}),
      itemCount: summary.itemCount,
      dataFiles,
    });
  }
  return exports;
}
