/**
 * The Step Functions client the booking handler starts its synchronous workflow with. On Lambda it talks
 * to the regional endpoint; under the local host SFN_ENDPOINT (the function's configuration, config.ts)
 * points at the StartSyncExecution endpoint that runs the same ASL file (local/step-functions-endpoint.ts).
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { awsEndpoint } from './config.js';

let made: { readonly endpoint: string | undefined; readonly client: SFNClient } | undefined;

export function stepFunctionsClient(): SFNClient {
  const endpoint = awsEndpoint('sfn');
  if (!made || made.endpoint !== endpoint) {
    // StartSyncExecution carries the host prefix `sync-` (sync-states.<region>.amazonaws.com); a loopback
    // endpoint has no such host, so the prefix is left off there.
    made = { endpoint, client: new SFNClient(endpoint ? { endpoint, disableHostPrefix: true } : {}) };
  }
  return made.client;
}
