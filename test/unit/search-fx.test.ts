import { describe, expect, it } from 'vitest';
import { ECB_SNAPSHOT_DATE, EMBEDDED_REFERENCE_SNAPSHOT } from '../../functions/domain/fx/ecb-reference-snapshot.js';
import { FxUnavailableError } from '../../functions/domain/fx/fx-rates.js';
import { IDENTITY_SOURCE, ReferenceFxRates, embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';

const REQUIRED = [
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CHF',
  'AED',
  'SGD',
  'THB',
  'CZK',
  'HUF',
  'TRY',
  'KRW',
  'SEK',
  'DKK',
  'NOK',
  'PLN',
  'AUD',
  'CAD',
  'HKD',
  'MXN',
  'BRL',
  'ZAR',
  'EGP',
  'MAD',
  'ISK',
  'BHD',
];

describe('embedded ECB reference rates', () => {
  it('quotes every currency the search sells in, between every pair', () => {
    expect(embeddedFxRates.currencies()).toEqual(expect.arrayContaining(REQUIRED));
    for (const from of REQUIRED) {
      for (const to of REQUIRED) {
        const quote = embeddedFxRates.rate(from, to);
        expect(quote.rate).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(quote.rate)).toBeGreaterThan(0);
      }
    }
  });

  it('gives EUR→X as the published figure itself, trailing zeros and all', () => {
    expect(embeddedFxRates.rate('EUR', 'USD')).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: '1.0411',
      source: `ECB reference rates (embedded snapshot ${ECB_SNAPSHOT_DATE})`,
      asOf: '2025-02-28',
    });
    expect(embeddedFxRates.rate('EUR', 'JPY').rate).toBe('156.96');
    expect(embeddedFxRates.rate('EUR', 'HUF').rate).toBe('399.5');
    expect(embeddedFxRates.rate('EUR', 'GBP').rate).toBe('0.82608');
  });

  it('is exactly "1" for the identity, even for a currency it does not quote', () => {
    expect(embeddedFxRates.rate('JPY', 'JPY')).toMatchObject({ rate: '1', source: IDENTITY_SOURCE });
    expect(embeddedFxRates.rate('KWD', 'KWD').rate).toBe('1');
  });

  it('crosses through EUR in decimal, rounded half up to 12 significant digits', () => {
    // Reference values computed independently (Python decimal): 1 / 1.0411, 156.96 / 1.0411, 0.82608 / 1.0411.
    expect(embeddedFxRates.rate('USD', 'EUR').rate).toBe('0.960522524253');
    expect(embeddedFxRates.rate('USD', 'JPY').rate).toBe('150.763615407');
    expect(embeddedFxRates.rate('USD', 'GBP').rate).toBe('0.793468446835');
    // Not a binary-float quotient printed as text.
    expect(embeddedFxRates.rate('USD', 'JPY').rate).not.toBe(String(156.96 / 1.0411));
  });

  it('derives pegged currencies through the ECB USD rate and says so in the source', () => {
    const aed = embeddedFxRates.rate('EUR', 'AED');
    expect(aed.rate).toBe('3.82343975'); // 3.6725 × 1.0411, exact
    expect(aed.source).toContain('Central Bank of the UAE');
    expect(aed.source).toContain('ECB');
    const bhd = embeddedFxRates.rate('GBP', 'BHD');
    expect(bhd.rate).toBe('0.473868874685'); // (0.376 × 1.0411) / 0.82608
    expect(bhd.source).toContain('Central Bank of Bahrain');
    expect(embeddedFxRates.rate('EUR', 'EGP').source).toContain('indicative approximation');
    expect(embeddedFxRates.rate('EUR', 'MAD').source).toContain('not an official rate');
  });

  it('refuses a currency it has no figure for instead of guessing', () => {
    expect(() => embeddedFxRates.rate('EUR', 'KWD')).toThrow(FxUnavailableError);
    expect(() => embeddedFxRates.rate('XXX', 'EUR')).toThrow(/XXX is not in/);
    expect(() => embeddedFxRates.rate('eur', 'USD')).toThrow(FxUnavailableError);
  });

  it('stamps the snapshot date whatever date was asked for (one snapshot, one date)', () => {
    expect(embeddedFxRates.rate('USD', 'EUR', '2026-07-01T10:00:00.000Z').asOf).toBe('2025-02-28');
  });

  it('can be replaced: the same class serves another snapshot, and ratesFor resolves to usable rates', async () => {
    const live = new ReferenceFxRates({
      asOf: '2026-01-02',
      source: 'test feed',
      perEur: { USD: '1.25', JPY: '150' },
      perUsd: { AED: { perUsd: '3.6725', source: 'test peg' } },
    });
    const rates = await live.ratesFor('2026-01-02');
    expect(rates.rate('USD', 'JPY')).toEqual({ from: 'USD', to: 'JPY', rate: '120', source: 'test feed', asOf: '2026-01-02' });
    expect(rates.rate('EUR', 'AED')).toMatchObject({ rate: '4.590625', source: 'test feed + test peg' });
    expect(rates.rate('JPY', 'AED').source).toBe('test feed + test peg');
    expect(() => new ReferenceFxRates({ ...EMBEDDED_REFERENCE_SNAPSHOT, perEur: { JPY: '0' } })).toThrow(/positive/);
    expect(
      () => new ReferenceFxRates({ asOf: 'x', source: 's', perEur: {}, perUsd: { AED: { perUsd: '3.6725', source: 'peg' } } }),
    ).toThrow(/USD/);
  });
});
