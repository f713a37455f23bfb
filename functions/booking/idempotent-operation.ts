/**
 * Idempotency-Key for booking, cancel and modify: Powertools idempotency on DynamoDB, keyed by operation,
 * tenant, client and key (so one partner's key never meets another's, nor a cancel a booking). A replay
 * within 24 hours returns the stored status and body and does nothing; the same key with a different body
 * is IdempotencyValidationError (422) and a key whose first request is still running is
 * IdempotencyAlreadyInProgressError (409), both mapped in functions/shared/error-response.ts.
 *
 * makeIdempotent around the use case rather than Powertools' Middy middleware: the middleware (2.35)
 * deletes records it never acquired when it refuses a duplicate (upstream issue 5675). What `run` returns
 * is stored; what it throws is not (the record is released), so a request that failed before anything was
 * booked can be retried with the same key.
 *
 * What is stored is the answer, not the use case's domain result: each route's handler turns its result
 * into the status, headers and body inside `run`, so the record holds exactly what a replay sends. A replay
 * reads the record and sends it as it is, whatever the code that wrote it: a record written by an earlier
 * release replays byte for byte, and a later change to the domain-error table never rewrites an answer
 * already given (a failed booking's problem keeps its status and its first request's instance).
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { z } from 'zod';
import { DomainError } from '../domain/errors/domain-error.js';
import { isDependencyOutage } from '../shared/dependency-outage.js';
import { HttpProblem } from '../shared/problem.js';
import { awsEndpoint, tableName } from '../shared/config.js';
import { problemOf } from '../shared/domain-error-problems.js';
import { httpHandler, type ApiHandler, type HttpResult } from '../shared/http-handler.js';
import { recordIdempotentReplay } from '../shared/metric-events.js';
import { logger, tracer } from '../shared/observability.js';
import { PROBLEM_CONTENT_TYPE } from '../shared/problem.js';
import { travellerOf } from '../shared/traveller.js';
import { requestedScenarios } from '../suppliers/scenario.js';
import { answerDeadline } from './answer-deadline.js';
import { bookingConfig } from './booking-config.js';
import type { IdempotentInput } from './idempotent-input.js';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** A result as stored: JSON, with the request id of the request that produced it (replays are marked). */
export type StoredResult = HttpResult & { readonly requestId: string };

/** A domain error that is the request's answer (a booking we recorded as failed), stored as its problem. */
export function storedProblem(error: DomainError, requestId: string): StoredResult {
  const problem = problemOf(error);
  return {
    status: problem.status,
    raw: { contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(problem.body(requestId)) },
    headers: problem.headers,
    requestId,
  };
}

let persistenceStore: DynamoDBPersistenceLayer | undefined;

function store(): DynamoDBPersistenceLayer {
  const endpoint = awsEndpoint('dynamodb');
  return (persistenceStore ??= new DynamoDBPersistenceLayer({
    tableName: tableName('idempotency'),
    awsSdkV3Client: tracer.captureAWSv3Client(new DynamoDBClient(endpoint ? { endpoint } : {})),
  }));
}

/**
 * A booking call never answers 500 (API-SPEC, Errors): a failure the use case could not name (a defect, which
 * the log keeps with its stack) is answered as a brief unavailability, thrown so the key is released. Retrying
 * with the same Idempotency-Key is safe on every route here: the bookingId is the key's, a cancel and a change
 * look at the booking as it then is.
 */
function answeredOrRetriable<I>(routeId: string, run: (input: I) => Promise<StoredResult>): (input: I) => Promise<StoredResult> {
  return async (input) => {
    try {
      return await run(input);
    } catch (error) {
      if (error instanceof DomainError || error instanceof HttpProblem || isDependencyOutage(error)) throw error;
      logger.error('booking call failed in a way it could not name; answered as unavailable', { route: routeId, error });
      throw new DomainError(
        'dependency-unavailable',
        'The request could not be completed now; retry after the seconds in Retry-After with the same Idempotency-Key, which completes it',
      );
    }
  };
}

/**
 * An HTTP handler for a route that requires an Idempotency-Key: the request is validated as usual, then
 * `run` is called once per (route, tenant, client, key) within 24 hours.
 */
export function idempotentRoute<B, P extends Record<string, string>>(
  routeId: string,
  spec: {
    body: z.ZodType<B>;
    params?: z.ZodType<P>;
    personalData?: boolean;
    /**
     * Puts the guest details into an answer on its way out, fresh or replayed: an answer that shows them is
     * stored without them, so the idempotency table never holds personal data (and an erased booking's
     * replay names nobody).
     */
    joinPersonalData?: (result: StoredResult, tenant: string) => Promise<StoredResult>;
  },
  run: (input: IdempotentInput<B & P>) => Promise<StoredResult>,
): ApiHandler {
  const settings = {
    eventKeyJmesPath: '[operation, tenant, clientId, idempotencyKey]',
    payloadValidationJmesPath: 'body',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
  };
  return httpHandler<B, Record<string, string>, P>(routeId, spec, async (request) => {
    // The in-progress record expires with this invocation, so a crashed request does not block its key. A
    // config of its own per request: registerLambdaContext on one shared config would give a request the
    // deadline of whichever request registered last, when many share an execution environment (managed
    // instances). The persistence layer is configured once, from the first config, with the same settings.
    const config = new IdempotencyConfig({ ...settings, lambdaContext: request.context });
    const idempotent = makeIdempotent(answeredOrRetriable(routeId, run), { persistenceStore: store(), config, dataIndexArgument: 0 });
    const caller = request.caller!;
    const result = await idempotent({
      operation: routeId,
      tenant: caller.tenant,
      clientId: caller.clientId,
      idempotencyKey: request.idempotencyKey!,
      body: { ...request.body, ...(request.params ?? {}) } as B & P,
      scenarios: requestedScenarios(bookingConfig().stage, request.headers),
      traveller: travellerOf(request.event, request.headers),
      requestId: request.requestId,
      answerBy: answerDeadline(request.event, request.context, Date.now()),
    });
    const shown = spec.joinPersonalData ? await spec.joinPersonalData(result, caller.tenant) : result;
    const { requestId: original, ...response } = shown;
    if (original === request.requestId) return response;
    recordIdempotentReplay(routeId);
    return { ...response, headers: { ...(response.headers ?? {}), 'Idempotent-Replayed': 'true' } };
  });
}
