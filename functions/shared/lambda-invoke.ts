/**
 * The Lambda client a function hands work to another with (an asynchronous `Event` invoke). On Lambda it
 * talks to the regional endpoint; under the local host LAMBDA_ENDPOINT points at the Invoke endpoint that
 * runs the named function's handler in-process (local/lambda-endpoint.ts).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { optionalEnv } from './config.js';

let client: LambdaClient | undefined;

function lambdaClient(): LambdaClient {
  if (!client) {
    const endpoint = optionalEnv('LAMBDA_ENDPOINT');
    client = new LambdaClient(endpoint ? { endpoint } : {});
  }
  return client;
}

/** Queues the payload for the function: Lambda answers 202 once it holds the event, and retries a failure twice. */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const result = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (result.StatusCode !== 202) throw new Error(`Lambda ${functionName} did not queue the event (status ${String(result.StatusCode)})`);
}
