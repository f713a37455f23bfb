/**
 * The DynamoDB document client. Where it points comes from the environment: nothing on Lambda (the
 * regional endpoint), DYNAMODB_ENDPOINT under the local host (DynamoDB Local). One client per container,
 * reused across invocations for its kept-alive connections.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { optionalEnv } from './config.js';
import { tracer } from './observability.js';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = optionalEnv('DYNAMODB_ENDPOINT');
    // Every table call a subsegment of the function's trace (a no-op with tracing off).
    const base = tracer.captureAWSv3Client(new DynamoDBClient(endpoint ? { endpoint } : {}));
    documentClient = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}
