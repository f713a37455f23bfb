/**
 * The webhook sender on this machine, as AWS runs it (lib/webhook-sender.ts): the webhooks table's stream
 * (dynamo-stream-poller.ts) handed, record by record, to the same handler
 * the event source mapping invokes on AWS; and the retry sweep on a short interval instead of every minute.
 * A record whose dispatch fails is kept and offered again, as the event source mapping retries it.
 */
import { randomUUID } from 'node:crypto';
import { pollDynamoStream } from './dynamo-stream-poller.js';
import { inInvocation } from './invocation-scope.js';
import { defineConfig } from '../functions/shared/config-schema.js';
import { webhookDeliveryConfig } from '../functions/webhooks/webhook-delivery-config.js';

export interface LocalWebhookSender {
  stop(): Promise<void>;
}

const POLL_MS = 100;

export async function startWebhookSender(options: {
  readonly dynamoEndpoint: string;
  readonly table: string;
  readonly tenants: readonly string[];
  readonly sweepIntervalMs: number;
}): Promise<LocalWebhookSender> {
  // Loaded once the host has set the table names and the sender's environment.
  const [{ dispatchStreamRecords }, { deliverDue }, { webhookDeps }] = await Promise.all([
    import('../functions/webhooks/dispatch-stream-records.js'),
    import('../functions/webhooks/deliver-due.js'),
    import('../functions/webhooks/webhook-deps.js'),
  ]);
  // The sender's settings as its function reads them (functions/webhooks/sender-config.ts), for every tenant.
  const deps = webhookDeps(defineConfig('local webhook sender', webhookDeliveryConfig).parse(process.env));
  const poller = await pollDynamoStream({
    dynamoEndpoint: options.dynamoEndpoint,
    table: options.table,
    name: 'webhook stream',
    intervalMs: POLL_MS,
    onBatch: async (event, records) => {
      const { batchItemFailures } = await inInvocation(randomUUID(), () => dispatchStreamRecords(event, deps));
      const failed = batchItemFailures[0]?.itemIdentifier;
      return failed === undefined ? undefined : records.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
    },
  });
  const sweeper = setInterval(() => {
    for (const tenant of options.tenants) inInvocation(randomUUID(), () => deliverDue(tenant, deps)).catch(() => undefined);
  }, options.sweepIntervalMs);
  sweeper.unref();

  return {
    async stop() {
      clearInterval(sweeper);
      await poller.stop();
    },
  };
}
