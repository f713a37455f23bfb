/**
 * A handler group is one Lambda function serving several routes. API Gateway tells a proxy integration
 * which resource and method it matched; the group entry hands the event to that route's handler.
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { problemResponse } from './error-response.js';
import type { ApiHandler } from './http-handler.js';
import { requestIdOf } from './http-handler.js';
import { ROUTES, routeFor, type HandlerGroup } from './routes.js';

export function groupHandler(group: HandlerGroup, handlers: Record<string, ApiHandler>): ApiHandler {
  const expected = ROUTES.filter((r) => r.group === group).map((r) => r.id);
  const missing = expected.filter((id) => !(id in handlers));
  const foreign = Object.keys(handlers).filter((id) => !expected.includes(id));
  if (missing.length || foreign.length) {
    throw new Error(`group ${group} does not match the route table: missing [${missing}], foreign [${foreign}]`);
  }
  return async (event: APIGatewayProxyEvent, context: Context) => {
    const route = routeFor(event.httpMethod, event.resource);
    const handler = route && route.group === group ? handlers[route.id] : undefined;
    if (!handler) {
      return problemResponse('not-found', `No route ${event.httpMethod} ${event.resource} in ${group}`, requestIdOf(event, context));
    }
    return handler(event, context);
  };
}
