/**
 * AWS WAF in front of the API stage. Partners call from their back ends, so the rules are the
 * low-false-positive ones: AWS's IP reputation list, known bad inputs (exploit payloads such as Log4j
 * lookups), and a per-IP rate limit on the one endpoint anyone may call without a token: the token
 * endpoint, whose per-client counter (DynamoDB) would otherwise absorb floods of made-up client ids.
 * The common rule set is left out: its size and User-Agent rules refuse legitimate server-to-server calls.
 *
 * First of all, a body over the API's limit (LIMITS.maxRequestBodyBytes) is refused with 413 and the
 * payload-too-large problem: without it a body over Lambda's 6 MB synchronous invoke passes API Gateway's
 * 10 MB and reaches the partner as a 500 (AWS Lambda "Invoke"; AWS "Handling Lambda errors with an API Gateway
 * API"). WAF inspects at most 64 KB of an API Gateway request's body; a body past what it inspects matches
 * (oversize handling MATCH), so every larger body is refused, whatever its size (AWS WAF "Handling oversize
 * web request components").
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { FIREWALL_BODY_LIMIT } from '../functions/shared/gateway-responses.js';
import type { DeploymentConfig } from './stack-config.js';

/**
 * Requests per IP per minute to the token endpoint. A token lives 15 minutes, so a partner needs a few
 * per client per quarter hour; 100 a minute leaves room for many clients behind one NAT address.
 */
export const TOKEN_REQUESTS_PER_IP_PER_MINUTE = 100;

/** WAF's body inspection size for API Gateway, which must cover FIREWALL_BODY_LIMIT.maxBytes. */
const BODY_INSPECTION_LIMIT = 'KB_64';
const BODY_TOO_LARGE = 'payload-too-large';

export interface ApiWebAclProps {
  readonly config: DeploymentConfig;
  /** arn:...:apigateway:region::/restapis/{id}/stages/{stage} */
  readonly stageArn: string;
}

export class ApiWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiWebAclProps) {
    super(scope, id);
    const metricPrefix = `hotel-api-${props.config.tenant}-${props.config.stage}`;
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${metricPrefix}-${name}`,
    });
    const managedGroup = (name: string, priority: number): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      associationConfig: { requestBody: { API_GATEWAY: { defaultSizeInspectionLimit: BODY_INSPECTION_LIMIT } } },
      customResponseBodies: { [BODY_TOO_LARGE]: { contentType: 'APPLICATION_JSON', content: FIREWALL_BODY_LIMIT.body } },
      rules: [
        {
          name: 'BodyOverLimit',
          priority: 0,
          action: { block: { customResponse: { responseCode: FIREWALL_BODY_LIMIT.status, customResponseBodyKey: BODY_TOO_LARGE } } },
          statement: {
            sizeConstraintStatement: {
              fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
              comparisonOperator: 'GT',
              size: FIREWALL_BODY_LIMIT.maxBytes,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          visibilityConfig: visibility('body-over-limit'),
        },
        managedGroup('AWSManagedRulesAmazonIpReputationList', 1),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 2),
        {
          name: 'TokenEndpointPerIp',
          priority: 3,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: 60,
              limit: TOKEN_REQUESTS_PER_IP_PER_MINUTE,
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'ENDS_WITH',
                  searchString: '/v1/oauth/token',
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('token-endpoint-per-ip'),
        },
      ],
    });

    new CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
