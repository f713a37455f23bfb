/**
 * What the functions running in this process waited on, for the overhead benchmarks: every AWS SDK call
 * (DynamoDB by operation, Step Functions, Lambda), seen on node:http's diagnostics channels, and every
 * exchange with a sandbox supplier, timed by a wrapper around fetch until the whole answer is read (reading
 * it is the supplier's time, as the booking overhead has always counted it). Nothing the functions do
 * changes: the answer is handed on as it came.
 *
 * Locally each of these is a stand-in: DynamoDB Local (Java, on the same two cores), the local Step Functions
 * runner, the sandbox suppliers. What a call costs here is not what it costs on AWS; how many there are, and
 * which follow one another, is the same.
 */
import dc from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

export type CallKind = 'dynamodb' | 'step-functions' | 'lambda' | 'supplier' | 'other';

export interface TracedCall {
  readonly kind: CallKind;
  /** The DynamoDB or Step Functions operation, the Lambda function, or the supplier's id. */
  readonly name: string;
  /** performance.now() when the request started and when its whole answer was in. */
  readonly start: number;
  end: number;
}

export interface CallTrace {
  /** Calls that started in [from, to]. */
  between(from: number, to: number): TracedCall[];
  /** Forgets the calls traced so far (a benchmark clears between measured requests). */
  clear(): void;
  /** Stops tracing and puts fetch back. */
  stop(): void;
}

/** Traces this process's calls; `suppliers` names each sandbox supplier's endpoint (read when a call starts). */
export function traceCalls(suppliers: () => readonly { readonly supplierId: string; readonly endpoint: string }[]): CallTrace {
  let calls: TracedCall[] = [];
  const open = new WeakMap<ClientRequest, TracedCall>();

  const onStart = ({ request }: { request: ClientRequest }) => {
    const target = request.getHeader('x-amz-target');
    let call: TracedCall;
    if (typeof target === 'string') {
      const [service, operation = target] = target.split('.');
      // DynamoDB_20120810 is the tables' API; DynamoDB Streams (the local webhook sender's polling) is not the request's.
      const kind: CallKind = service === 'DynamoDB_20120810' ? 'dynamodb' : service === 'AWSStepFunctions' ? 'step-functions' : 'other';
      call = { kind, name: operation, start: performance.now(), end: NaN };
    } else if (request.path.includes('/functions/') && request.path.endsWith('/invocations')) {
      call = { kind: 'lambda', name: request.path.split('/functions/')[1]!.split('/')[0]!, start: performance.now(), end: NaN };
    } else return;
    calls.push(call);
    open.set(request, call);
  };
  const onFinish = ({ request }: { request: ClientRequest }) => {
    const call = open.get(request);
    if (call) call.end = performance.now();
  };
  dc.subscribe('http.client.request.start', onStart as (message: unknown) => void);
  dc.subscribe('http.client.response.finish', onFinish as (message: unknown) => void);

  const platformFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const supplier = suppliers().find((s) => url.startsWith(s.endpoint));
    if (!supplier) return platformFetch(input, init);
    const call: TracedCall = { kind: 'supplier', name: supplier.supplierId, start: performance.now(), end: NaN };
    calls.push(call);
    const response = await platformFetch(input, init);
    const body = await response.arrayBuffer();
    call.end = performance.now();
    const bodiless = response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(bodiless ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  return {
    between: (from, to) => calls.filter((call) => call.start >= from && call.start <= to),
    clear: () => {
      calls = [];
    },
    stop: () => {
      dc.unsubscribe('http.client.request.start', onStart as (message: unknown) => void);
      dc.unsubscribe('http.client.response.finish', onFinish as (message: unknown) => void);
      globalThis.fetch = platformFetch;
    },
  };
}

/** Wall-clock time covered by the calls (overlapping calls count once): what waiting on them took. */
export function coveredMs(calls: readonly TracedCall[]): number {
  const spans = calls
    .filter((call) => Number.isFinite(call.end))
    .map((call) => [call.start, call.end] as const)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let until = -Infinity;
  for (const [start, end] of spans) {
    if (end <= until) continue;
    covered += end - Math.max(start, until);
    until = end;
  }
  return covered;
}
