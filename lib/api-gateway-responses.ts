/**
 * API Gateway's own refusals (bad token, denied scope, throttling, unknown route) answered as RFC 9457
 * problems, from the same definitions the local gateway uses (functions/shared/gateway-responses.ts).
 */
import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { GATEWAY_RESPONSES, gatewayProblemBody } from '../functions/shared/gateway-responses.js';

/** API Gateway substitutes its request id into the template, so `instance` matches the access log. */
export const GATEWAY_REQUEST_ID = '$context.requestId';

export function addGatewayResponses(api: RestApi): void {
  for (const definition of GATEWAY_RESPONSES) {
    const body = gatewayProblemBody(definition, GATEWAY_REQUEST_ID);
    const headers: Record<string, string> = { 'Content-Type': 'application/problem+json', ...definition.headers };
    api.addGatewayResponse(definition.type, {
      type: ResponseType.of(definition.type),
      statusCode: String(definition.status),
      // Static header values are single-quoted literals in API Gateway's mapping syntax.
      // X-Request-Id is a mapping expression (unquoted), so API Gateway's refusals carry it like every answer.
      responseHeaders: {
        ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, quoted(value)])),
        'X-Request-Id': 'context.requestId',
      },
      // The template is picked by the request's Accept header; both carry the same problem.
      templates: { 'application/json': body, 'application/problem+json': body },
    });
  }
}

function quoted(value: string): string {
  if (value.includes("'")) throw new Error(`gateway response header value ${value} cannot contain a single quote`);
  return `'${value}'`;
}
