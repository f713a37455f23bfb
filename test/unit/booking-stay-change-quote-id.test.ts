import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decide } from '../../functions/domain/booking/booking-lifecycle.js';
import { historyOf } from '../../functions/domain/booking/history-entry.js';
import {
  QuoteIdError,
  signQuoteId,
  verifyQuoteId,
  type StayChangeTicket,
} from '../../functions/booking/modification/stay-change-quote-id.js';

const key = randomBytes(32);
const ticket: StayChangeTicket = {
  bookingId: 'BK0F3M9Q2X7Z4W8N1RAB',
  changeId: 'chg_1',
  quotedAt: '2027-02-20T10:15:00.000Z',
  expiresAt: '2027-02-20T10:30:00.000Z',
  from: { checkIn: '2027-03-01', checkOut: '2027-03-04', total: '401.80' },
  to: { checkIn: '2027-03-02', checkOut: '2027-03-05', occupancies: [{ adults: 1, children: [8] }] },
  supplier: { price: { amount: '345.00', currency: 'EUR' }, cancellationPolicy: [{ from: '2027-02-27T23:00:00.000Z', amount: '115.00' }] },
  price: { net: '345.00', markup: '34.50', commission: '0.00', tax: '37.95', serviceFee: '2.00', total: '419.45', payableAtHotel: '0.00' },
};
const before = new Date('2027-02-20T10:20:00.000Z');

describe("a stay change's quoteId", () => {
  it('reads back as signed, for its tenant, until it expires', () => {
    const quoteId = signQuoteId(ticket, 'demo', key);
    expect(verifyQuoteId(quoteId, 'demo', key, before)).toEqual(ticket);
    expect(() => verifyQuoteId(quoteId, 'demo', key, new Date('2027-02-20T10:30:00.000Z'))).toThrow(new QuoteIdError('expired'));
  });

  it('is refused when forged, altered, of another tenant or signed with another key', () => {
    const quoteId = signQuoteId(ticket, 'demo', key);
    const [prefix, body, mac] = quoteId.split('.');
    const altered = Buffer.from(JSON.stringify({ ...ticket, price: { ...ticket.price, total: '0.01' } })).toString('base64url');
    for (const [forged, problem] of [
      [`${prefix}.${altered}.${mac}`, 'forged'],
      // The signature's first character: its last one carries base64url padding bits, which decode to the same bytes.
      [`${prefix}.${body}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`, 'forged'],
      ['q1.not json.AAAA', 'malformed'],
      [`r1.${body}.${mac}`, 'malformed'],
    ] as const)
      expect(() => verifyQuoteId(forged, 'demo', key, before)).toThrow(new QuoteIdError(problem));
    expect(() => verifyQuoteId(quoteId, 'acme', key, before)).toThrow(new QuoteIdError('forged'));
    expect(() => verifyQuoteId(quoteId, 'demo', randomBytes(32), before)).toThrow(new QuoteIdError('forged'));
  });
});

describe("a stay change in the booking's lifecycle", () => {
  const confirmed = {
    status: 'confirmed' as const,
    history: [
      { at: '2027-02-01T10:00:00.000Z', event: 'confirmed' },
      { at: '2027-02-01T10:00:02.000Z', event: 'voucher-issued' },
    ],
  };

  it('calls for a new voucher once the stay changed, and tells the change as partners and finance read it', () => {
    const events = [
      {
        type: 'stay-changed' as const,
        at: '2027-02-20T10:16:00.000Z',
        supplierId: 'hotelbeds',
        changeId: 'chg_1',
        from: { checkIn: '2027-03-01', checkOut: '2027-03-04' },
        to: { checkIn: '2027-03-02', checkOut: '2027-03-05' },
        previousTotal: { amount: '401.80', currency: 'EUR' },
        total: { amount: '419.45', currency: 'EUR' },
        lookedUp: false,
      },
    ];
    const changed = { ...confirmed, history: [...confirmed.history, ...historyOf(events)] };
    expect(changed.history.at(-1)).toEqual({
      at: '2027-02-20T10:16:00.000Z',
      event: 'stay-changed',
      detail: 'stay changed at hotelbeds (chg_1): 2027-03-01..2027-03-04 to 2027-03-02..2027-03-05, total 401.80 to 419.45 EUR',
    });
    expect(decide(confirmed, { kind: 'issue-voucher', at: '2027-02-20T10:17:00.000Z', bytes: 1 }).accepted).toBe(false);
    expect(decide(changed, { kind: 'issue-voucher', at: '2027-02-20T10:17:00.000Z', bytes: 1 }).accepted).toBe(true);
  });

  it('settles only the change it asked: another change id is refused', () => {
    const changing = { ...confirmed, stayChange: { changeId: 'chg_1' } };
    const drop = { kind: 'drop-stay-change' as const, at: '2027-02-20T10:16:00.000Z', supplierId: 'hotelbeds', why: 'refused' };
    expect(decide(changing, { ...drop, changeId: 'chg_2' })).toMatchObject({
      accepted: false,
      refusal: { reason: 'no-stay-change-requested' },
    });
    expect(decide(changing, { ...drop, changeId: 'chg_1' }).accepted).toBe(true);
  });
});
