/**
 * The REST API, built only from the route table (functions/shared/routes.ts): one method per route, a
 * Lambda proxy integration to the route's group function, and the request authorizer on every route that
 * needs a scope. Rate limits come from functions/shared/limits.ts, the numbers the local gateway enforces.
 *
 * Stage name: `api`. Paths already carry the version (/v1/...), so the stage only names the deployment:
 * https://{id}.execute-api.{region}.amazonaws.com/api/v1/hotels/search (a custom domain's base path
 * mapping hides it).
 */
import { Duration, Size, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  ResponseTransferMode,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  RequestValidator,
  RestApi,
  type MethodOptions,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LIMITS } from '../functions/shared/limits.js';
import {
  API_BINARY_MEDIA_TYPES,
  API_STAGE_NAME,
  HANDLER_GROUPS,
  ROUTES,
  STREAMING_GROUPS,
  type HandlerGroup,
  type Route,
} from '../functions/shared/routes.js';
import { addGatewayResponses } from './api-gateway-responses.js';
import type { HandlerFunctions } from './functions.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';
import { ApiWebAcl } from './web-acl.js';

export interface HotelRestApiProps {
  readonly config: DeploymentConfig;
  readonly functions: HandlerFunctions;
}

export class HotelRestApi extends Construct {
  readonly api: RestApi;
  readonly authorizer: RequestAuthorizer;
  readonly usagePlan: UsagePlan;

  constructor(scope: Construct, id: string, props: HotelRestApiProps) {
    super(scope, id);
    const { config, functions } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });

    this.api = new RestApi(this, 'Api', {
      restApiName: `hotel-api-${config.tenant}-${config.stage}`,
      description: `Hotel booking API for ${config.tenant} (${config.stage})`,
      // Partners call from their back ends in the region's vicinity; an edge distribution adds a hop.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // The authorizer returns the client's usage-plan API key value (usageIdentifierKey), so partners
      // never send x-api-key; per-client throttling follows the token.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      // Vouchers: a proxy response with isBase64Encoded is sent as binary when the request accepts it.
      binaryMediaTypes: [...API_BINARY_MEDIA_TYPES],
      minCompressionSize: Size.kibibytes(1),
      // Execution logs need the region's account-level CloudWatch role. Every tenant stack may set it (the
      // role is equivalent across stacks) and retains it on deletion so other stacks keep logging.
      cloudWatchRole: true,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: LIMITS.stage.ratePerSecond,
        throttlingBurstLimit: LIMITS.stage.burst,
        tracingEnabled: true,
        metricsEnabled: true,
        // Errors only, and never request or response bodies (guest names, contact details).
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: accessLogFormat(),
      },
    });

    this.authorizer = new RequestAuthorizer(this, 'Authorizer', {
      authorizerName: 'bearer-token',
      handler: functions.authorizer.function,
      // The token alone decides the answer (the policy covers every route of the token's scopes), so a
      // cached answer is right for any route; the tenant header is checked by each handler instead,
      // which lets a missing header reach the handler and become a 400.
      identitySources: [IdentitySource.header('Authorization')],
      resultsCacheTtl: Duration.seconds(LIMITS.authorizerCacheSeconds),
    });

    // Path parameters are declared and validated here; bodies, query strings and headers are validated by
    // the handlers (zod), whose problem+json names the offending field. API Gateway models would answer a
    // generic 400 and be a second schema to keep in step with the code.
    const validator = new RequestValidator(this, 'RequestValidator', {
      restApi: this.api,
      requestValidatorName: 'parameters-and-body',
      validateRequestParameters: true,
      validateRequestBody: true,
    });

    const integrations = Object.fromEntries(
      HANDLER_GROUPS.map((group) => [
        group,
        // allowTestInvoke off: the console's test button needs one more permission per method.
        new LambdaIntegration(functions.groups[group].function, {
          proxy: true,
          allowTestInvoke: false,
          ...(STREAMING_GROUPS.includes(group) ? { responseTransferMode: ResponseTransferMode.STREAM } : {}),
        }),
      ]),
    ) as Record<HandlerGroup, LambdaIntegration>;

    for (const route of ROUTES) {
      const resource = this.api.root.resourceForPath(route.path);
      const method = resource.addMethod(route.method, integrations[route.group], this.methodOptions(route, validator));
      if (route.scope === null) acknowledgeOpenRoute(method, route);
    }

    // One usage plan for every client: API keys (one per client, its value returned by the authorizer as
    // usageIdentifierKey) are created out of band when a client is onboarded and added to this plan then,
    // not by this stack, so onboarding a partner needs no deployment.
    this.usagePlan = this.api.addUsagePlan('PerClient', {
      name: `hotel-api-${config.tenant}-${config.stage}-per-client`,
      description: 'Per-client throttling; every client API key is enrolled here at onboarding',
      throttle: { rateLimit: LIMITS.perClient.ratePerSecond, burstLimit: LIMITS.perClient.burst },
      apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
    });

    addGatewayResponses(this.api);

    new ApiWebAcl(this, 'Firewall', { config, stageArn: this.api.deploymentStage.stageArn });

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'The account-level API Gateway CloudWatch role is assumed by API Gateway itself to write execution logs of every API in the region; AWS maintains this service-role policy for exactly that purpose.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-COG4',
      reason:
        "Callers are partner back ends holding our own OAuth 2.0 client-credentials tokens (ES256 JWTs with tenant and scope claims, signed by this stack's key); the Lambda REQUEST authorizer verifies them and returns the client's usage-plan key. Cognito user pools model end users, not tenant-scoped API clients.",
    });
  }

  private methodOptions(route: Route, validator: RequestValidator): MethodOptions {
    const pathParameters = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    const requestParameters = Object.fromEntries(pathParameters.map((name) => [`method.request.path.${name}`, true]));
    const common: MethodOptions = {
      operationName: route.id,
      requestValidator: validator,
      ...(pathParameters.length > 0 ? { requestParameters } : {}),
    };
    if (route.scope === null) return { ...common, authorizationType: AuthorizationType.NONE, apiKeyRequired: false };
    return { ...common, authorizationType: AuthorizationType.CUSTOM, authorizer: this.authorizer, apiKeyRequired: true };
  }
}

function acknowledgeOpenRoute(method: Construct, route: Route): void {
  const why =
    route.id === 'issueToken'
      ? 'The OAuth 2.0 token endpoint is where a client exchanges its credentials (in the form body, RFC 6749 client credentials) for a token, so it cannot require one; it is rate limited per client_id in DynamoDB and per IP by WAF.'
      : 'Public API documentation (the OpenAPI contract and its reference page) that partners read before they hold credentials; it serves static content and reads no data.';
  Validations.of(method).acknowledge({ id: 'AwsSolutions-APIG4', reason: why });
}

/** JSON access log lines: who (client, tenant from the authorizer), what, outcome, and where time went. */
function accessLogFormat(): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      extendedRequestId: '$context.extendedRequestId',
      requestTime: '$context.requestTime',
      sourceIp: '$context.identity.sourceIp',
      userAgent: '$context.identity.userAgent',
      httpMethod: '$context.httpMethod',
      resourcePath: '$context.resourcePath',
      path: '$context.path',
      status: '$context.status',
      responseLength: '$context.responseLength',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integration.latency',
      integrationStatus: '$context.integration.status',
      authorizerStatus: '$context.authorizer.status',
      authorizerLatency: '$context.authorizer.latency',
      clientId: '$context.authorizer.principalId',
      tenant: '$context.authorizer.tenant',
      errorType: '$context.error.responseType',
      errorMessage: '$context.error.message',
      wafStatus: '$context.waf.status',
      xrayTraceId: '$context.xrayTraceId',
    }),
  );
}
