/**
 * The Step Functions client the booking handler starts its synchronous workflow with. On Lambda it talks
 * to the regional endpoint; under the local host SFN_ENDPOINT points at the StartSyncExecution endpoint
 * that runs the same ASL file (local/step-functions-endpoint.ts).
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { optionalEnv } from './config.js';

let client: SFNClient | undefined;

export function stepFunctionsClient(): SFNClient {
  if (!client) {
    const endpoint = optionalEnv('SFN_ENDPOINT');
    // StartSyncExecution carries the host prefix `sync-` (sync-states.<region>.amazonaws.com); a loopback
    // endpoint has no such host, so the prefix is left off there.
    client = new SFNClient(endpoint ? { endpoint, disableHostPrefix: true } : {});
  }
  return client;
}
