import { describe, expect, it } from 'vitest';
import { renderVoucherHtml } from '../../functions/booking/voucher/render/render-voucher-html.js';
import type { VoucherContent } from '../../functions/booking/voucher/render/voucher-content.js';

const issuedAt = new Date('2026-11-02T09:41:30Z');

const content: VoucherContent = {
  bookingId: 'BK-7Q2M9X4T',
  status: 'confirmed',
  supplierId: 'hotelbeds',
  supplierReference: '102-4471932',
  clientReference: 'ACME "TRIP" 42',
  createdAt: '2026-11-02T09:41:07Z',
  holder: { firstName: 'Zoë', lastName: 'Ødegård', email: 'zoe@example.com' },
  property: {
    propertyId: 'P-PAR-0001',
    name: 'Hôtel Le Marais & Spa',
    starRating: 4,
    address: { line: '12 rue des Archives', postalCode: '75004', city: 'Paris', countryCode: 'FR' },
    phone: '+33 1 42 72 00 00',
    timeZone: 'Europe/Paris',
    checkInTime: '15:00',
  },
  stay: { checkIn: '2026-12-18', checkOut: '2026-12-21', nights: 3 },
  rooms: [
    {
      roomTypeName: 'Deluxe Double Room',
      boardBasis: 'AI',
      guests: [
        { type: 'adult', firstName: '<script>alert(1)</script>', lastName: 'Иванова' },
        { type: 'child', firstName: 'Δημήτρης', lastName: 'Παπαδόπουλος', age: 9 },
      ],
    },
  ],
  cancellationPolicy: [{ from: '2026-12-14T23:00:00Z', penalty: { amount: '215.40', currency: 'EUR' } }],
  refundable: true,
  price: { total: '1234.50', currency: 'EUR', tax: '112.23', serviceFee: '12.00', payment: 'net' },
};

describe('voucher HTML', () => {
  it('escapes markup in guest names and references instead of running it', () => {
    const html = renderVoucherHtml(content, { issuedAt });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Иванова (adult)');
    expect(html).toContain('ACME &quot;TRIP&quot; 42');
    expect(html).toContain('Hôtel Le Marais &amp; Spa');
  });

  it('shows the same facts as the PDF: guests, stay, deadlines in UTC and hotel time, locked total', () => {
    const html = renderVoucherHtml(content, { issuedAt });
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('Δημήτρης Παπαδόπουλος (child, age 9)');
    expect(html).toContain('All inclusive');
    expect(html).toContain('102-4471932 (hotelbeds)');
    expect(html).toContain('12 rue des Archives');
    expect(html).toContain('Fri 18 Dec 2026, from 15:00');
    expect(html).toContain('<td>2026-12-14 23:00 UTC</td><td>Tue 15 Dec 2026 00:00 CET</td><td>215.40 EUR</td>');
    expect(html).toContain('Free cancellation until 2026-12-14 23:00 UTC (Tue 15 Dec 2026 00:00 CET hotel time).');
    expect(html).toContain('<dt>Total (as locked at booking)</dt><dd>1,234.50 EUR</dd>');
    expect(html).toContain('Issued 2026-11-02 09:41:30 UTC');
  });

  it('loads nothing from elsewhere (works offline and in mail clients that block remote content)', () => {
    const html = renderVoucherHtml(content, { issuedAt });
    expect(html).not.toMatch(/<link|<img|<script|\bsrc=|\bhref=|url\(|@import/i);
    expect(html).toContain('<style>');
  });

  it('marks a cancelled booking as cancelled and not valid', () => {
    const html = renderVoucherHtml(
      {
        ...content,
        status: 'cancelled',
        cancellation: { cancelledAt: '2026-12-15T08:30:00Z', penalty: { amount: '215.40', currency: 'EUR' } },
      },
      { issuedAt },
    );
    expect(html).toContain('<div class="banner cancelled"><strong>CANCELLED</strong>');
    expect(html).toContain('This voucher is NOT valid for a stay.');
    expect(html).toContain('<dt>Cancelled at</dt><dd>2026-12-15 08:30 UTC (Tue 15 Dec 2026 09:30 CET hotel time)</dd>');
  });
});
