/**
 * The webhooks table's stream records, as the sender gets them (its Lambda entry on AWS, the local host's
 * stream reader on this machine): each new outbox item becomes its deliveries, tried at once. A record that
 * fails is reported, and the records after it in its shard wait: the event source mapping retries the batch
 * from it, and in the end sends it to the dead-letter queue.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { logger } from '../shared/observability.js';
import { OUTBOX_ITEM_KIND } from '../stores/webhook-outbox.js';
import { dispatchEvent } from './dispatch-event.js';
import type { WebhookDeps } from './webhook-deps.js';

export async function dispatchStreamRecords(event: DynamoDBStreamEvent, deps: WebhookDeps): Promise<DynamoDBBatchResponse> {
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
