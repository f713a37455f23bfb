/**
 * The webhook sender's Lambda entry, with two triggers (lib/webhook-sender.ts): the webhooks table's stream,
 * whose new outbox items it dispatches (dispatch-stream-records.ts), and a schedule, on which it tries the
 * deliveries due. The local host hands the records it reads from DynamoDB Local's stream to the same
 * dispatch, and sweeps every seeded tenant's due deliveries itself.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverDue } from './deliver-due.js';
import { dispatchStreamRecords } from './dispatch-stream-records.js';
import { senderConfig } from './sender-config.js';
import { webhookDeps } from './webhook-deps.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = senderConfig();

function isStreamEvent(event: unknown): event is DynamoDBStreamEvent {
  return typeof event === 'object' && event !== null && Array.isArray((event as { Records?: unknown }).Records);
}

export async function handler(event: unknown): Promise<DynamoDBBatchResponse | { attempted: number }> {
  const deps = webhookDeps(config.delivery);
  if (isStreamEvent(event)) return dispatchStreamRecords(event, deps);
  return deliverDue(config.tenant, deps);
}
