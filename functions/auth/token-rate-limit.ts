/**
 * Token requests per client_id, in a fixed window counted in DynamoDB (the rateLimits table). API Gateway's
 * usage plan cannot do this: the token endpoint has no authorizer, so no usage key. One atomic UpdateItem
 * per request counts and refuses at once; the condition keeps the count at the limit, so a client that
 * keeps hammering does not push a number nobody reads, and the item expires shortly after its window.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../domain/errors/domain-error.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import { LIMITS } from '../shared/limits.js';

/** DynamoDB's TTL sweep is lazy; a minute past the window is enough for a counter nobody reads again. */
const EXPIRY_MARGIN_SECONDS = 60;

export interface TokenWindow {
  /** Epoch seconds the current window started. */
  windowStart: number;
  /** Seconds until the window ends, at least 1 (the Retry-After value). */
  secondsLeft: number;
}

export function tokenWindowAt(now: Date, windowSeconds: number = LIMITS.tokenRequests.windowSeconds): TokenWindow {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  return { windowStart, secondsLeft: Math.max(1, windowStart + windowSeconds - nowSeconds) };
}

/**
 * Counts one token request of the client; throws a rate-limited domain error, with the seconds to the
 * window's end, when the window's allowance is spent. The tenant leads the key, like every stored key.
 */
export async function countTokenRequest(tenant: string, clientId: string, now: Date = new Date()): Promise<void> {
  const { perWindow, windowSeconds } = LIMITS.tokenRequests;
  const { windowStart, secondsLeft } = tokenWindowAt(now, windowSeconds);
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: keys.tokenWindow(tenant, clientId, windowStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': perWindow, ':expiresAt': windowStart + windowSeconds + EXPIRY_MARGIN_SECONDS },
      }),
    );
  } catch (error) {
    if ((error as { name?: unknown }).name !== 'ConditionalCheckFailedException') throw error;
    throw new DomainError(
      'rate-limited',
      `At most ${perWindow} token requests per ${windowSeconds} seconds per client; retry after ${secondsLeft} seconds`,
      { retryAfterSeconds: secondsLeft },
    );
  }
}
