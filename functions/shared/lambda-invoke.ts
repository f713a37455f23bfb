/**
 * The Lambda client a function hands work to another with (an asynchronous `Event` invoke). On Lambda it
 * talks to the regional endpoint; under the local host LAMBDA_ENDPOINT (the function's configuration,
 * config.ts) points at the Invoke endpoint that runs the named function's handler in-process
 * (local/lambda-endpoint.ts).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { awsEndpoint } from './config.js';

let made: { readonly endpoint: string | undefined; readonly client: LambdaClient } | undefined;

function lambdaClient(): LambdaClient {
  const endpoint = awsEndpoint('lambda');
  if (!made || made.endpoint !== endpoint) made = { endpoint, client: new LambdaClient(endpoint ? { endpoint } : {}) };
  return made.client;
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
