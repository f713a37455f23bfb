/**
 * The REST API as deployed, for the local gateway to behave as API Gateway does with it: the binary media
 * types, every gateway response (status, header mappings, templates) and each method's integration timeout.
 * In bundle mode read from the synthesized template (`apiModelFromTemplate`), from the sources the stack is
 * built from otherwise (`apiModelFromSources`); test/infra/api-gateway-model.test.ts holds the two equal.
 *
 * And what API Gateway does with those settings, which the local gateway applies:
 * - `gatewayAnswer`: a gateway response's status is its own when it is configured, else its DEFAULT_4XX or
 *   DEFAULT_5XX fallback's status when that one sets one, else the type's own default; the body and headers
 *   are those of the configured response or the fallback (AWS "Gateway response types for API Gateway");
 * - `answersInBinary` / `requestIsBinary`: the first Accept type (answers) and the Content-Type (requests)
 *   against binaryMediaTypes (AWS "Binary media types for REST APIs in API Gateway");
 * - `remapHeaders`: the headers API Gateway renames `x-amzn-Remapped-<name>` in a proxy integration's answer
 *   (AWS "Amazon API Gateway important notes", REST APIs).
 */
import {
  AWS_GATEWAY_RESPONSE_STATUS,
  FIREWALL_BODY_LIMIT,
  gatewayResponseSettings,
  type GatewayResponseType,
} from '../functions/shared/gateway-responses.js';
import { API_BINARY_MEDIA_TYPES, ROUTES } from '../functions/shared/routes.js';
import { API_GATEWAY_INTEGRATION_TIMEOUT_MS } from '../functions/shared/time-budgets.js';
import type { SynthesizedTemplate } from './synthesized-template.js';

export interface ConfiguredGatewayResponse {
  readonly statusCode?: number;
  /** Header name → mapping expression (`'static'`, `context.requestId`, `method.request.header.x`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly templates: Readonly<Record<string, string>>;
}

/** The web ACL's refusal of a body over a size, in front of API Gateway (lib/web-acl.ts). */
export interface FirewallBodyLimit {
  readonly maxBytes: number;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export interface ApiGatewayModel {
  readonly binaryMediaTypes: readonly string[];
  readonly firewallBodyLimit?: FirewallBodyLimit;
  readonly gatewayResponses: ReadonlyMap<string, ConfiguredGatewayResponse>;
  /** Integration timeout per route id (the method's OperationName); API Gateway's default where unset. */
  readonly integrationTimeoutMs: ReadonlyMap<string, number>;
}

let fromSources: ApiGatewayModel | undefined;

export function apiModelFromSources(): ApiGatewayModel {
  fromSources ??= {
    binaryMediaTypes: [...API_BINARY_MEDIA_TYPES],
    firewallBodyLimit: {
      maxBytes: FIREWALL_BODY_LIMIT.maxBytes,
      status: FIREWALL_BODY_LIMIT.status,
      contentType: 'application/json',
      body: FIREWALL_BODY_LIMIT.body,
    },
    gatewayResponses: new Map(
      gatewayResponseSettings().map((setting) => [
        setting.type,
        {
          ...(setting.statusCode !== undefined ? { statusCode: Number(setting.statusCode) } : {}),
          headers: setting.responseHeaders,
          templates: setting.templates,
        },
      ]),
    ),
    // Our integrations keep API Gateway's default (lib/api.ts sets no timeout).
    integrationTimeoutMs: new Map(ROUTES.map((route) => [route.id, API_GATEWAY_INTEGRATION_TIMEOUT_MS])),
  };
  return fromSources;
}

const HEADER_PREFIX = 'gatewayresponse.header.';

export function apiModelFromTemplate(template: SynthesizedTemplate): ApiGatewayModel {
  const apis = template.resourcesOfType('AWS::ApiGateway::RestApi');
  if (apis.length !== 1) throw new Error(`the template holds ${apis.length} REST APIs, not one`);
  const binaryMediaTypes = ((apis[0]!.properties.BinaryMediaTypes as string[] | undefined) ?? []).map((type) =>
    // The REST API's own form escapes '/' as '~1' (JSON Patch); CloudFormation takes either.
    type.replaceAll('~1', '/'),
  );
  const gatewayResponses = new Map<string, ConfiguredGatewayResponse>();
  for (const { properties } of template.resourcesOfType('AWS::ApiGateway::GatewayResponse')) {
    const parameters = (properties.ResponseParameters as Record<string, string> | undefined) ?? {};
    gatewayResponses.set(String(properties.ResponseType), {
      ...(properties.StatusCode !== undefined ? { statusCode: Number(properties.StatusCode) } : {}),
      headers: Object.fromEntries(
        Object.entries(parameters)
          .filter(([key]) => key.startsWith(HEADER_PREFIX))
          .map(([key, value]) => [key.slice(HEADER_PREFIX.length), value]),
      ),
      templates: (properties.ResponseTemplates as Record<string, string> | undefined) ?? {},
    });
  }
  const integrationTimeoutMs = new Map<string, number>();
  for (const { properties } of template.resourcesOfType('AWS::ApiGateway::Method')) {
    const integration = properties.Integration as { TimeoutInMillis?: number } | undefined;
    integrationTimeoutMs.set(String(properties.OperationName), integration?.TimeoutInMillis ?? API_GATEWAY_INTEGRATION_TIMEOUT_MS);
  }
  const firewallBodyLimit = firewallBodyLimitOf(template);
  return { binaryMediaTypes, ...(firewallBodyLimit ? { firewallBodyLimit } : {}), gatewayResponses, integrationTimeoutMs };
}

interface WafRule {
  readonly Statement?: {
    readonly SizeConstraintStatement?: {
      readonly FieldToMatch?: { readonly Body?: { readonly OversizeHandling?: string } };
      readonly ComparisonOperator?: string;
      readonly Size?: number;
    };
  };
  readonly Action?: { readonly Block?: { readonly CustomResponse?: { ResponseCode: number; CustomResponseBodyKey?: string } } };
}

/** WAF's custom response content types and the Content-Type each is sent with. */
const WAF_CONTENT_TYPES: Readonly<Record<string, string>> = {
  APPLICATION_JSON: 'application/json',
  TEXT_PLAIN: 'text/plain',
  TEXT_HTML: 'text/html',
};

/** The web ACL's rule that blocks a body over a size with a custom response, when the template has one. */
function firewallBodyLimitOf(template: SynthesizedTemplate): FirewallBodyLimit | undefined {
  for (const acl of template.resourcesOfType('AWS::WAFv2::WebACL')) {
    const bodies = (acl.properties.CustomResponseBodies ?? {}) as Record<string, { ContentType: string; Content: string }>;
    for (const rule of (acl.properties.Rules ?? []) as WafRule[]) {
      const size = rule.Statement?.SizeConstraintStatement;
      const response = rule.Action?.Block?.CustomResponse;
      if (!size?.FieldToMatch?.Body || size.ComparisonOperator !== 'GT' || size.Size === undefined || !response) continue;
      const custom = response.CustomResponseBodyKey ? bodies[response.CustomResponseBodyKey] : undefined;
      return {
        maxBytes: size.Size,
        status: response.ResponseCode,
        contentType: custom ? (WAF_CONTENT_TYPES[custom.ContentType] ?? 'text/plain') : 'text/plain',
        body: custom?.Content ?? '',
      };
    }
  }
  return undefined;
}

export interface GatewayAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * What API Gateway answers for a response type. `status` is the status of an answer that has no type of its
 * own (a function error is a 502, a refused invoke a 500: AWS "Handling Lambda errors with an API Gateway
 * API"): such an answer falls back on DEFAULT_5XX like an unconfigured type. `accept` picks the template.
 */
export function gatewayAnswer(
  model: ApiGatewayModel,
  answer: GatewayResponseType | { readonly unspecified: number },
  context: { readonly requestId: string; readonly accept?: string; readonly message?: string },
): GatewayAnswer {
  const type = typeof answer === 'string' ? answer : undefined;
  const ownStatus = type ? AWS_GATEWAY_RESPONSE_STATUS[type] : (answer as { unspecified: number }).unspecified;
  if (ownStatus === null) throw new Error(`${type} is a fallback, not a response API Gateway gives`);
  const fallback = ownStatus >= 500 ? 'DEFAULT_5XX' : 'DEFAULT_4XX';
  const configured = type ? model.gatewayResponses.get(type) : undefined;
  const chosen = configured ?? model.gatewayResponses.get(fallback);
  const status = configured ? (configured.statusCode ?? ownStatus) : (chosen?.statusCode ?? ownStatus);
  const variables: Record<string, string> = {
    'context.requestId': context.requestId,
    'context.error.responseType': type ?? fallback,
    'context.error.message': context.message ?? defaultMessage(status),
    'context.error.messageString': JSON.stringify(context.message ?? defaultMessage(status)),
  };
  if (!chosen) {
    // Nothing configured: API Gateway's own answer.
    return {
      status,
      headers: { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type ?? 'InternalServerErrorException' },
      body: Buffer.from(JSON.stringify({ message: variables['context.error.message'] })),
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, expression] of Object.entries(chosen.headers)) {
    const value = /^'(.*)'$/s.exec(expression)?.[1] ?? variables[expression];
    if (value !== undefined) headers[name] = value;
  }
  const contentType = templateFor(chosen.templates, context.accept);
  const template = contentType ? chosen.templates[contentType]! : '';
  headers['Content-Type'] ??= contentType ?? 'application/json';
  // Gateway response templates take simple variable substitution only, no VTL.
  const body = template.replace(/\$context\.[A-Za-z.]+/g, (name) => variables[name.slice(1)] ?? '');
  return { status, headers, body: Buffer.from(body) };
}

function defaultMessage(status: number): string {
  return status >= 500 ? 'Internal server error' : 'Forbidden';
}

/** The template for the request's Accept type, else application/json's, else the first. */
function templateFor(templates: Readonly<Record<string, string>>, accept: string | undefined): string | undefined {
  const wanted = firstMediaType(accept);
  const types = Object.keys(templates);
  return types.find((type) => type === wanted) ?? types.find((type) => type === 'application/json') ?? types[0];
}

function firstMediaType(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first ? first : undefined;
}

function matches(mediaType: string | undefined, patterns: readonly string[]): boolean {
  if (patterns.includes('*/*')) return true;
  if (!mediaType) return false;
  const [type, subtype] = mediaType.split('/');
  return patterns.some((pattern) => {
    const [pType, pSubtype] = pattern.toLowerCase().split('/');
    return (pType === '*' || pType === type) && (pSubtype === '*' || pSubtype === subtype);
  });
}

/** Whether a proxy answer with isBase64Encoded reaches the client as bytes: the request's first Accept type decides. */
export function answersInBinary(model: ApiGatewayModel, accept: string | undefined): boolean {
  return matches(firstMediaType(accept), model.binaryMediaTypes);
}

/** Whether a request body reaches the function base64-encoded: its Content-Type decides. */
export function requestIsBinary(model: ApiGatewayModel, contentType: string | undefined): boolean {
  return matches(firstMediaType(contentType), model.binaryMediaTypes);
}

/**
 * Headers of a proxy integration's answer that API Gateway (REST) does not pass on under their own name but
 * as `x-amzn-Remapped-<name>`: a WWW-Authenticate set by a function never reaches the client as such.
 */
export const REMAPPED_RESPONSE_HEADERS: readonly string[] = [
  'authorization',
  'connection',
  'date',
  'proxy-authenticate',
  'server',
  'te',
  'trailer',
  'upgrade',
  'www-authenticate',
];

export function remapHeaders<V>(headers: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) =>
      REMAPPED_RESPONSE_HEADERS.includes(name.toLowerCase()) ? [`x-amzn-Remapped-${name}`, value] : [name, value],
    ),
  );
}
