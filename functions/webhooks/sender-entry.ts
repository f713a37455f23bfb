/**
 * The webhook sender's Lambda entry, with two triggers (lib/webhook-sender.ts): the webhooks table's stream,
 * whose new outbox items it dispatches (a record that fails is reported, retried by the event source
 * mapping and in the end sent to the dead-letter queue), and a schedule, on which it tries the deliveries
 * due. The local host calls the same handler with the records it reads from DynamoDB Local's stream.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { env } from '../shared/config.js';
import { logger } from '../shared/observability.js';
import { OUTBOX_ITEM_KIND } from '../stores/webhook-outbox.js';
import { deliverDue } from './deliver-due.js';
import { dispatchEvent } from './dispatch-event.js';
import { webhookDeps } from './webhook-deps.js';

function isStreamEvent(event: unknown): event is DynamoDBStreamEvent {
  return typeof event === 'object' && event !== null && Array.isArray((event as { Records?: unknown }).Records);
}

export async function dispatchStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const deps = webhookDeps();
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image || image.kind?.S !== OUTBOX_ITEM_KIND) continue;
    try {
      const item = unmarshall(image as Record<string, StreamAttributeValue> as Record<string, AttributeValue>) as {
        event: WebhookEvent;
        subject: string;
      };
      await dispatchEvent(item.event, item.subject, deps);
    } catch (error) {
      logger.error('could not dispatch a webhook event', { error, sequenceNumber: record.dynamodb?.SequenceNumber });
      // Later records of the same shard wait for this one: reported, the batch is retried from it.
      batchItemFailures.push({ itemIdentifier: record.dynamodb!.SequenceNumber! });
      break;
    }
  }
  return { batchItemFailures };
}

export async function handler(event: unknown): Promise<DynamoDBBatchResponse | { attempted: number }> {
  if (isStreamEvent(event)) return dispatchStreamRecords(event);
  return deliverDue(env('TENANT'), webhookDeps());
}
