/**
 * Per-test-file tables in the DynamoDB Local that global setup started: a unique prefix, the real
 * definitions, and the environment the handlers read (so handler code runs unchanged).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { provideSharedConfig } from '../../functions/shared/config.js';
import { sharedConfigFrom } from '../../functions/shared/config-schema.js';
import { createTables } from '../../local/create-tables.js';
import { createSearchRowsBucket } from '../../local/s3-local.js';

export function useLocalAwsEnvironment(endpoint: string): void {
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.POWERTOOLS_TRACE_ENABLED = 'false';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
  // The code under test reads its endpoint as a function's configuration gives it.
  provideSharedConfig(sharedConfigFrom({ DYNAMODB_ENDPOINT: endpoint }));
}

/** Creates a fresh set of tables and points the environment at them; returns their names. */
export async function freshTables(): Promise<Record<string, string>> {
  const endpoint = inject('dynamoEndpoint');
  useLocalAwsEnvironment(endpoint);
  const client = new DynamoDBClient({ endpoint, region: process.env.AWS_REGION });
  const prefix = `t${randomUUID().slice(0, 8)}`;
  const names = await createTables(client, prefix);
  Object.assign(process.env, names);
  client.destroy();
  // The search rows' bucket beside the tables (functions/stores/s3-search-chunks.ts).
  process.env.S3_ENDPOINT = inject('s3Endpoint');
  process.env.SEARCH_ROWS_BUCKET = await createSearchRowsBucket(process.env.S3_ENDPOINT, prefix);
  provideSharedConfig(
    sharedConfigFrom({ ...names, S3_ENDPOINT: process.env.S3_ENDPOINT, SEARCH_ROWS_BUCKET: process.env.SEARCH_ROWS_BUCKET }),
  );
  return names;
}
