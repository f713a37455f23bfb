/**
 * Starts DynamoDB Local once for the whole run and stops it at the end; tests create their own tables
 * under a unique prefix (test/support/dynamo.ts), so no test depends on another's data or order.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../local/dynamodb-local.js';

let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
