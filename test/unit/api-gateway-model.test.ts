/**
 * API Gateway's own answers as a partner receives them, by AWS's rules (local/api-gateway-model.ts) applied to
 * the gateway responses and binary media types the stack installs: a status set on DEFAULT_4XX or DEFAULT_5XX
 * replaces the status of every response type not configured itself (AWS "Gateway response types for API
 * Gateway"), and a base64 answer is bytes only when the request's first Accept type is a binary media type
 * (AWS "Binary media types for REST APIs in API Gateway").
 */
import { describe, expect, it } from 'vitest';
import { AWS_GATEWAY_RESPONSE_STATUS, GATEWAY_RESPONSES, type GatewayResponseType } from '../../functions/shared/gateway-responses.js';
import { answersInBinary, apiModelFromSources, gatewayAnswer, remapHeaders } from '../../local/api-gateway-model.js';

const model = apiModelFromSources();
const answer = (type: GatewayResponseType | { unspecified: number }) => gatewayAnswer(model, type, { requestId: 'req-1' });
const problem = (type: GatewayResponseType | { unspecified: number }) =>
  JSON.parse(answer(type).body.toString()) as { type: string; status?: number; instance: string };

describe("API Gateway's own answers", () => {
  it("keep every response type's status: the one we set for it, or AWS's default, never a fallback's", () => {
    for (const [type, awsStatus] of Object.entries(AWS_GATEWAY_RESPONSE_STATUS) as [GatewayResponseType, number | null][]) {
      if (awsStatus === null) continue;
      const ours = GATEWAY_RESPONSES.find((definition) => definition.type === type)?.status;
      expect(answer(type).status, type).toBe(ours ?? awsStatus);
    }
  });

  it('answer an integration that outlasts 29 s with 504, so a partner never books again on a 500', () => {
    expect(answer('INTEGRATION_TIMEOUT').status).toBe(504);
    expect(problem('INTEGRATION_TIMEOUT').type).toMatch(/gateway-timeout$/);
  });

  it('answer a request the firewall blocked with 403, not a validation error', () => {
    expect(answer('WAF_FILTERED').status).toBe(403);
    expect(problem('WAF_FILTERED').type).not.toMatch(/validation-error$/);
  });

  it("keep a function error's 502 and a refused invoke's 500 (AWS 'Handling Lambda errors with an API Gateway API')", () => {
    expect(answer({ unspecified: 502 }).status).toBe(502);
    expect(answer({ unspecified: 500 }).status).toBe(500);
  });

  it('are problem+json whose status, where it has one, is the answer status, and whose instance is the request id', () => {
    for (const type of Object.keys(AWS_GATEWAY_RESPONSE_STATUS) as GatewayResponseType[]) {
      if (AWS_GATEWAY_RESPONSE_STATUS[type] === null) continue;
      const { status, headers } = answer(type);
      expect(headers['Content-Type'], type).toBe('application/problem+json');
      expect(headers['X-Request-Id'], type).toBe('req-1');
      const body = problem(type);
      expect(body.instance, type).toBe('req-1');
      if (body.status !== undefined) expect(body.status, type).toBe(status);
    }
  });
});

describe('binary answers', () => {
  it('reach curl, browsers and HTTP libraries (Accept: */* or a list that does not start with the PDF type) as bytes', () => {
    for (const accept of ['*/*', 'application/pdf', 'text/html,application/xhtml+xml,*/*;q=0.8', 'application/json, */*']) {
      expect(answersInBinary(model, accept), accept).toBe(true);
    }
  });
});

describe('headers a function sets', () => {
  it('reach the client remapped where API Gateway remaps them', () => {
    expect(remapHeaders({ 'WWW-Authenticate': 'Basic realm="hotel-api"', 'Content-Type': 'application/json' })).toEqual({
      'x-amzn-Remapped-WWW-Authenticate': 'Basic realm="hotel-api"',
      'Content-Type': 'application/json',
    });
  });
});
