/**
 * Runs before every test file (vitest setupFiles): the file's logs are checked instead of silenced.
 *
 * vitest.config.ts turns logging up as far as an operator could: Powertools at DEBUG with
 * POWERTOOLS_LOGGER_LOG_EVENT on. Here every write to stdout and stderr (where Powertools' logger prints) and
 * every console call is captured, and after the file's last hook (its host stopped, so its last lines are in)
 * the lines must hold no client secret, access token, signing key, e-mail address or full guest name
 * (test/support/log-leaks.ts says how each is recognised). A leak fails the file, naming the test that
 * wrote the line and showing the line with the secret masked.
 *
 * What makes it reliable rather than a sample:
 * - Nothing can log past it: handlers, the authorizer, the local gateway, the sandbox suppliers and the
 *   booking flow all run in the test's own process, and Powertools writes to process.stdout/stderr, which are
 *   wrapped here before any test module loads (Powertools' Console keeps the stream and calls its write).
 * - Shapes catch what no test declared: every JWT-shaped string, every e-mail-shaped string, Basic
 *   credentials, and fields named like credentials or personal data in a structured line.
 * - Known values are collected where they enter, not listed by hand: every request a test sends goes
 *   through fetch (wrapped here: the typed client's calls included) or through test/support/auth-events.ts
 *   (in-process handler calls), and both note the client secrets and the people (first and last name) they
 *   carry; the seeded secrets, the signing keys' private parts (`d`, read from the signing keys table at the end) and the rateId secret
 *   come from the environment the host set.
 *
 * Structured log lines are swallowed (they are what DEBUG adds); anything else is passed through as
 * before, so a failing test still shows the gateway's own error output.
 */
import { format } from 'node:util';
import { afterAll, expect } from 'vitest';
import { describeLeaks, findLeaks, sensitiveValues, startFileCapture } from './support/log-leaks.js';

const { lines, sensitive } = startFileCapture();

let seenSearchSecret: string | undefined;
function noteEnvironmentSecrets(): void {
  const searchSecret = process.env.SEARCH_SECRET;
  if (searchSecret && searchSecret !== seenSearchSecret) sensitive.secret('search secret', (seenSearchSecret = searchSecret));
}

function capture(text: string): void {
  if (text.trim() === '') return;
  noteEnvironmentSecrets();
  lines.push({ text, test: expect.getState().currentTestName });
}

/** Powertools' lines: one JSON object with its level and timestamp. */
function isStructuredLog(text: string): boolean {
  if (!text.startsWith('{')) return false;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return typeof parsed.level === 'string' && 'timestamp' in parsed;
  } catch {
    return false;
  }
}

// The streams, console and fetch outlive a test file when the worker is reused: wrap them once, and point the
// wrapper at this file's capture each time.
const CAPTURE = Symbol.for('hotel-api.test.capture');
type Wrapped<T> = T & { [CAPTURE]?: { capture: (text: string) => void } };

for (const stream of [process.stdout, process.stderr] as Wrapped<NodeJS.WriteStream>[]) {
  if (!stream[CAPTURE]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    const state = { capture };
    stream[CAPTURE] = state;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      state.capture(text);
      if (!isStructuredLog(text)) return write(chunk, ...rest);
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    }) as typeof stream.write;
  } else {
    stream[CAPTURE].capture = capture;
  }
}

const consoleTarget = console as Wrapped<Console>;
if (!consoleTarget[CAPTURE]) {
  const state = { capture };
  consoleTarget[CAPTURE] = state;
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      state.capture(format(...args));
      original(...args);
    };
  }
} else {
  consoleTarget[CAPTURE].capture = capture;
}

/** Notes what a request carries before it is sent; reads a Request's body from a clone. */
async function noteRequest(input: string | URL | Request, init: RequestInit | undefined): Promise<void> {
  const request = input instanceof Request ? input : undefined;
  const headers = new Headers(init?.headers ?? request?.headers);
  let body = '';
  if (typeof init?.body === 'string') body = init.body;
  else if (init?.body instanceof URLSearchParams) body = init.body.toString();
  else if (request && init?.body === undefined && request.body) body = await request.clone().text();
  sensitiveValues().request(headers.entries(), body);
}

const fetchTarget = globalThis as Wrapped<typeof globalThis>;
if (!fetchTarget[CAPTURE]) {
  fetchTarget[CAPTURE] = { capture };
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    await noteRequest(input, init);
    return originalFetch(input, init);
  }) as typeof fetch;
}

afterAll(async () => {
  noteEnvironmentSecrets();
  if (lines.length === 0) return;
  // Imported only when there is something to check: most unit test files log nothing.
  const { seededClients } = await import('../local/seed.js');
  for (const client of seededClients()) sensitive.secret('client secret', client.secret);
  // The private signing key that signs now, when this file's tables hold one (the host's, or a test's own).
  if (process.env.SIGNING_KEYS_TABLE && process.env.DYNAMODB_ENDPOINT) {
    const { readPrivateSigningKeys } = await import('../functions/auth/signing-key-store.js');
    const stored = await readPrivateSigningKeys().catch(() => null);
    for (const signer of [stored?.next, stored?.previous]) if (signer?.jwk.d) sensitive.secret('signing key', signer.jwk.d);
  }
  const leaks = findLeaks(lines, sensitive);
  if (leaks.length > 0) throw new Error(`This file's logs hold what must never be logged:\n${describeLeaks(leaks)}`);
});
