/**
 * Webhook endpoints and deliveries in the webhooks table (the outbox's events are written by the changes
 * themselves: webhook-outbox.ts).
 *
 * - An endpoint: `<tenant>#webhook` / `endpoint#<id>`.
 * - A delivery of one event to one endpoint: `<tenant>#webhook#<endpointId>` / `delivery#<deliveryId>`, ids
 *   starting with the event's time, so an endpoint's deliveries read in time order. While a delivery is open
 *   (not yet delivered, not dead) it carries two sparse index keys: `dueTenant`/`dueAt` (when its next attempt
 *   is due) and `openLane` (its endpoint and subject: deliveries of one booking to one endpoint go in order).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { isOpen, type WebhookDelivery, type WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import { WEBHOOK_INDEXES } from '../shared/tables.js';
import type { TransactItem } from '../shared/transact-item.js';
import { webhookExpiry } from './webhook-outbox.js';
import { deliveryFromItem, endpointFromItem } from './webhook-items.js';

export class DynamoWebhookStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { readonly client?: DynamoDBDocumentClient; readonly table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('webhooks');
  }

  async createEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.webhookEndpoint(endpoint.tenant, endpoint.endpointId), kind: 'webhook-endpoint', ...endpoint },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async getEndpoint(tenant: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.webhookEndpoint(tenant, endpointId), ConsistentRead: true }),
    );
    return Item ? endpointFromItem(Item) : undefined;
  }

  async listEndpoints(tenant: string): Promise<WebhookEndpoint[]> {
    const endpoints: WebhookEndpoint[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :endpoint)',
          ExpressionAttributeValues: { ':pk': keys.webhookEndpoints(tenant).pk, ':endpoint': 'endpoint#' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      endpoints.push(...(page.Items ?? []).map((item) => endpointFromItem(item)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return endpoints;
  }

  /**
   * Sets the given fields (undefined removes one); undefined when there is no such endpoint. `also` is
   * written in the same transaction, given the endpoint as it will be (an operator's audit entry).
   */
  async updateEndpoint(
    tenant: string,
    endpointId: string,
    changes: Partial<
      Omit<WebhookEndpoint, 'tenant' | 'endpointId' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'createdAt'>
    >,
    also?: { before: WebhookEndpoint; writes: (after: WebhookEndpoint) => TransactItem[] },
  ): Promise<WebhookEndpoint | undefined> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    Object.entries(changes).forEach(([name, value], i) => {
      names[`#f${i}`] = name;
      if (value === undefined) removes.push(`#f${i}`);
      else {
        values[`:v${i}`] = value;
        sets.push(`#f${i} = :v${i}`);
      }
    });
    const update = {
      TableName: this.table,
      Key: keys.webhookEndpoint(tenant, endpointId),
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
        .join(' ')
        .trim(),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(sets.length ? { ExpressionAttributeValues: values } : {}),
    };
    if (also) {
      // The endpoint as it will be: what it was, with the changes set and the fields they remove gone.
      const predicted = endpointFromItem(
        Object.fromEntries(Object.entries({ ...also.before, ...changes }).filter(([, value]) => value !== undefined)),
      );
      try {
        await this.client.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...also.writes(predicted)] }));
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed')
          return undefined;
        throw error;
      }
      return this.getEndpoint(tenant, endpointId);
    }
    try {
      const { Attributes } = await this.client.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return endpointFromItem(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /**
   * Gives the endpoint a new secret and keeps the one it replaces until `previousExpiresAt`; undefined when
   * there is no such endpoint, or another rotation changed the secret since `current` was read (retry).
   */
  async rotateSecret(
    endpoint: WebhookEndpoint,
    secret: string,
    previousExpiresAt: string,
    updatedAt: string,
  ): Promise<WebhookEndpoint | undefined> {
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookEndpoint(endpoint.tenant, endpoint.endpointId),
          UpdateExpression:
            'SET secret = :secret, previousSecret = :previous, previousSecretExpiresAt = :expiresAt, updatedAt = :updatedAt',
          ConditionExpression: 'secret = :previous',
          ExpressionAttributeValues: {
            ':secret': secret,
            ':previous': endpoint.secret,
            ':expiresAt': previousExpiresAt,
            ':updatedAt': updatedAt,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return endpointFromItem(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /** false when there was no such endpoint. Its deliveries stay readable until they age out of interest. */
  async deleteEndpoint(tenant: string, endpointId: string): Promise<boolean> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.webhookEndpoint(tenant, endpointId),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  private deliveryItem(delivery: WebhookDelivery): Record<string, unknown> {
    const open = isOpen(delivery.status);
    return {
      ...keys.webhookDelivery(delivery.tenant, delivery.endpointId, delivery.deliveryId),
      kind: 'webhook-delivery',
      ...delivery,
      // Expires with its event: WEBHOOK_RETENTION_DAYS after the event was made.
      expiresAt: webhookExpiry(delivery.event.createdAt),
      ...(open
        ? {
            dueTenant: delivery.tenant,
            dueAt: `${delivery.nextAttemptAt}#${delivery.deliveryId}`,
            openLane: keys.webhookLane(delivery.tenant, delivery.endpointId, delivery.subject),
          }
        : {}),
    };
  }

  /** Records a new delivery; false when it exists already (the event was dispatched before). */
  async createDelivery(delivery: WebhookDelivery): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({ TableName: this.table, Item: this.deliveryItem(delivery), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Writes the delivery as it now is (its open index keys follow its status). */
  async saveDelivery(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    await this.client.send(new PutCommand({ TableName: this.table, Item: this.deliveryItem(delivery) }));
    return delivery;
  }

  async getDelivery(tenant: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.webhookDelivery(tenant, endpointId, deliveryId), ConsistentRead: true }),
    );
    return Item ? deliveryFromItem(Item) : undefined;
  }

  /**
   * Takes an open delivery for one attempt: moves its due time past the attempt, conditionally on it being
   * due when read, so a scheduled sweep and a stream dispatch never send the same attempt twice.
   */
  async claim(delivery: WebhookDelivery, until: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookDelivery(delivery.tenant, delivery.endpointId, delivery.deliveryId),
          UpdateExpression: 'SET dueAt = :until, nextAttemptAt = :next',
          ConditionExpression: 'dueAt = :seen',
          ExpressionAttributeValues: {
            ':until': `${until}#${delivery.deliveryId}`,
            ':next': until,
            ':seen': `${delivery.nextAttemptAt}#${delivery.deliveryId}`,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** An endpoint's deliveries, newest first, a page at a time (`after`: the last one's deliveryId). */
  async listDeliveries(
    tenant: string,
    endpointId: string,
    options: { limit: number; after?: string },
  ): Promise<{ deliveries: WebhookDelivery[]; next?: string }> {
    const { pk } = keys.webhookDeliveries(tenant, endpointId);
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :delivery)',
        ExpressionAttributeValues: { ':pk': pk, ':delivery': 'delivery#' },
        ScanIndexForward: false,
        Limit: options.limit,
        ...(options.after ? { ExclusiveStartKey: { pk, sk: `delivery#${options.after}` } } : {}),
      }),
    );
    const deliveries = (page.Items ?? []).map((item) => deliveryFromItem(item));
    return { deliveries, ...(page.LastEvaluatedKey ? { next: deliveries.at(-1)!.deliveryId } : {}) };
  }

  /** Open deliveries of the tenant whose next attempt is due at `now`, earliest first. */
  async dueDeliveries(tenant: string, now: string, limit: number): Promise<WebhookDelivery[]> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: WEBHOOK_INDEXES.due,
        KeyConditionExpression: 'dueTenant = :tenant AND dueAt <= :now',
        ExpressionAttributeValues: { ':tenant': tenant, ':now': `${now}#~` },
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((item) => deliveryFromItem(item));
  }

  /** The open delivery of the same lane just before (`before`) or after (`after`) this one, if any. */
  async laneNeighbour(delivery: WebhookDelivery, direction: 'before' | 'after'): Promise<WebhookDelivery | undefined> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: WEBHOOK_INDEXES.lane,
        KeyConditionExpression: `openLane = :lane AND sk ${direction === 'before' ? '<' : '>'} :sk`,
        ExpressionAttributeValues: {
          ':lane': keys.webhookLane(delivery.tenant, delivery.endpointId, delivery.subject),
          ':sk': `delivery#${delivery.deliveryId}`,
        },
        ScanIndexForward: direction === 'after',
        Limit: 1,
      }),
    );
    const item = page.Items?.[0];
    return item ? deliveryFromItem(item) : undefined;
  }
}
