/**
 * Contract tests of the booking surface: real responses of the local server (booking, replay, pending,
 * problems, retrieval, modification, cancellation, voucher) validated against the response schemas of
 * GET /openapi.json for their operation, status and content type.
 */
import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';
import { conformingBody, DocumentSchemas } from '../support/openapi-contract.js';

let host: LocalHost;
let journey: Journey;
let schemas: DocumentSchemas;
beforeAll(async () => {
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  host = await startTestHost();
  journey = await startJourney(host);
  schemas = new DocumentSchemas((await (await fetch(`${host.url}/openapi.json`)).json()) as OpenAPIObject);
}, 120_000);
afterAll(() => host?.stop());

const conforms = (routeId: string, response: Response) => conformingBody(schemas, routeId, response);
const post = (path: string, body: unknown, key = randomUUID(), scenario?: string) =>
  journey.call(path, 'demo', { method: 'POST', body: JSON.stringify(body), idempotencyKey: key, ...(scenario ? { scenario } : {}) });

describe('booking responses conform to /openapi.json', () => {
  it('create (201, replayed 201, 400, 404, 409, 410, 422, 502), get, modify (200, 422), cancel (200, 409)', async () => {
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const body = journey.bookingBody(rate);
    const key = randomUUID();
    const booked = await conforms('createBooking', await post('/v1/hotels/bookings', body, key));
    await conforms('createBooking', await post('/v1/hotels/bookings', body, key));
    await conforms('createBooking', await post('/v1/hotels/bookings', { ...body, clientReference: 'OTHER' }, key));
    await conforms('createBooking', await post('/v1/hotels/bookings', { ...body, holder: {} }));
    await conforms('createBooking', await post('/v1/hotels/bookings', { ...body, rateId: 'nope' }));
    await conforms(
      'createBooking',
      await post(
        '/v1/hotels/bookings',
        { ...journey.bookingBody(rate), priceTolerance: { maxIncreasePercent: 0 } },
        randomUUID(),
        'reprice',
      ),
    );
    await conforms('createBooking', await post('/v1/hotels/bookings', journey.bookingBody(rate), randomUUID(), 'book-fail'));

    const id = String(booked.bookingId);
    await conforms('getBooking', await journey.call(`/v1/hotels/bookings/${id}`, 'demo'));
    await conforms('getBooking', await journey.call('/v1/hotels/bookings/BK000000000000000000', 'demo'));
    const patch = (change: unknown, scenario?: string) =>
      journey.call(`/v1/hotels/bookings/${id}`, 'demo', {
        method: 'PATCH',
        body: JSON.stringify(change),
        idempotencyKey: randomUUID(),
        ...(scenario ? { scenario } : {}),
      });
    await conforms('modifyBooking', await patch({ holder: { phone: '+44 20 0000 0000' } }));
    await conforms('modifyBooking', await patch({ holder: { phone: '+44 20 0000 0000' } }, 'no-modify'));
    await conforms('cancelBooking', await post(`/v1/hotels/bookings/${id}/cancel`, { reason: 'contract test' }));
    await conforms('cancelBooking', await post(`/v1/hotels/bookings/${id}/cancel`, {}));
    await conforms('getBooking', await journey.call(`/v1/hotels/bookings/${id}`, 'demo'));
    const erase = (bookingId: string, body: unknown = {}) =>
      journey.call(`/v1/hotels/bookings/${bookingId}/personal-data`, 'demo', {
        method: 'DELETE',
        body: JSON.stringify(body),
        idempotencyKey: randomUUID(),
      });
    await conforms('erasePersonalData', await erase(id, { requestReference: 'DSR-1' }));
    await conforms('erasePersonalData', await erase(id, { requestReference: 'not a reference' }));
    await conforms('erasePersonalData', await erase('BK000000000000000000'));
    await conforms('getBooking', await journey.call(`/v1/hotels/bookings/${id}`, 'demo'));
  });

  it('a booking the supplier answered late, and its voucher in both media types', async () => {
    const rate = journey.rateOf('opentravel');
    // Found by our reference after the timeout: 201. The pending 202 is checked in booking-recovery.test.ts.
    const late = await conforms(
      'createBooking',
      await post('/v1/hotels/bookings', journey.bookingBody(rate), randomUUID(), 'book-timeout'),
    );
    expect(late.status).toBe('confirmed');
    const voucher = await journey.call(`/v1/hotels/bookings/${late.bookingId}/voucher`, 'demo');
    expect(voucher.status).toBe(200);
    expect(
      schemas.document.paths?.['/v1/hotels/bookings/{bookingId}/voucher']?.get?.responses?.['200']?.content?.[
        voucher.headers.get('content-type')!
      ],
    ).toBeDefined();
    const html = await journey.call(`/v1/hotels/bookings/${late.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } });
    expect(
      schemas.document.paths?.['/v1/hotels/bookings/{bookingId}/voucher']?.get?.responses?.['200']?.content?.[
        html.headers.get('content-type')!.split(';')[0]!
      ],
    ).toBeDefined();
  });
});
