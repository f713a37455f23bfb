import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { hotelbedsAuthHeaders } from '../../functions/suppliers/hotelbeds/signature.js';
import { startHotelbedsSandbox, type HotelbedsSandbox } from '../../sandbox/hotelbeds/server.js';
import { sandboxLambdaHandler } from '../../sandbox/lambda-bridge.js';
import { NO_LATENCY } from '../../sandbox/latency.js';

let sandbox: HotelbedsSandbox | undefined;
let starts = 0;
const handler = sandboxLambdaHandler(async () => {
  starts++;
  sandbox = await startHotelbedsSandbox({ apiKey: 'key', secret: 'secret', port: 0, host: '127.0.0.1', latency: NO_LATENCY });
  return sandbox;
});

afterAll(async () => {
  await sandbox?.close();
});

function urlEvent(
  method: string,
  rawPath: string,
  rawQueryString: string,
  headers: Record<string, string>,
  body?: string,
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers,
    body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath } } as APIGatewayProxyEventV2['requestContext'],
  } as APIGatewayProxyEventV2;
}

describe('sandbox supplier behind a Lambda function URL', () => {
  it('forwards signed calls to the supplier server started once per container', async () => {
    const headers = { ...hotelbedsAuthHeaders('key', 'secret'), accept: 'application/json' };
    const first = await handler(urlEvent('GET', '/hotel-content-api/1.0/hotels', 'from=1&to=2', headers));
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body ?? '{}').hotels).toHaveLength(2);
    const unsigned = await handler(urlEvent('GET', '/hotel-content-api/1.0/hotels', 'from=1&to=2', { accept: 'application/json' }));
    expect(unsigned.statusCode).toBe(401);
    expect(starts).toBe(1);
  });
});
