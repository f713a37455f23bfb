/**
 * The mapping trigger on this machine, as AWS runs it (lib/property-mapping.ts): the contracts table's stream
 * (dynamo-stream-poller.ts) handed batch by batch to the trigger's own entry (functions/search/
 * mapping-trigger-handler.ts), which starts a mapping run on the local Step Functions endpoint. A batch whose
 * handling fails is offered again, as the event source mapping retries it.
 */
import { randomUUID } from 'node:crypto';
import { pollDynamoStream, type StreamPoller } from './dynamo-stream-poller.js';
import { inInvocation } from './invocation-scope.js';
import { lambdaContext } from './lambda-context.js';

const POLL_MS = 250;

export async function startContractTrigger(options: { readonly dynamoEndpoint: string; readonly table: string }): Promise<StreamPoller> {
  const { handler } = await import('../functions/search/mapping-trigger-handler.js');
  return pollDynamoStream({
    ...options,
    name: 'contracts stream',
    // The contracts seeded before the host serves are the first run's to map, which reads every contract (as the
    // stack's first run does on AWS, started once the sandbox contracts are written): a run for their inserts
    // would only race it for the mapping lock.
    startAt: 'LATEST',
    intervalMs: POLL_MS,
    onBatch: async (event) => {
      const requestId = randomUUID();
      await inInvocation(requestId, () => handler(event, lambdaContext('local-mapping-trigger', requestId, 30_000)));
      return undefined;
    },
  });
}
