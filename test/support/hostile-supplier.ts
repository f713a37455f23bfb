/**
 * Hostile suppliers for the tests: a real HTTP server in front of a sandbox supplier, speaking its wire
 * format because it answers with what the sandbox answered, until the test tells it to misbehave. It can
 * forward and rewrite the answer (a free room, a rate key at two prices, a megabyte name, a hotel nobody
 * asked for, another stay, an error sent with 200), answer on its own (an XML bomb), answer 60 MB or an
 * endless stream, or redirect elsewhere. `sent` counts the bytes it wrote of each answer, so a test sees
 * how much of a huge answer was ever read.
 *
 * Also here: a recording host on another loopback address (127.0.0.2), the place a redirect or a remote DTD
 * points at, which records whether anything reached it.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answer, forward } from './fault-proxy.js';

/** What the answer's body looks like, so a huge one parses as far as anyone reads it. */
export type WireShape = 'hotelbeds' | 'expedia' | 'opentravel';

export type Hostility =
  /** Forward, then rewrite the answer's body (and optionally its status). */
  | {
      readonly kind: 'rewrite';
      readonly body: (answer: string, request: { method: string; path: string; body: string }) => string;
      readonly status?: number;
    }
  /** Answer this without forwarding. */
  | { readonly kind: 'answer'; readonly status: number; readonly body: string; readonly contentType?: string }
  /** Forward (the supplier acts), then answer `bytes` of well-formed-looking body instead of its answer. */
  | { readonly kind: 'huge'; readonly bytes: number; readonly declareLength: boolean; readonly afterForwarding?: boolean }
  /** Answer a body that never ends (until the client goes away). */
  | { readonly kind: 'endless' }
  /** Never answer (the connection stays open). */
  | { readonly kind: 'hang' }
  /** Drop the connection without an answer. */
  | { readonly kind: 'reset' }
  /** Forward (optionally), then answer a redirect to `location`. */
  | {
      readonly kind: 'redirect';
      readonly status: 301 | 302 | 303 | 307 | 308;
      readonly location: string;
      readonly afterForwarding?: boolean;
    };

/** Which calls misbehave: OpenTravel has one endpoint, so its messages are told apart by their body. */
export type Matcher = (method: string, path: string, body: string) => boolean;

export interface HostileSupplier {
  readonly url: string;
  /** Misbehave on calls `matches` selects (by method, path and request body), from now on; undefined forwards everything unchanged. */
  set(matches: Matcher | undefined, hostility?: Hostility): void;
  /** `METHOD path` of every call forwarded to the sandbox. */
  readonly forwarded: string[];
  /** Bytes written of each hostile answer, in order. */
  readonly sent: number[];
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** The opening of an answer of the wire format and one repeatable element, so the bytes parse as far as read. */
function hugeParts(shape: WireShape): { head: string; item: string } {
  if (shape === 'opentravel')
    return {
      head: '<?xml version="1.0" encoding="UTF-8"?><OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/><RoomStays>',
      item: `<RoomStay><BasicPropertyInfo HotelCode="H1" HotelName="${'x'.repeat(200)}"/></RoomStay>`,
    };
  if (shape === 'expedia') return { head: '[', item: `{"property_id":"1","status":"available","rooms":[],"pad":"${'x'.repeat(200)}"},` };
  return { head: '{"auditData":{},"hotels":{"hotels":[', item: `{"code":1,"name":"${'x'.repeat(200)}","currency":"EUR","rooms":[]},` };
}

function writeHuge(res: ServerResponse, shape: WireShape, bytes: number | undefined, declareLength: boolean, sent: number[]): void {
  const { head, item } = hugeParts(shape);
  const chunk = Buffer.from(item.repeat(Math.ceil(CHUNK / item.length)));
  const index = sent.push(0) - 1;
  res.writeHead(200, {
    'Content-Type': shape === 'opentravel' ? 'application/xml' : 'application/json',
    ...(declareLength && bytes !== undefined ? { 'Content-Length': String(bytes) } : {}),
  });
  let written = 0;
  const write = (buffer: Buffer): boolean => {
    written += buffer.length;
    sent[index] = written;
    return res.write(buffer);
  };
  write(Buffer.from(head));
  const pump = (): void => {
    while (!res.destroyed) {
      if (bytes !== undefined && written >= bytes) {
        res.end();
        return;
      }
      const next = bytes === undefined ? chunk : chunk.subarray(0, Math.min(chunk.length, bytes - written));
      if (!write(next)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

export async function startHostileSupplier(targetUrl: string, shape: WireShape): Promise<HostileSupplier> {
  const target = new URL(targetUrl);
  let matches: Matcher | undefined;
  let hostility: Hostility | undefined;
  const forwarded: string[] = [];
  const sent: number[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        const body = Buffer.concat(chunks);
        const mode = matches?.(method, path.split('?')[0]!, body.toString('utf8')) ? hostility : undefined;
        const pass = () => {
          forwarded.push(`${method} ${path.split('?')[0]}`);
          return forward(target, req, body);
        };
        try {
          if (!mode) {
            const upstream = await pass();
            answer(res, upstream);
            return;
          }
          switch (mode.kind) {
            case 'rewrite': {
              const upstream = await pass();
              const rewritten = mode.body(upstream.body.toString('utf8'), { method, path, body: body.toString('utf8') });
              answer(res, { status: mode.status ?? upstream.status, headers: upstream.headers, body: Buffer.from(rewritten) });
              return;
            }
            case 'answer':
              answer(res, {
                status: mode.status,
                headers: { 'content-type': mode.contentType ?? 'application/json' },
                body: Buffer.from(mode.body),
              });
              return;
            case 'huge':
              if (mode.afterForwarding) await pass();
              writeHuge(res, shape, mode.bytes, mode.declareLength, sent);
              return;
            case 'endless':
              writeHuge(res, shape, undefined, false, sent);
              return;
            case 'hang':
              return;
            case 'reset':
              req.socket.destroy();
              return;
            case 'redirect':
              if (mode.afterForwarding) await pass();
              res.writeHead(mode.status, { Location: mode.location, 'Content-Length': '0' });
              res.end();
              return;
          }
        } catch {
          res.destroy();
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    sent,
    set(m, h) {
      matches = m;
      hostility = h;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A host a supplier's answer points elsewhere at (a redirect, a remote DTD): records whatever reaches it. */
export interface RecordingHost {
  readonly url: string;
  /** Each request it received: method, path and headers (a leaked credential would show here). */
  readonly received: { method: string; path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.2: another loopback address, so a redirect to it is a redirect to another host. */
export async function startRecordingHost(): Promise<RecordingHost> {
  const received: RecordingHost['received'] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"hotels":{"hotels":[]}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
