/**
 * Answer for a route whose capability is not delivered yet: authenticated and checked like the real one
 * (tenant, scope, Idempotency-Key), then a 501 problem naming the capability, so partners can wire their
 * integration against the final path today.
 */
import { httpHandler, type ApiHandler } from './http-handler.js';
import { HttpProblem } from './problem.js';

export function plannedRoute(routeId: string, capability: string): ApiHandler {
  return httpHandler(routeId, { bodyKind: 'none' }, async () => {
    throw new HttpProblem('not-implemented', `${capability} is not available yet on this API`, {
      extensions: { capability },
    });
  });
}
