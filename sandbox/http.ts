/**
 * What every sandbox supplier server shares: its options (credentials, latency, the scenario timings,
 * its own clock) and the node:http listener on loopback with a clean close.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LATENCY, latencySampler, type LatencyProfile } from './latency.js';
import { DEFAULT_WORLD_SEED } from './world/generate-world.js';
import { getSupplierView, type SupplierId, type SupplierView } from './world/supplier-views.js';

export interface SandboxServerOptions {
  readonly port?: number;
  readonly host?: string;
  readonly seed?: number;
  readonly apiKey: string;
  readonly secret: string;
  readonly latency?: LatencyProfile;
  /** How long a `slow:<supplier>` call waits before answering (past any sane budget). */
  readonly slowMs?: number;
  /** How late `book-timeout` answers a booking it has already made. */
  readonly lateAnswerMs?: number;
  /** The supplier's own clock (penalties are computed on it). */
  readonly clock?: () => Date;
}

/** What every sandbox supplier's request handling reads: its view of the world, its bookings, its clock. */
export interface SandboxContext<Store, Options extends SandboxServerOptions> {
  readonly seed: number;
  readonly view: SupplierView;
  readonly bookings: Store;
  readonly clock: () => Date;
  readonly options: Options;
  readonly slowMs: number;
  readonly lateAnswerMs: number;
}

export function sandboxContext<Store, Options extends SandboxServerOptions>(
  supplierId: SupplierId,
  options: Options,
  bookings: Store,
): SandboxContext<Store, Options> {
  const seed = options.seed ?? DEFAULT_WORLD_SEED;
  return {
    seed,
    view: getSupplierView(supplierId, seed),
    bookings,
    clock: options.clock ?? (() => new Date()),
    options,
    slowMs: options.slowMs ?? 30_000,
    lateAnswerMs: options.lateAnswerMs ?? 20_000,
  };
}

/** Listens with the supplier's handler, each request delayed by a latency drawn from the seeded profile. */
export async function serveSandbox<C extends SandboxContext<unknown, SandboxServerOptions>>(
  context: C,
  handle: (context: C, req: IncomingMessage, res: ServerResponse, latencyMs: number) => Promise<void>,
): Promise<SandboxListener & { bookings: C['bookings']; view: SupplierView }> {
  const latency = latencySampler(context.options.latency ?? DEFAULT_LATENCY, context.seed);
  const listener = await listenSandbox(context.options, (req, res) => void handle(context, req, res, latency()));
  return { ...listener, bookings: context.bookings, view: context.view };
}

export interface SandboxListener {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function listenSandbox(
  options: Pick<SandboxServerOptions, 'port' | 'host'>,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<SandboxListener> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(onRequest);
  // Long enough that a caller blocked for seconds parsing a multi-megabyte answer (the adapter in the
  // same process, locally) does not find its kept-alive socket closed under it (an ECONNRESET race).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's body as text, refused with the supplier's own error once it grows past `maxBytes`. */
export function readRequestBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) reject(tooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits, but gives up as soon as the caller hangs up (so slow scenarios do not pile up timers). */
export function pause(ms: number, call: { readonly closed: boolean }): Promise<void> {
  if (ms <= 0 || call.closed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const poll = setInterval(() => {
      if (call.closed) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 25);
    timer.unref?.();
    setTimeout(() => clearInterval(poll), ms + 10).unref?.();
  });
}
