import { ANSWER_LIMITS } from './answer-limits.js';
import { SupplierError } from './supplier-error.js';

/**
 * HTTP for adapters, the transport half of the supplier boundary: the platform fetch (undici), whose global
 * agent keeps connections alive between calls, bounded three ways, because a supplier decides what it sends
 * and we decide what we read (OWASP API10:2023, unsafe consumption of APIs):
 *
 * - time: the caller's AbortSignal and an optional per-call timeout; reading the body is inside them;
 * - size: the body is read as a stream and reading stops at `maxBytes` (ANSWER_LIMITS.maxBytes unless the
 *   adapter says less); the connection is dropped there and the call fails with reason `too_large`;
 * - place: redirects are never followed (`redirect: 'manual'`). A 3xx fails with reason `redirect`, so the
 *   supplier's credentials (Hotelbeds' Api-key and X-Signature, Rapid's Authorization) never travel to the
 *   host it names, and no other host's answer passes for the supplier's.
 *
 * Every transport failure becomes a SupplierError; adapters then read `status` and `text` themselves.
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
  /** Most bytes of body read (decompressed); ANSWER_LIMITS.maxBytes when absent. */
  readonly maxBytes?: number;
}

export interface SupplierHttpResponse {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
  readonly headers: Headers;
}

export async function supplierHttp(request: SupplierHttpRequest, fetchImpl: FetchLike = fetch): Promise<SupplierHttpResponse> {
  const signals = [request.signal, request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const context = { operation: request.operation };
  const maxBytes = request.maxBytes ?? ANSWER_LIMITS.maxBytes;
  const attempt = async (): Promise<SupplierHttpResponse> => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(signal ? { signal } : {}),
    });
    if (isRedirect(response.status)) {
      await discard(response);
      throw new SupplierError(
        'bad_response',
        request.supplierId,
        `${request.operation}: ${request.supplierId} answered HTTP ${response.status}, a redirect, which is never followed`,
        { ...context, status: response.status, reason: 'redirect' },
      );
    }
    // Reading the body is part of the budget: a server that stalls mid-body is a timeout too.
    const text = await readLimited(response, maxBytes, request);
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '', headers: response.headers };
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
    if (error instanceof SupplierError) throw error;
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

/** 3xx but 304 (Not Modified is an answer about our own cache, and we send no conditional requests). */
function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** Gives an unread body back without reading it: the connection is closed rather than drained. */
async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // nothing more to release
  }
}

/**
 * The body as text, read chunk by chunk and given up at `maxBytes`: a declared Content-Length above it is
 * refused before a byte is read, and an endless or lying stream is cut where it passes it. Only the bytes up
 * to the limit are ever held. Decoding is UTF-8, as the three wire formats' specs require.
 */
async function readLimited(response: Response, maxBytes: number, request: SupplierHttpRequest): Promise<string> {
  const tooLarge = (): SupplierError =>
    new SupplierError(
      'bad_response',
      request.supplierId,
      `${request.operation}: the answer is larger than ${maxBytes} bytes; reading stopped there`,
      { operation: request.operation, status: response.status, reason: 'too_large' },
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw tooLarge();
  }
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  // The bytes are kept as they came and decoded once at the end: decoding chunk by chunk held about twice the
  // bytes read (the strings beside the chunks not yet collected), and a refused answer is never decoded at all.
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, read).toString('utf8');
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
