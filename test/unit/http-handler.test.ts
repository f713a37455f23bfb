import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../functions/domain/errors/domain-error.js';
import { httpHandler } from '../../functions/shared/http-handler.js';
import { HttpProblem, PROBLEM_BASE } from '../../functions/shared/problem.js';

const context = {
  awsRequestId: 'lambda-req',
  functionName: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

function event(overrides: Partial<APIGatewayProxyEvent> & { headers?: Record<string, string> }): APIGatewayProxyEvent {
  return {
    resource: '/v1/hotels/search',
    path: '/v1/hotels/search',
    httpMethod: 'POST',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-123',
      authorizer: { tenant: 'demo', clientId: 'demo-client', scope: 'hotels.search hotels.book', tokenId: 'jti-1' },
    } as unknown as APIGatewayProxyEvent['requestContext'],
    ...overrides,
  };
}

const searchBody = z.object({ destination: z.object({ code: z.string().length(3) }), rooms: z.number().int().min(1) });

const handler = httpHandler('searchHotels', { body: searchBody }, async (req) => ({
  status: 200,
  body: { tenant: req.caller?.tenant, code: req.body.destination.code },
}));

const json = { 'Content-Type': 'application/json', 'X-Service-Tenant': 'demo' };

describe('shared HTTP stack', () => {
  it('hands the validated body and the caller to the route and stamps X-Request-Id', async () => {
    const res = await handler(event({ headers: json, body: JSON.stringify({ destination: { code: 'PAR' }, rooms: 1 }) }), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ tenant: 'demo', code: 'PAR' });
    expect(res.headers?.['X-Request-Id']).toBe('req-123');
  });

  it('names every invalid field in a 400 problem', async () => {
    const res = await handler(event({ headers: json, body: JSON.stringify({ destination: { code: 'PARIS' }, rooms: 0 }) }), context);
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['Content-Type']).toBe('application/problem+json');
    const problem = JSON.parse(res.body);
    expect(problem.type).toBe(`${PROBLEM_BASE}validation-error`);
    expect(problem.instance).toBe('req-123');
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['destination.code', 'rooms']);
  });

  it('answers malformed JSON with 400 and a wrong content type with 415, never 500', async () => {
    const malformed = await handler(event({ headers: json, body: '{"destination": ' }), context);
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body).type).toBe(`${PROBLEM_BASE}malformed-body`);
    const text = await handler(event({ headers: { 'Content-Type': 'text/plain', 'X-Service-Tenant': 'demo' }, body: 'hi' }), context);
    expect(text.statusCode).toBe(415);
  });

  it('reads header names case-insensitively', async () => {
    const res = await handler(
      event({
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-tenant': 'demo' },
        body: JSON.stringify({ destination: { code: 'LON' }, rooms: 2 }),
      }),
      context,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing tenant header with 400 and another tenant with 403', async () => {
    const body = JSON.stringify({ destination: { code: 'PAR' }, rooms: 1 });
    const missing = await handler(event({ headers: { 'Content-Type': 'application/json' }, body }), context);
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).type).toBe(`${PROBLEM_BASE}missing-tenant`);
    const other = await handler(event({ headers: { ...json, 'X-Service-Tenant': 'acme' }, body }), context);
    expect(other.statusCode).toBe(403);
  });

  it('refuses a token without the route scope with 403', async () => {
    const ev = event({ headers: json, body: JSON.stringify({ destination: { code: 'PAR' }, rooms: 1 }) });
    (ev.requestContext as unknown as { authorizer: Record<string, string> }).authorizer.scope = 'hotels.book';
    const res = await handler(ev, context);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ requiredScope: 'hotels.search' });
  });

  it('hides internal errors behind a 500 problem without the message or stack', async () => {
    const failing = httpHandler('searchHotels', {}, async () => {
      throw new Error('secret database password in message');
    });
    const res = await failing(event({ headers: json }), context);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
    expect(JSON.parse(res.body).instance).toBe('req-123');
  });

  it('maps the Powertools idempotency errors to 422 and 409', async () => {
    const reused = httpHandler('searchHotels', {}, async () => {
      throw Object.assign(new Error('x'), { name: 'IdempotencyValidationError' });
    });
    expect((await reused(event({ headers: json }), context)).statusCode).toBe(422);
    const inFlight = httpHandler('searchHotels', {}, async () => {
      throw Object.assign(new Error('x'), { name: 'IdempotencyAlreadyInProgressError' });
    });
    const res = await inFlight(event({ headers: json }), context);
    expect(res.statusCode).toBe(409);
    expect(res.headers?.['Retry-After']).toBe('1');
  });

  it('keeps the status, detail and extensions of a thrown problem', async () => {
    const gone = httpHandler('searchHotels', {}, async () => {
      throw new HttpProblem('gone', 'The search expired', { extensions: { searchId: 's1' } });
    });
    const res = await gone(event({ headers: json }), context);
    expect(res.statusCode).toBe(410);
    expect(JSON.parse(res.body)).toMatchObject({ status: 410, detail: 'The search expired', searchId: 's1' });
  });

  it('answers a domain error with the problem the table gives its kind', async () => {
    const busy = httpHandler('searchHotels', {}, async () => {
      throw new DomainError('dependency-unavailable', 'Retry shortly', { bookingId: 'BK1' });
    });
    const res = await busy(event({ headers: json }), context);
    expect(res.statusCode).toBe(503);
    expect(res.headers).toMatchObject({ 'Content-Type': 'application/problem+json', 'Retry-After': '5', 'X-Request-Id': 'req-123' });
    expect(JSON.parse(res.body)).toEqual({
      bookingId: 'BK1',
      type: `${PROBLEM_BASE}service-unavailable`,
      title: 'A service this API depends on is briefly unavailable',
      status: 503,
      detail: 'Retry shortly',
      instance: 'req-123',
    });
  });
});
