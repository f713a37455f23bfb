/**
 * What a planned car route ends with once the caller and the input passed every check: the `planned` domain
 * error, naming the capability and pointing at the operation in the OpenAPI document that carries the
 * intended contract.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { routeById } from '../shared/routes.js';

/** JSON pointer (RFC 6901) of a route's operation inside /openapi.json. */
export function operationPointer(routeId: string): string {
  const route = routeById(routeId);
  return `/openapi.json#/paths/${route.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${route.method.toLowerCase()}`;
}

export function plannedContract(routeId: string, capability: string): DomainError {
  return new DomainError(
    'planned',
    `${capability} is planned and not available yet; the intended contract is published at ${operationPointer(routeId)}`,
    { capability, contract: operationPointer(routeId) },
  );
}
