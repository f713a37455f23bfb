/**
 * A local S3-compatible server (s3rver, on the file system of a temporary directory) for what the functions
 * keep in S3, the search rows: reached with the real @aws-sdk/client-s3 at S3_ENDPOINT, path-style. Each
 * host or test file makes its own bucket (createBucket), as each makes its own tables.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
// s3rver checks signatures against its own accounts (S3RVER/S3RVER); the local environment signs as `local`.
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';

export interface S3Local {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** In a temporary directory, removed at stop; in dataDir (kept) when given, as DynamoDB Local keeps its tables. */
export async function startS3Local(options: { dataDir?: string } = {}): Promise<S3Local> {
  for (const [id, secret] of [
    ['local', 'local'],
    [process.env.AWS_ACCESS_KEY_ID, process.env.AWS_SECRET_ACCESS_KEY],
  ]) {
    if (id && secret) DUMMY_ACCOUNT.createKeyPair(id, secret);
  }
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 's3-local-'));
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A bucket for the search rows, named from a table prefix (lower case, 3 to 63 characters). */
export function createSearchRowsBucket(endpoint: string, prefix: string): Promise<string> {
  return createLocalBucket(endpoint, prefix, 'search-rows');
}

/** A bucket named from a table prefix and what it holds (`<prefix>-<purpose>`, lower case, 3 to 63 characters). */
export async function createLocalBucket(endpoint: string, prefix: string, purpose: string): Promise<string> {
  const bucket = `${prefix.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-${purpose}`.slice(0, 63);
  const client = new S3Client({ endpoint, forcePathStyle: true, region: process.env.AWS_REGION ?? 'us-east-1' });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    // A host restarted on its kept data finds its bucket there.
    if (!(error instanceof Error && (error.name === 'BucketAlreadyOwnedByYou' || error.name === 'BucketAlreadyExists'))) throw error;
  } finally {
    client.destroy();
  }
  return bucket;
}
