import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { groupHandler } from '../../functions/shared/dispatch.js';
import { CAR_SEARCH_QUERY } from '../support/car-search-query.js';
import { STACK_ENVIRONMENTS, stubFunctionEnvironment } from '../support/function-environment.js';

// Functions' entries, which read their environment as they load.
stubFunctionEnvironment({ ...STACK_ENVIRONMENTS.booking, ...STACK_ENVIRONMENTS.cars });
const { handler: bookingGroup } = await import('../../functions/booking/index.js');
const { handler: carsGroup } = await import('../../functions/cars/index.js');

const context = { awsRequestId: 'r', functionName: 'f', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function call(
  method: string,
  resource: string,
  headers: Record<string, string>,
  scope = 'hotels.book cars.search cars.book',
  query: Record<string, string> | null = null,
): APIGatewayProxyEvent {
  return {
    resource,
    path: resource,
    httpMethod: method,
    headers,
    multiValueHeaders: {},
    queryStringParameters: query,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-9',
      authorizer: { tenant: 'demo', clientId: 'c', scope, tokenId: 'j' },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

describe('handler groups', () => {
  it('refuse to start when their handlers do not match the route table', () => {
    expect(() => groupHandler('cars', {})).toThrow(/missing \[searchCars,createCarBooking\]/);
  });

  it('answer a planned route with 501 naming the capability, after the caller checks', async () => {
    const res = await carsGroup(
      call('GET', '/v1/cars/search', { 'X-Service-Tenant': 'demo' }, undefined, { ...CAR_SEARCH_QUERY }),
      context,
    );
    expect(res.statusCode).toBe(501);
    const problem = JSON.parse(res.body);
    expect(problem).toMatchObject({ status: 501, capability: expect.stringMatching(/car search/i), instance: 'req-9' });
  });

  it('check the Idempotency-Key before reading a booking request', async () => {
    const res = await bookingGroup(call('POST', '/v1/hotels/bookings', { 'X-Service-Tenant': 'demo' }), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).type).toMatch(/missing-idempotency-key$/);
    // With the key the checks pass and the (absent) body is what is refused.
    const withKey = await bookingGroup(
      call('POST', '/v1/hotels/bookings', { 'X-Service-Tenant': 'demo', 'Idempotency-Key': 'k-1' }),
      context,
    );
    expect(withKey.statusCode).toBe(400);
    expect(JSON.parse(withKey.body).type).toMatch(/validation-error$/);
  });

  it('answer 404 for a resource outside the group', async () => {
    const res = await carsGroup(call('POST', '/v1/hotels/bookings', { 'X-Service-Tenant': 'demo' }), context);
    expect(res.statusCode).toBe(404);
  });
});
