import { describe, expect, it } from 'vitest';
import { signRateId, verifyRateId, type RateTicket } from '../../functions/domain/rate/rate-id.js';

const key = Buffer.alloc(32, 7);
const ticket: RateTicket = {
  searchId: 'srch_1',
  supplierId: 'hotelbeds',
  supplierRateKey: '20270301|20270303|W|1|123|DBL.ST|BB|1~2~0',
  supplierPropertyId: '123',
  propertyId: 'prop_00000000000000000001',
  starRating: 4,
  quoted: { net: '100.00', markup: '8.00', tax: '10.00', serviceFee: '2.00', total: '120.00', currency: 'EUR' },
  nights: 2,
  rooms: 1,
  expiresAt: '2027-01-01T00:30:00.000Z',
};
const now = new Date('2027-01-01T00:00:00Z');

describe('rateId', () => {
  it('round-trips for the tenant it was issued to', () => {
    expect(verifyRateId(signRateId(ticket, 'demo', key), 'demo', key, now)).toEqual(ticket);
  });

  it('is refused for another tenant, another key, an altered body, a bad shape, or after expiry', () => {
    const rateId = signRateId(ticket, 'demo', key);
    expect(() => verifyRateId(rateId, 'acme', key, now)).toThrow(/forged/);
    expect(() => verifyRateId(rateId, 'demo', Buffer.alloc(32, 8), now)).toThrow(/forged/);
    const [prefix, , mac] = rateId.split('.');
    const cheaper = Buffer.from(JSON.stringify({ ...ticket, quoted: { ...ticket.quoted, total: '1.00' } })).toString('base64url');
    expect(() => verifyRateId(`${prefix}.${cheaper}.${mac}`, 'demo', key, now)).toThrow(/forged/);
    for (const bad of ['', 'r1', 'r2.a.b', `${rateId}.x`, 'r1.a$b.c'])
      expect(() => verifyRateId(bad, 'demo', key, now)).toThrow(/malformed/);
    expect(() => verifyRateId(rateId, 'demo', key, new Date('2027-01-01T00:30:00Z'))).toThrow(/expired/);
  });
});
