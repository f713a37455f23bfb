/**
 * The three suppliers' content APIs over a ScaleWorld (scale-catalogue.ts), as HTTP servers on loopback for
 * bench:mapping-scale: the routes, paging and change filters the adapters use against the real suppliers
 * (Hotelbeds' Content API `from`/`to`/`lastUpdateTime`, Rapid's content search with `country_code`,
 * `date_updated_start` and its `Link` paging, OpenTravel's catalogue `start`/`count`), each page rendered
 * from the hotels' indexes as it is asked for.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScaleSupplier, ScaleWorld } from './scale-catalogue.js';

const RAPID_PAGE = 250;

export interface ScaleSupplierServer {
  readonly supplierId: ScaleSupplier;
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function startScaleSuppliers(world: ScaleWorld): Promise<ScaleSupplierServer[]> {
  return Promise.all([serve('hotelbeds', hotelbeds(world)), serve('expedia', expedia(world)), serve('opentravel', opentravel(world))]);
}

type Handler = (url: URL, host: string) => { status: number; headers?: Record<string, string>; body: string; type: string };

async function serve(supplierId: ScaleSupplier, handler: Handler): Promise<ScaleSupplierServer> {
  const server: Server = createServer((req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://bench.invalid');
      const answer = handler(url, req.headers.host ?? '127.0.0.1');
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Content-Length': Buffer.byteLength(answer.body), ...answer.headers });
      res.end(answer.body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { supplierId, endpoint: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The catalogue, or only what changed on or after `since`. */
function listed(world: ScaleWorld, supplier: ScaleSupplier, since: string | null): Int32Array {
  const all = world.catalogue(supplier);
  if (since === null || since <= '2025-03-01') return all;
  if (since > world.today) return new Int32Array();
  return all.filter((index) => world.hotel(index).changed);
}

function hotelbeds(world: ScaleWorld): Handler {
  const cache = new Map<string, Int32Array>();
  return (url) => {
    if (url.pathname !== '/hotel-content-api/1.0/hotels') return { status: 404, body: '{}', type: 'application/json' };
    const since = url.searchParams.get('lastUpdateTime');
    const key = since ?? '';
    const list = cache.get(key) ?? listed(world, 'hotelbeds', since);
    cache.set(key, list);
    const from = Number(url.searchParams.get('from') ?? '1');
    const to = Math.min(list.length, Number(url.searchParams.get('to') ?? '100'));
    const hotels = [];
    for (let i = from - 1; i < to; i += 1) hotels.push(world.hotelbeds(world.hotel(list[i]!)));
    return {
      status: 200,
      body: JSON.stringify({ from, to: from + hotels.length - 1, total: list.length, hotels }),
      type: 'application/json',
    };
  };
}

function expedia(world: ScaleWorld): Handler {
  const byCountry = new Map<string, Map<string, Int32Array>>();
  const countryList = (since: string | null, country: string | null): Int32Array => {
    const key = since ?? '';
    let countries = byCountry.get(key);
    if (!countries) {
      const grouped = new Map<string, number[]>();
      for (const index of listed(world, 'expedia', since)) {
        const code = world.hotel(index).city.countryCode;
        const list = grouped.get(code) ?? [];
        list.push(index);
        grouped.set(code, list);
      }
      countries = new Map([...grouped].map(([code, list]) => [code, Int32Array.from(list)]));
      countries.set('*', listed(world, 'expedia', since));
      byCountry.set(key, countries);
    }
    return countries.get(country ?? '*') ?? new Int32Array();
  };
  return (url, host) => {
    if (url.pathname !== '/v3/properties/content') return { status: 404, body: '{}', type: 'application/json' };
    const list = countryList(url.searchParams.get('date_updated_start'), url.searchParams.get('country_code'));
    const offset = Number(url.searchParams.get('token') ?? '0');
    const page: Record<string, unknown> = {};
    for (let i = offset; i < Math.min(list.length, offset + RAPID_PAGE); i += 1) {
      const property = world.expedia(world.hotel(list[i]!));
      page[property.property_id!] = property;
    }
    const headers: Record<string, string> = { 'Pagination-Total-Results': String(list.length) };
    if (offset + RAPID_PAGE < list.length) {
      const next = new URLSearchParams(url.searchParams);
      next.set('token', String(offset + RAPID_PAGE));
      headers.Link = `<http://${host}/v3/properties/content?${next}>; rel="next"; expires=2099-01-01T00:00:00Z`;
    }
    return { status: 200, headers, body: JSON.stringify(page), type: 'application/json' };
  };
}

function opentravel(world: ScaleWorld): Handler {
  return (url) => {
    if (url.pathname !== '/ota/catalogue') return { status: 404, body: '', type: 'application/xml' };
    const list = world.catalogue('opentravel');
    const start = Number(url.searchParams.get('start') ?? '0');
    const count = Number(url.searchParams.get('count') ?? '500');
    const end = Math.min(list.length, start + count);
    let hotels = '';
    for (let i = start; i < end; i += 1) hotels += world.opentravel(world.hotel(list[i]!));
    const next = end < list.length ? ` NextStart="${end}"` : '';
    const body = `<?xml version="1.0" encoding="UTF-8"?><HotelCatalogue xmlns="urn:sandbox:opentravel:catalogue" Start="${start}" Count="${end - start}" Total="${list.length}"${next}>${hotels}</HotelCatalogue>`;
    return { status: 200, body, type: 'application/xml; charset=utf-8' };
  };
}
