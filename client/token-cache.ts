/**
 * The access token, fetched once and reused until shortly before it expires (interface document section
 * 5, rule 4: a token per call is the most common cause of hitting the rate limiter). Concurrent callers
 * share one refresh; a 401 from the API drops the token so the next call fetches a fresh one.
 */
export interface TokenCacheOptions {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Space-separated scopes; the client's own when absent. */
  readonly scope?: string;
  /** Refresh this long before expiry, so a token never expires in flight (default 60 s). */
  readonly refreshMarginMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(
    readonly status: number,
    readonly error: string,
    description?: string,
  ) {
    super(`token request failed: ${status} ${error}${description ? `: ${description}` : ''}`);
  }
}

export class TokenCache {
  private token: { value: string; expiresAt: number } | undefined;
  private inFlight: Promise<string> | undefined;
  /** How many tokens this cache has fetched (for the demo's output and tests). */
  fetched = 0;

  constructor(private readonly options: TokenCacheOptions) {}

  async get(): Promise<string> {
    const now = (this.options.now ?? Date.now)();
    if (this.token && this.token.expiresAt - (this.options.refreshMarginMs ?? 60_000) > now) return this.token.value;
    this.inFlight ??= this.fetchToken().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  /** Forget the token (the API said 401: revoked, or the signing key rotated). */
  invalidate(): void {
    this.token = undefined;
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    if (this.options.scope) form.set('scope', this.options.scope);
    const response = await (this.options.fetch ?? fetch)(this.options.tokenUrl, { method: 'POST', body: form });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (response.status !== 200 || !body.access_token)
      throw new TokenError(response.status, body.error ?? 'invalid_response', body.error_description);
    this.fetched += 1;
    this.token = { value: body.access_token, expiresAt: (this.options.now ?? Date.now)() + (body.expires_in ?? 900) * 1000 };
    return body.access_token;
  }
}
