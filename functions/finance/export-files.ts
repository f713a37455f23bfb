/**
 * Finds the data files of DynamoDB exports in a folder laid out as the export bucket is
 * (`AWSDynamoDB/<export-id>/manifest-summary.json`, `manifest-files.json`, the data files they name), and
 * checks each against the MD5 its manifest gives, so a ledger is never made from a partial download.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface ExportSummary {
  readonly exportArn: string;
  readonly tableArn: string;
  readonly exportType: 'FULL_EXPORT' | 'INCREMENTAL_EXPORT';
  readonly itemCount: number;
  readonly dataFiles: readonly string[];
}

export class ExportFolderError extends Error {}

async function manifestSummaries(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'manifest-summary.json') found.push(join(entry.parentPath, entry.name));
  }
  return found.sort();
}

/** Every export under `folder`, with its data files as local paths, checksums verified. */
export async function exportsIn(folder: string): Promise<ExportSummary[]> {
  const summaries = await manifestSummaries(folder);
  if (summaries.length === 0) throw new ExportFolderError(`no DynamoDB export under ${folder} (looked for AWSDynamoDB/<export-id>/manifest-summary.json)`);
  const exports: ExportSummary[] = [];
  for (const summaryPath of summaries) {
    const summary = JSON.parse(await readFile(summaryPath, 'utf8')) as { exportArn: string; tableArn: string; exportType?: string; itemCount: number; outputFormat?: string };
    if (summary.outputFormat && summary.outputFormat !== 'DYNAMODB_JSON') throw new ExportFolderError(`${summaryPath}: export format ${summary.outputFormat}; the ledger reads DYNAMODB_JSON exports`);
    // The folder holding AWSDynamoDB/: the manifests name data files by their key from there.
    const root = dirname(dirname(dirname(summaryPath)));
    const lines = (await readFile(join(dirname(summaryPath), 'manifest-files.json'), 'utf8')).split('\n').filter((line) => line.trim() !== '');
    const dataFiles: string[] = [];
    for (const line of lines) {
      const file = JSON.parse(line) as { dataFileS3Key: string; md5Checksum: string };
      const key = file.dataFileS3Key.slice(file.dataFileS3Key.indexOf('AWSDynamoDB/'));
      const path = join(root, key);
      const md5 = createHash('md5').update(await readFile(path)).digest('base64');
      if (md5 !== file.md5Checksum) throw new ExportFolderError(`${path}: MD5 ${md5} differs from the manifest's ${file.md5Checksum} (a partial or changed download?)`);
      dataFiles.push(path);
    }
    exports.push({
      exportArn: summary.exportArn,
      tableArn: summary.tableArn,
      exportType: summary.exportType === 'INCREMENTAL_EXPORT' ? 'INCREMENTAL_EXPORT' : 'FULL_EXPORT',
      itemCount: summary.itemCount,
      dataFiles,
    });
  }
  return exports;
}
