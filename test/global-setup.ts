/**
 * Starts DynamoDB Local and a local S3 once for the whole run and stops them at the end; tests create their
 * own tables and bucket under a unique prefix (test/support/dynamo.ts), so no test depends on another's data or order.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../local/dynamodb-local.js';
import { startS3Local, type S3Local } from '../local/s3-local.js';

let dynamo: DynamoDbLocal | undefined;
let s3: S3Local | undefined;

export async function setup(project: TestProject): Promise<void> {
  [dynamo, s3] = await Promise.all([startDynamoDbLocal(), startS3Local()]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
}

export async function teardown(): Promise<void> {
  await Promise.all([dynamo?.stop(), s3?.stop()]);
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}
