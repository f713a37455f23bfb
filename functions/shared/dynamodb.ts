/**
 * The DynamoDB document client. Where it points comes from the function's configuration (config.ts):
 * nowhere on Lambda (the regional endpoint), DYNAMODB_ENDPOINT under the local host (DynamoDB Local). One
 * client per container, reused across invocations for its kept-alive connections.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsEndpoint } from './config.js';
import { tracer } from './observability.js';

let documentClient: { readonly endpoint: string | undefined; readonly client: DynamoDBDocumentClient } | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  const endpoint = awsEndpoint('dynamodb');
  // A client made before this process was told its endpoint (a test's setup) is not kept pointing elsewhere.
  if (!documentClient || documentClient.endpoint !== endpoint) {
    // Every table call a subsegment of the function's trace (a no-op with tracing off).
    const base = tracer.captureAWSv3Client(new DynamoDBClient(endpoint ? { endpoint } : {}));
    documentClient = { endpoint, client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }) };
  }
  return documentClient.client;
}
