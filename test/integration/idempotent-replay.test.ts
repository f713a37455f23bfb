/**
 * An idempotency record holds the answer itself (status, headers, body or raw problem, the first request's
 * id), made by the route's handler before Powertools stores it; a replay sends it as it is. Records in that
 * form are planted in the idempotency table (DynamoDB Local) under a key a first request took, and replayed
 * through idempotentRoute: what was stored, marked as a replay, whichever release wrote it. A problem is
 * stored as its body's text, so it replays byte for byte; a JSON body is stored as a DynamoDB map, which
 * keeps its members but not their order.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiHandler } from '../../functions/shared/http-handler.js';
import type { StoredResult } from '../../functions/booking/idempotent-operation.js';
import { DomainError } from '../../functions/domain/errors/domain-error.js';
import { freshTables } from '../support/dynamo.js';
import { STACK_ENVIRONMENTS, stubFunctionEnvironment } from '../support/function-environment.js';

const FIRST = 'req-first';

/** A booking's answer as the idempotency table holds it. */
const CONFIRMED: StoredResult = {
  status: 201,
  body: { bookingId: 'BK0F3M9Q2X7Z4W8N1RAB', status: 'confirmed', total: { amount: 245.5, currency: 'EUR' } },
  headers: { Location: '/v1/hotels/bookings/BK0F3M9Q2X7Z4W8N1RAB' },
  requestId: FIRST,
};

/** A failed booking's answer as the idempotency table holds it: its problem, instance the first request. */
const FAILED: StoredResult = {
  status: 409,
  raw: {
    contentType: 'application/problem+json',
    body: JSON.stringify({
      bookingId: 'BK0F3M9Q2X7Z4W8N1RAB',
      supplierId: 'hotelbeds',
      type: 'https://hotel-api.dev/problems/price-changed',
      title: 'The price changed beyond the accepted tolerance',
      status: 409,
      detail: 'The supplier would only book at a different price; nothing was booked. Check the rate again.',
      instance: FIRST,
    }),
  },
  headers: {},
  requestId: FIRST,
};

const context = { awsRequestId: 'lambda-req', functionName: 'test', getRemainingTimeInMillis: () => 30_000 } as unknown as Context;

function event(key: string, requestId: string): APIGatewayProxyEvent {
  return {
    resource: '/v1/hotels/bookings',
    path: '/v1/hotels/bookings',
    httpMethod: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Tenant': 'demo', 'Idempotency-Key': key },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: JSON.stringify({ rateId: 'r-1' }),
    isBase64Encoded: false,
    requestContext: {
      requestId,
      identity: { sourceIp: '203.0.113.9' },
      authorizer: { tenant: 'demo', clientId: 'demo-client', scope: 'hotels.book', tokenId: 'jti-1' },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

let route: ApiHandler;
let documents: DynamoDBDocumentClient;
let idempotencyTable: string;

beforeAll(async () => {
  const names = await freshTables();
  idempotencyTable = names.IDEMPOTENCY_TABLE!;
  // The booking function's configuration (read by the route), with this test's own tables.
  stubFunctionEnvironment({ ...STACK_ENVIRONMENTS.booking, ...names });
  documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
  const { idempotentRoute } = await import('../../functions/booking/idempotent-operation.js');
  // The first request's answer, stored under its key; the test then puts a record of its own in its place.
  route = idempotentRoute('createBooking', { body: z.object({ rateId: z.string() }), personalData: true }, async (input) => ({
    status: 201,
    body: { first: true },
    requestId: input.requestId,
  }));
});

/** Takes a key with a first request, then puts `stored` in place of what that request stored. */
async function plant(key: string, stored: StoredResult): Promise<void> {
  const first = await route(event(key, `req-taking-${key}`), context);
  expect(first.statusCode).toBe(201);
  const { Items = [] } = await documents.send(new ScanCommand({ TableName: idempotencyTable }));
  const record = Items.find((item) => (item.data as { requestId?: string } | undefined)?.requestId === `req-taking-${key}`);
  expect(record).toBeDefined();
  await documents.send(
    new UpdateCommand({
      TableName: idempotencyTable,
      Key: { id: record!.id },
      UpdateExpression: 'SET #data = :data',
      ExpressionAttributeNames: { '#data': 'data' },
      ExpressionAttributeValues: { ':data': stored },
    }),
  );
}

describe('an idempotency record', () => {
  it('replays a booking as stored: status, Location and body, marked as a replay', async () => {
    await plant('key-confirmed', CONFIRMED);
    const { body, ...replay } = await route(event('key-confirmed', 'req-again'), context);
    expect(replay).toStrictEqual({
      statusCode: 201,
      headers: {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req-again',
        Location: '/v1/hotels/bookings/BK0F3M9Q2X7Z4W8N1RAB',
        'Idempotent-Replayed': 'true',
        'Cache-Control': 'no-store',
      },
    });
    expect(JSON.parse(body)).toStrictEqual((CONFIRMED as { body: unknown }).body);
  });

  it('replays a failed booking as its stored problem, the first request still its instance', async () => {
    await plant('key-failed', FAILED);
    const replay = await route(event('key-failed', 'req-again'), context);
    expect(replay).toStrictEqual({
      statusCode: 409,
      headers: {
        'Content-Type': 'application/problem+json',
        'X-Request-Id': 'req-again',
        'Idempotent-Replayed': 'true',
        'Cache-Control': 'no-store',
      },
      body: (FAILED as { raw: { body: string } }).raw.body,
      isBase64Encoded: false,
    });
  });

  it('is written in that same form for a booking that fails now', async () => {
    const { storedProblem } = await import('../../functions/booking/idempotent-operation.js');
    const failure = new DomainError(
      'price-changed',
      'The supplier would only book at a different price; nothing was booked. Check the rate again.',
      { bookingId: 'BK0F3M9Q2X7Z4W8N1RAB', supplierId: 'hotelbeds' },
    );
    expect(storedProblem(failure, FIRST)).toStrictEqual(FAILED);
  });
});
