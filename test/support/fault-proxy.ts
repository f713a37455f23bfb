/**
 * A real HTTP server between an adapter and a sandbox supplier that misbehaves on request: it forwards
 * calls unchanged until a test sets a fault for the calls it matches, then it hangs, resets the connection
 * (before forwarding, or after forwarding with half the answer written), answers a body no parser can read,
 * answers 500, or forwards and answers only after a delay. Put its URL in a tenant's contract as the
 * supplier's endpoint; `forwarded` counts what reached the supplier.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { LocalHost } from '../../local/host.js';
import { contractThrough } from './supplier-in-between.js';

export type FaultMode =
  | { readonly kind: 'hang' }
  | { readonly kind: 'reset-before-forwarding' }
  | { readonly kind: 'reset-mid-answer' }
  | { readonly kind: 'unreadable-answer'; readonly body: string }
  | { readonly kind: 'status-500' }
  | { readonly kind: 'late-answer'; readonly delayMs: number }
  /** Answers without forwarding, with a body made from the request's: a supplier that echoes what it was sent. */
  | { readonly kind: 'echoing-refusal'; readonly status: number; readonly body: (requestBody: string) => string };

export interface Fault {
  readonly matches: (method: string, path: string) => boolean;
  readonly mode: FaultMode;
}

export interface FaultProxy {
  readonly url: string;
  /** The fault for calls from now on (of several, the first that matches a call); undefined forwards everything. */
  setFault(fault: Fault | readonly Fault[] | undefined): void;
  /** Calls the supplier received through the proxy, as `METHOD path`. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

export interface Upstream {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/**
 * The call passed on to the supplier as it came, and its answer read whole, uncompressed (Rapid's sandbox insists
 * on being asked for gzip; the test servers here read and rewrite the answer as text and send it on plain).
 */
export function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host };
    const upstream = httpRequest({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 502,
          headers: res.headers,
          body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw,
        });
      });
      res.on('error', reject);
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export function answer(res: ServerResponse, upstream: Upstream): void {
  const headers = { ...upstream.headers, 'content-length': String(upstream.body.length) };
  delete headers['transfer-encoding'];
  delete headers['content-encoding'];
  delete headers.connection;
  res.writeHead(upstream.status, headers);
  res.end(upstream.body);
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let faults: readonly Fault[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        const mode = faults.find((fault) => fault.matches(method, path))?.mode;
        const pass = async () => {
          forwarded.push(`${method} ${path.split('?')[0]}`);
          return forward(target, req, Buffer.concat(chunks));
        };
        switch (mode?.kind) {
          case undefined:
            return answer(res, await pass());
          case 'hang':
            return; // never answers; the socket is destroyed when the client gives up or the proxy closes
          case 'reset-before-forwarding':
            return req.socket.destroy();
          case 'reset-mid-answer': {
            const upstream = await pass();
            res.writeHead(upstream.status, {
              'content-type': String(upstream.headers['content-type'] ?? 'application/json'),
              'content-length': String(upstream.body.length),
            });
            res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)));
            return setTimeout(() => req.socket.destroy(), 20);
          }
          case 'unreadable-answer': {
            const upstream = await pass();
            return answer(res, { ...upstream, status: 200, body: Buffer.from(mode.body) });
          }
          case 'status-500':
            res.writeHead(500, { 'content-type': 'text/plain' });
            return res.end('Internal Server Error');
          case 'echoing-refusal':
            res.writeHead(mode.status, { 'content-type': 'application/json' });
            return res.end(mode.body(Buffer.concat(chunks).toString('utf8')));
          case 'late-answer': {
            const upstream = await pass();
            const timer = setTimeout(() => {
              timers.delete(timer);
              if (!res.destroyed) answer(res, upstream);
            }, mode.delayMs);
            timers.add(timer);
            return;
          }
        }
      })().catch(() => req.socket.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname === '/' ? '' : target.pathname}`,
    setFault: (next) => void (faults = next === undefined ? [] : Array.isArray(next) ? [...(next as Fault[])] : [next as Fault]),
    forwarded,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fault proxy in front of one of a host's sandbox suppliers, put in the demo tenant's contract as that
 * supplier's endpoint: from then on the tenant's calls to it go through the proxy.
 */
export async function proxySupplierOf(host: LocalHost, supplierId: string): Promise<FaultProxy> {
  const supplier = host.suppliers.find((s) => s.supplierId === supplierId);
  if (!supplier) throw new Error(`the host runs no sandbox supplier ${supplierId}`);
  const proxy = await startFaultProxy(supplier.endpoint);
  await contractThrough(host, supplierId, proxy.url);
  return proxy;
}
