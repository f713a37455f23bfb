import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderVoucherPdf } from '../../functions/booking/voucher/render/render-voucher-pdf.js';
import type { VoucherContent } from '../../functions/booking/voucher/render/voucher-content.js';
import { VOUCHER_FONT_FILES, voucherFontDir } from '../../functions/booking/voucher/render/voucher-fonts.js';

const issuedAt = new Date('2026-11-02T09:41:30Z');

const paris: VoucherContent = {
  bookingId: 'BK-7Q2M9X4T',
  status: 'confirmed',
  supplierId: 'hotelbeds',
  supplierReference: '102-4471932',
  clientReference: 'ACME-TRIP-00042',
  createdAt: '2026-11-02T09:41:07Z',
  holder: { firstName: 'Zoë', lastName: 'Ødegård', email: 'zoe.odegard@example.com', phone: '+47 912 34 567' },
  property: {
    propertyId: 'P-PAR-0001',
    name: 'Hôtel Le Marais',
    starRating: 4,
    address: { line: '12 rue des Archives', postalCode: '75004', city: 'Paris', countryCode: 'FR' },
    phone: '+33 1 42 72 00 00',
    email: 'reception@marais.example',
    timeZone: 'Europe/Paris',
    checkInTime: '15:00',
    checkOutTime: '11:00',
  },
  stay: { checkIn: '2026-12-18', checkOut: '2026-12-21', nights: 3 },
  rooms: [
    {
      roomTypeName: 'Deluxe Double Room',
      boardBasis: 'BB',
      guests: [
        { type: 'adult', firstName: 'Zoë', lastName: 'Ødegård' },
        { type: 'adult', firstName: 'Łukasz', lastName: 'Żółć' },
        { type: 'child', firstName: 'Mia', lastName: 'Ødegård', age: 7 },
      ],
    },
    {
      roomTypeName: 'Superior Twin Room',
      boardBasis: 'HB',
      guests: [
        { type: 'adult', firstName: 'Δημήτρης', lastName: 'Παπαδόπουλος' },
        { type: 'adult', firstName: 'Анна', lastName: 'Иванова' },
        { type: 'adult', firstName: '山田', lastName: 'Tarō' },
      ],
    },
  ],
  cancellationPolicy: [
    { from: '2026-12-14T23:00:00Z', penalty: { amount: '215.40', currency: 'EUR' } },
    { from: '2026-12-17T23:00:00Z', penalty: { amount: '1234.50', currency: 'EUR' } },
  ],
  refundable: true,
  price: { total: '1234.50', currency: 'EUR', tax: '112.23', serviceFee: '12.00', payment: 'net' },
};

const tokyo: VoucherContent = {
  ...paris,
  bookingId: 'BK-JP000001',
  supplierId: 'expedia',
  supplierReference: '7788123',
  holder: { firstName: 'Ken', lastName: 'Sato' },
  property: {
    propertyId: 'P-TYO-1',
    name: 'Shinjuku Garden Hotel',
    timeZone: 'Asia/Tokyo',
    address: { line: '3-2-1 Nishi-Shinjuku', postalCode: '160-0023', city: 'Tokyo', countryCode: 'JP' },
  },
  rooms: [{ roomTypeName: 'Standard Single', boardBasis: 'RO', guests: [{ type: 'adult', firstName: 'Ken', lastName: 'Sato' }] }],
  cancellationPolicy: [{ from: '2027-03-29T15:00:00Z', penalty: { amount: '12000', currency: 'JPY' } }],
  price: {
    total: '1234567',
    currency: 'JPY',
    tax: '112233',
    serviceFee: '0',
    payment: 'pay_at_hotel',
    payableAtHotel: { amount: '1234567', currency: 'JPY' },
  },
};

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('voucher PDF', () => {
  it('prints guest names in Latin, Greek and Cyrillic scripts, the property, references and the locked EUR total', async () => {
    const bytes = await renderVoucherPdf(paris, { issuedAt });
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const name of ['Zoë Ødegård', 'Łukasz Żółć', 'Δημήτρης Παπαδόπουλος', 'Анна Иванова']) expect(text).toContain(name);
    expect(text).toContain('Hotel voucher');
    expect(text).toContain('CONFIRMED');
    expect(text).toContain('Hôtel Le Marais');
    expect(text).toContain('12 rue des Archives');
    expect(text).toContain('75004 Paris');
    expect(text).toContain('France');
    expect(text).toContain('+33 1 42 72 00 00');
    expect(text).toContain('reception@marais.example');
    expect(text).toContain('102-4471932');
    expect(text).toContain('ACME-TRIP-00042');
    expect(text).toContain('BK-7Q2M9X4T');
    expect(text).toContain('Fri 18 Dec 2026, from 15:00');
    expect(text).toContain('Mon 21 Dec 2026, until 11:00');
    expect(text).toContain('Bed and breakfast');
    expect(text).toContain('Half board');
    expect(text).toContain('Mia Ødegård (child, age 7)');
    expect(text).toMatch(/Total \(as locked at booking\)\s+1,234\.50 EUR/);
    expect(text).toContain('112.23 EUR');
    expect(text).toContain('12.00 EUR');
    expect(text).toContain('Issued 2026-11-02 09:41:30 UTC');
  });

  it('gives each cancellation deadline in UTC and in the hotel local time (23:00 UTC is midnight in Paris)', async () => {
    const text = await pdfText(await renderVoucherPdf(paris, { issuedAt }));
    expect(text).toContain('Free cancellation until 2026-12-14 23:00 UTC (Tue 15 Dec 2026 00:00 CET hotel time)');
    expect(text).toMatch(/2026-12-14 23:00 UTC\s+Tue 15 Dec 2026 00:00 CET\s+215\.40 EUR/);
    expect(text).toMatch(/2026-12-17 23:00 UTC\s+Fri 18 Dec 2026 00:00 CET\s+1,234\.50 EUR/);
  });

  it('prints a name in a script the font shapes with its universal shaper (Tifinagh, written in Morocco)', async () => {
    // The hostile-input run found these failing the voucher: fontkit's shaper for them needs regeneratorRuntime.
    const amazigh: VoucherContent = {
      ...paris,
      holder: { firstName: 'ⵜⴰⵙⵍⵉⵜ', lastName: 'ⴰⵎⴰⵣⵉⵖ' },
      rooms: [{ ...paris.rooms[0]!, guests: [{ type: 'adult', firstName: 'ⵜⴰⵙⵍⵉⵜ', lastName: 'ⴰⵎⴰⵣⵉⵖ' }] }],
    };
    const text = await pdfText(await renderVoucherPdf(amazigh, { issuedAt }));
    expect(text).toContain('ⵜⴰⵙⵍⵉⵜ ⴰⵎⴰⵣⵉⵖ');
  });

  it('replaces characters the font lacks (CJK) by a visible "?" instead of failing', async () => {
    const text = await pdfText(await renderVoucherPdf(paris, { issuedAt }));
    expect(text).toContain('?? Tarō (adult)');
    expect(text).not.toContain('山田');
  });

  it('prints JPY in whole units, the zone name where there is no abbreviation, and the pay-at-hotel amount', async () => {
    const text = await pdfText(await renderVoucherPdf(tokyo, { issuedAt }));
    expect(text).toMatch(/Total \(as locked at booking\)\s+1,234,567 JPY/);
    expect(text).not.toMatch(/1,234,567\.\d/);
    expect(text).toMatch(/2027-03-29 15:00 UTC\s+Tue 30 Mar 2027 00:00 Asia\/Tokyo\s+12,000 JPY/);
    expect(text).toContain('Pay at the hotel: the guest pays 1,234,567 JPY directly to the hotel.');
    expect(text).toContain('Room only');
  });

  it('keeps the three decimals of BHD as locked', async () => {
    const text = await pdfText(
      await renderVoucherPdf(
        {
          ...tokyo,
          cancellationPolicy: [],
          price: { total: '10.250', currency: 'BHD', tax: '0.900', serviceFee: '0.000', payment: 'net' },
        },
        { issuedAt },
      ),
    );
    expect(text).toMatch(/Total \(as locked at booking\)\s+10\.250 BHD/);
    expect(text).toContain('0.900 BHD');
    expect(text).toContain('Free cancellation until arrival.');
  });

  it('says a cancelled booking is cancelled, when, and the penalty charged', async () => {
    const text = await pdfText(
      await renderVoucherPdf(
        {
          ...paris,
          status: 'cancelled',
          cancellation: { cancelledAt: '2026-12-15T08:30:00Z', penalty: { amount: '215.40', currency: 'EUR' } },
        },
        { issuedAt },
      ),
    );
    expect(text).toContain('CANCELLED');
    expect(text).toContain('This voucher is NOT valid for a stay.');
    expect(text).not.toContain('CONFIRMED');
    expect(text).toMatch(/Cancelled at\s+2026-12-15 08:30 UTC \(Tue 15 Dec 2026 09:30 CET hotel time\)/);
    expect(text).toMatch(/Cancellation penalty\s+215\.40 EUR/);
  });

  it('says so when the rate is non-refundable', async () => {
    const text = await pdfText(await renderVoucherPdf({ ...paris, refundable: false, cancellationPolicy: [] }, { issuedAt }));
    expect(text).toContain('Non-refundable: the full price (1,234.50 EUR) is charged on cancellation or no-show.');
    expect(text).not.toContain('Free cancellation');
  });

  it('wraps long names and addresses inside the page instead of cutting them off', async () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegt';
    const bytes = await renderVoucherPdf(
      {
        ...paris,
        holder: { ...paris.holder!, lastName: long },
        property: {
          ...paris.property,
          name: `Grand Hôtel ${long} et de la Plage`,
          address: { line: `${long} ${long}`, city: 'Paris', countryCode: 'FR' },
        },
      },
      { issuedAt },
    );
    const pdf = await getDocumentProxy(bytes.slice());
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [, , pageWidth] = page.view as [number, number, number, number];
      const { items } = await page.getTextContent();
      for (const item of items) {
        if (!('transform' in item)) continue;
        const x = item.transform[4] as number;
        expect(x).toBeGreaterThanOrEqual(40);
        expect(x + item.width).toBeLessThanOrEqual(pageWidth - 40);
      }
    }
    expect((await pdfText(bytes)).replace(/\s+/g, '')).toContain(long);
  });
});

describe('voucher fonts', () => {
  it('come from VOUCHER_FONT_DIR when set, else from the dejavu-fonts-ttf package', () => {
    expect(voucherFontDir({ VOUCHER_FONT_DIR: '/var/task/fonts' })).toBe('/var/task/fonts');
    expect(voucherFontDir({ VOUCHER_FONT_DIR: 'fonts' })).toBe(resolve('fonts'));
    const dir = voucherFontDir({});
    expect(existsSync(join(dir, VOUCHER_FONT_FILES.regular))).toBe(true);
    expect(existsSync(join(dir, VOUCHER_FONT_FILES.bold))).toBe(true);
  });
});
