/**
 * The one place an error becomes a response. Known problems keep their status, a domain error is answered
 * through the one table (domain-error-problems.ts); anything else is logged with its stack and answered as
 * a bare 500 problem, so no stack trace or internal message reaches a caller.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { DomainError } from '../domain/errors/domain-error.js';
import { isDependencyOutage, OUTAGE_RETRY_AFTER_SECONDS } from './dependency-outage.js';
import { problemOf } from './domain-error-problems.js';
import { logger } from './observability.js';
import { HttpProblem, PROBLEM_CONTENT_TYPE, type problemBody } from './problem.js';

/** An error that knows its own wire form (the token endpoint's RFC 6749 errors are one). */
export interface SelfDescribingError {
  toResponse(requestId: string): { statusCode: number; headers: Record<string, string>; body: string };
}

function isSelfDescribing(error: unknown): error is SelfDescribingError {
  return typeof error === 'object' && error !== null && typeof (error as SelfDescribingError).toResponse === 'function';
}

export function errorResponse(error: unknown, requestId: string): APIGatewayProxyResult {
  if (isSelfDescribing(error)) {
    const res = error.toResponse(requestId);
    return { ...res, headers: { ...res.headers, 'X-Request-Id': requestId } };
  }
  const known = error instanceof HttpProblem ? error : error instanceof DomainError ? problemOf(error) : knownForeignProblem(error);
  const problem =
    known ?? new HttpProblem('internal-error', 'An internal error occurred; quote the instance id to support', { cause: error });
  if (!known) logger.error('request failed', { error: error as Error, status: problem.status });
  // A problem we raised on purpose (a supplier failed, a planned route) is an answer, not a crash: no stack.
  else if (problem.status >= 500 && problem.kind !== 'not-implemented')
    logger.warn('request answered with a server problem', { problem: problem.kind, detail: problem.message, status: problem.status });
  // A known library refusal is logged as its problem, never as the error: Powertools' idempotency errors
  // carry the stored record, whose response holds the guests' names and the holder's e-mail.
  else logger.info('request refused', { problem: problem.kind, detail: problem.message });
  return {
    statusCode: problem.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'X-Request-Id': requestId, ...problem.headers },
    body: JSON.stringify(problem.body(requestId)),
  };
}

/** Errors thrown by libraries that have a meaning for the caller; undefined for everything else (internal). */
function knownForeignProblem(error: unknown): HttpProblem | undefined {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'IdempotencyValidationError') {
    return new HttpProblem('idempotency-key-reused', 'This Idempotency-Key was already used with a different request body');
  }
  if (name === 'IdempotencyAlreadyInProgressError') {
    return new HttpProblem('idempotency-in-progress', 'A request with this Idempotency-Key is still being processed; retry shortly', {
      headers: { 'Retry-After': '1' },
    });
  }
  // Middy's early timeout (just before the function's own end): the route ran out of time before it could
  // answer. Not a defect to hide behind a 500: the request is unanswered, and retrying it (with the same
  // Idempotency-Key, which answers with whatever it did) is what the partner should do.
  if (name === 'TimeoutError' && (error as { cause?: { package?: string } }).cause?.package === '@middy/core') {
    return new HttpProblem(
      'service-unavailable',
      'The request could not be answered in time; retry after the seconds in Retry-After (with the same Idempotency-Key where the operation takes one, which answers with what it did)',
      { headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) }, cause: error },
    );
  }
  if (isDependencyOutage(error)) {
    return new HttpProblem(
      'service-unavailable',
      'A service this API depends on is briefly unavailable; retry after the seconds in Retry-After (with the same Idempotency-Key where the operation takes one)',
      {
        headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
        cause: error,
      },
    );
  }
  return undefined;
}

export function problemResponse(
  kind: Parameters<typeof problemBody>[0],
  detail: string,
  requestId: string,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return errorResponse(new HttpProblem(kind, detail, { headers }), requestId);
}
