/**
 * API Gateway's own refusals (bad token, denied scope, throttling, unknown route, a timed-out integration)
 * answered as RFC 9457 problems, from the same settings the local gateway answers with
 * (functions/shared/gateway-responses.ts).
 */
import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { gatewayResponseSettings } from '../functions/shared/gateway-responses.js';

export function addGatewayResponses(api: RestApi): void {
  for (const setting of gatewayResponseSettings()) {
    api.addGatewayResponse(setting.type, {
      type: ResponseType.of(setting.type),
      ...(setting.statusCode !== undefined ? { statusCode: setting.statusCode } : {}),
      responseHeaders: setting.responseHeaders,
      templates: setting.templates,
    });
  }
}
