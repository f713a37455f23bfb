import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AWS_GATEWAY_RESPONSE_STATUS,
  GATEWAY_RESPONSES,
  gatewayProblemBody,
  gatewayResponseSettings,
} from '../../functions/shared/gateway-responses.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { API_STAGE_NAME, ROUTES, STREAMING_GROUPS } from '../../functions/shared/routes.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { methodsByRoute, referencedId, resourcesOfType } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'sandbox' });
});
afterAll(() => synthesis?.cleanUp());

const onlyLogicalId = (type: string): string => {
  const ids = Object.keys(resourcesOfType(synthesis.template, type));
  expect(ids, type).toHaveLength(1);
  return ids[0] as string;
};

describe('REST API built from the route table', () => {
  it('has exactly one method per route, at the route path and method', () => {
    const methods = methodsByRoute(synthesis.template);
    expect([...methods.keys()].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('sends each route to its group function through a Lambda proxy integration', () => {
    const functionIds = synthesis.stack.functions.groups;
    const methods = methodsByRoute(synthesis.template);
    for (const route of ROUTES) {
      const integration = methods.get(`${route.method} ${route.path}`)?.Integration as Record<string, unknown>;
      expect(integration.Type, route.id).toBe('AWS_PROXY');
      const groupFunctionId = logicalIdOf(functionIds[route.group].function);
      expect(JSON.stringify(integration.Uri), route.id).toContain(`"${groupFunctionId}"`);
    }
  });

  it('streams the answers of the streaming groups (a search answers before its later pages are stored), and buffers the rest', () => {
    const methods = methodsByRoute(synthesis.template);
    expect(STREAMING_GROUPS).toEqual(['search']);
    for (const route of ROUTES) {
      const integration = methods.get(`${route.method} ${route.path}`)?.Integration as Record<string, unknown>;
      const uri = JSON.stringify(integration.Uri);
      if (STREAMING_GROUPS.includes(route.group)) {
        expect(integration.ResponseTransferMode, route.id).toBe('STREAM');
        expect(uri, route.id).toContain('response-streaming-invocations');
      } else {
        expect(integration.ResponseTransferMode ?? 'BUFFERED', route.id).toBe('BUFFERED');
        expect(uri, route.id).not.toContain('response-streaming-invocations');
      }
    }
  });

  it('protects every scoped route with the authorizer and an API key, and leaves token, key set, contract and docs open', () => {
    const authorizerId = onlyLogicalId('AWS::ApiGateway::Authorizer');
    const methods = methodsByRoute(synthesis.template);
    for (const route of ROUTES) {
      const method = methods.get(`${route.method} ${route.path}`) ?? {};
      if (route.scope === null) {
        expect(method.AuthorizationType, route.id).toBe('NONE');
        expect(method.AuthorizerId, route.id).toBeUndefined();
        expect(method.ApiKeyRequired, route.id).toBe(false);
      } else {
        expect(method.AuthorizationType, route.id).toBe('CUSTOM');
        expect(referencedId(method.AuthorizerId), route.id).toBe(authorizerId);
        expect(method.ApiKeyRequired, route.id).toBe(true);
      }
    }
    const open = ROUTES.filter((r) => r.scope === null)
      .map((r) => r.path)
      .sort();
    expect(open).toEqual(['/.well-known/jwks.json', '/docs', '/docs/scalar.js', '/openapi.json', '/v1/oauth/token']);
  });

  it('uses a REQUEST authorizer keyed on the Authorization header alone, cached for the configured time', () => {
    synthesis.template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: LIMITS.authorizerCacheSeconds,
    });
    const authorizer = Object.values(resourcesOfType(synthesis.template, 'AWS::ApiGateway::Authorizer'))[0];
    const authorizerFunctionId = logicalIdOf(synthesis.stack.functions.authorizer.function);
    expect(JSON.stringify(authorizer?.Properties.AuthorizerUri)).toContain(`"${authorizerFunctionId}"`);
  });

  it('takes API keys from the authorizer, so clients never send x-api-key', () => {
    synthesis.template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
  });

  it('throttles the stage and each client with the numbers of LIMITS', () => {
    synthesis.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: API_STAGE_NAME,
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: LIMITS.stage.ratePerSecond,
          ThrottlingBurstLimit: LIMITS.stage.burst,
        }),
      ]),
    });
    const plans = Object.values(resourcesOfType(synthesis.template, 'AWS::ApiGateway::UsagePlan'));
    expect(plans).toHaveLength(1);
    expect(plans[0]?.Properties.Throttle).toEqual({ RateLimit: LIMITS.perClient.ratePerSecond, BurstLimit: LIMITS.perClient.burst });
    const stageId = onlyLogicalId('AWS::ApiGateway::Stage');
    expect((plans[0]!.Properties.ApiStages as { Stage: unknown }[]).map((s) => referencedId(s.Stage))).toEqual([stageId]);
    // Keys are enrolled per client at onboarding, not by the stack.
    synthesis.template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
  });

  it('writes JSON access logs to its own log group, traces with X-Ray and logs errors without bodies', () => {
    const stage = Object.values(resourcesOfType(synthesis.template, 'AWS::ApiGateway::Stage'))[0]?.Properties ?? {};
    expect(stage.TracingEnabled).toBe(true);
    const accessLog = stage.AccessLogSetting as { DestinationArn: unknown; Format: string };
    const accessLogGroup = logicalIdOf(synthesis.stack.restApi.node.findChild('AccessLogs'));
    expect(JSON.stringify(accessLog.DestinationArn)).toContain(`"${accessLogGroup}"`);
    expect(JSON.parse(accessLog.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(stage.MethodSettings).toEqual([expect.objectContaining({ LoggingLevel: 'ERROR', DataTraceEnabled: false })]);
  });

  it('answers gateway refusals with the shared problem bodies, request id filled in by API Gateway', () => {
    const responses = Object.values(resourcesOfType(synthesis.template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses.map((r) => r.Properties.ResponseType).sort()).toEqual(GATEWAY_RESPONSES.map((d) => d.type).sort());
    for (const setting of gatewayResponseSettings()) {
      synthesis.template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: setting.type,
        StatusCode: setting.statusCode ?? Match.absent(),
        ResponseParameters: Object.fromEntries(
          Object.entries(setting.responseHeaders).map(([name, value]) => [`gatewayresponse.header.${name}`, value]),
        ),
        ResponseTemplates: setting.templates,
      });
    }
    expect(gatewayProblemBody(GATEWAY_RESPONSES[0]!, '$context.requestId')).toContain('"instance":"$context.requestId"');
  });

  it('configures every gateway response type AWS has, and no status on the DEFAULT_4XX and DEFAULT_5XX fallbacks', () => {
    const responses = Object.values(resourcesOfType(synthesis.template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses.map((r) => r.Properties.ResponseType).sort()).toEqual(Object.keys(AWS_GATEWAY_RESPONSE_STATUS).sort());
    for (const fallback of ['DEFAULT_4XX', 'DEFAULT_5XX']) {
      expect(responses.find((r) => r.Properties.ResponseType === fallback)?.Properties.StatusCode, fallback).toBeUndefined();
    }
  });

  it('puts the stage behind a WAF web ACL that rate limits the token endpoint per IP', () => {
    const stageId = onlyLogicalId('AWS::ApiGateway::Stage');
    const association = Object.values(resourcesOfType(synthesis.template, 'AWS::WAFv2::WebACLAssociation'))[0];
    expect(JSON.stringify(association?.Properties.ResourceArn)).toContain(`"${stageId}"`);
    synthesis.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'IP',
              ScopeDownStatement: Match.objectLike({ ByteMatchStatement: Match.objectLike({ SearchString: '/v1/oauth/token' }) }),
            }),
          },
        }),
      ]),
    });
  });
});
