/**
 * Idempotency-Key for booking, cancel and modify: Powertools idempotency on DynamoDB, keyed by operation,
 * tenant, client and key (so one partner's key never meets another's, nor a cancel a booking). A replay
 * within 24 hours returns the stored status and body and does nothing; the same key with a different body
 * is IdempotencyValidationError (422) and a key whose first request is still running is
 * IdempotencyAlreadyInProgressError (409), both mapped in functions/shared/error-response.ts.
 *
 * makeIdempotent around the use case rather than Powertools' Middy middleware: the middleware (2.35)
 * deletes records it never acquired when it refuses a duplicate (upstream issue 5675). What the use case
 * returns is stored; what it throws is not (the record is released), so a request that failed before
 * anything was booked can be retried with the same key.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { optionalEnv, tableName } from '../shared/config.js';
import type { HttpResult } from '../shared/http-handler.js';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface IdempotentInput<B> {
  readonly operation: string;
  readonly tenant: string;
  readonly clientId: string;
  readonly idempotencyKey: string;
  /** What must match on a replay (the request as validated, plus the path's ids). */
  readonly body: B;
}

/** A result as stored: JSON, with the request id of the request that produced it (replays are marked). */
export type StoredResult = HttpResult & { readonly requestId: string };

let persistenceStore: DynamoDBPersistenceLayer | undefined;

function store(): DynamoDBPersistenceLayer {
  const endpoint = optionalEnv('DYNAMODB_ENDPOINT');
  return (persistenceStore ??= new DynamoDBPersistenceLayer({
    tableName: tableName('idempotency'),
    awsSdkV3Client: new DynamoDBClient(endpoint ? { endpoint } : {}),
  }));
}

export function idempotentOperation<B, I extends IdempotentInput<B>>(run: (input: I) => Promise<StoredResult>) {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: '[operation, tenant, clientId, idempotencyKey]',
    payloadValidationJmesPath: 'body',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  let idempotent: ((input: I) => Promise<StoredResult>) | undefined;
  return async (input: I, context: Context, requestId: string): Promise<HttpResult> => {
    idempotent ??= makeIdempotent(run, { persistenceStore: store(), config, dataIndexArgument: 0 });
    // The in-progress record expires with this invocation, so a crashed request does not block its key.
    config.registerLambdaContext(context);
    const result = await idempotent(input);
    const { requestId: original, ...response } = result;
    if (original === requestId) return response;
    return { ...response, headers: { ...(response.headers ?? {}), 'Idempotent-Replayed': 'true' } };
  };
}
