/**
 * Which scopes a token gets (RFC 6749 §3.3): all the client holds when the request names none, exactly
 * the named ones otherwise. A name we do not know, or one the client does not hold, is refused rather than
 * silently dropped, so a partner never receives a narrower token than it asked for without noticing.
 */
import { SCOPES, type Scope } from '../shared/routes.js';
import { OAuthError } from './oauth-error.js';

function isScope(name: string): name is Scope {
  return (SCOPES as readonly string[]).includes(name);
}

/** The granted scopes in the route table's order, so equal grants read the same. */
export function selectScopes(requested: readonly string[] | undefined, held: readonly Scope[]): Scope[] {
  if (requested === undefined) {
    if (held.length === 0) throw new OAuthError('invalid_scope', 'This client holds no scopes');
    return SCOPES.filter((s) => held.includes(s));
  }
  const unknown = requested.filter((name) => !isScope(name));
  if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  const notHeld = requested.filter((name) => !held.includes(name as Scope));
  if (notHeld.length) throw new OAuthError('invalid_scope', `This client does not hold the scope: ${notHeld.join(' ')}`);
  return SCOPES.filter((s) => requested.includes(s));
}
