import { SupplierError } from './supplier-error.js';

/**
 * HTTP for adapters: the platform fetch (undici), whose global agent keeps connections alive between
 * calls, bounded by the caller's AbortSignal and an optional per-call timeout. Every transport failure
 * becomes a SupplierError; adapters then read `status` and `text` themselves.
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SupplierHttpRequest {
  readonly supplierId: string;
  readonly operation: string;
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

export interface SupplierHttpResponse {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
}

export async function supplierHttp(request: SupplierHttpRequest, fetchImpl: FetchLike = fetch): Promise<SupplierHttpResponse> {
  const signals = [request.signal, request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const context = { operation: request.operation };
  const attempt = async (): Promise<SupplierHttpResponse> => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(signal ? { signal } : {}),
    });
    // Reading the body is part of the budget: a server that stalls mid-body is a timeout too.
    const text = await response.text();
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' };
  };
  try {
    try {
      return await attempt();
    } catch (error) {
      // A kept-alive connection the server closed just as we reused it fails with a reset before any
      // answer; a GET is safe to send once more on a fresh connection. Anything else is reported.
      if (request.method !== 'GET' || signal?.aborted || !isConnectionReset(error)) throw error;
      return await attempt();
    }
  } catch (error) {
    if (signal?.aborted) {
      throw new SupplierError('timeout', request.supplierId, `${request.operation}: no answer within the budget`, context, {
        cause: error,
      });
    }
    throw new SupplierError('unavailable', request.supplierId, `${request.operation}: ${describeTransportError(error)}`, context, {
      cause: error,
    });
  }
}

function isConnectionReset(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

function describeTransportError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
    return code ? `${error.message} (${code})` : error.message;
  }
  return 'transport failure';
}

/** JSON.parse that reports a malformed body as the supplier's fault. */
export function parseJsonBody(text: string, supplierId: string, operation: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SupplierError('bad_response', supplierId, `${operation}: malformed JSON`, { operation }, { cause: error });
  }
}
