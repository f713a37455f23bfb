/**
 * One file of the feed, fetched as untrusted input: a GET that is never redirected (a 3xx is refused, so the
 * request never reaches a host the stack did not name), bounded in time (connect, headers and body together)
 * and in size (read as a stream and cut off past the limit, never buffered whole first), and only an XML
 * answer with status 200 is handed on.
 */
export interface FeedFile {
  readonly url: string;
  readonly text: string;
}

export interface FeedFetchLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const XML_TYPE = /^(text|application)\/xml\b/i;

export async function fetchFeedFile(url: string, limits: FeedFetchLimits, fetchImpl: FetchLike = fetch): Promise<FeedFile> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'GET', redirect: 'manual', signal, headers: { Accept: 'application/xml, text/xml' } });
  } catch (error) {
    throw new FeedFetchError(signal.aborted ? `${url}: no answer within ${limits.timeoutMs} ms` : `${url}: ${describe(error)}`, {
      cause: error,
    });
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    const where = response.headers.get('location');
    throw new FeedFetchError(
      response.status >= 300 && response.status < 400
        ? `${url}: answered ${response.status} towards ${where ?? 'nowhere'}; redirects are not followed`
        : `${url}: answered ${response.status}`,
    );
  }
  const type = response.headers.get('content-type') ?? '';
  if (!XML_TYPE.test(type)) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedFetchError(`${url}: answered ${type || 'no content type'}, not XML`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedFetchError(`${url}: ${declared} bytes announced, more than the ${limits.maxBytes} a feed file may have`);
  }
  return { url, text: await boundedText(response, url, limits, signal) };
}

async function boundedText(response: Response, url: string, limits: FeedFetchLimits, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FeedFetchError(`${url}: more than the ${limits.maxBytes} bytes a feed file may have`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(signal.aborted ? `${url}: no whole answer within ${limits.timeoutMs} ms` : `${url}: ${describe(error)}`, {
      cause: error,
    });
  }
  // fatal: bytes that are not UTF-8 are not the ECB's file (its declaration says UTF-8).
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch (error) {
    throw new FeedFetchError(`${url}: not UTF-8 text`, { cause: error });
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'transport failure';
  const cause = error.cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  return code ? `${error.message} (${code})` : error.message;
}
