/**
 * The token endpoint's errors in RFC 6749 §5.2 form (`{error, error_description}`), not problem+json:
 * OAuth client libraries parse exactly this shape. The shared error stack asks the error for its own
 * response (SelfDescribingError) and adds X-Request-Id.
 */
import type { SelfDescribingError } from '../shared/error-response.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** The realm named in the Basic challenge of a 401. */
export const TOKEN_REALM = 'hotel-api';

export class OAuthError extends Error implements SelfDescribingError {
  override readonly name = 'OAuthError';
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    description: string,
  ) {
    // §5.2 allows only printable ASCII without double quote or backslash in error_description.
    super(description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?').slice(0, 300));
    // §5.2: 400 for everything but a failed client authentication, which is 401.
    this.status = code === 'invalid_client' ? 401 : 400;
  }

  toResponse(_requestId: string): { statusCode: number; headers: Record<string, string>; body: string } {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json;charset=UTF-8',
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
    };
    // RFC 9110 requires a challenge on every 401; RFC 6749 §5.2 names the scheme the client used (Basic,
    // the only header scheme this endpoint accepts). Behind API Gateway (REST, proxy integration) it arrives as
    // x-amzn-Remapped-WWW-Authenticate: API Gateway renames this header in a function's answer (AWS "Amazon
    // API Gateway important notes"); only its own gateway responses may send it as such.
    if (this.status === 401) headers['WWW-Authenticate'] = `Basic realm="${TOKEN_REALM}"`;
    return { statusCode: this.status, headers, body: JSON.stringify({ error: this.code, error_description: this.message }) };
  }
}
