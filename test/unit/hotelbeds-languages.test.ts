import { describe, expect, it } from 'vitest';
import { hotelbedsLanguage, languageOfHotelbedsCode } from '../../functions/suppliers/hotelbeds/languages.js';

describe("Hotelbeds' language codes", () => {
  it('are its own codes, not ISO 639-2: German is ALE as a live types/languages answer names it, Dutch HOL, Spanish CAS', () => {
    expect(hotelbedsLanguage('de-DE')).toBe('ALE');
    expect(hotelbedsLanguage('nl')).toBe('HOL');
    expect(hotelbedsLanguage('es-419')).toBe('CAS');
    expect(hotelbedsLanguage('EN-gb')).toBe('ENG');
  });

  it('ask any other language in English, which every Hotelbeds text has', () => {
    expect(hotelbedsLanguage('is')).toBe('ENG');
    expect(hotelbedsLanguage('')).toBe('ENG');
  });

  it('read back as the language they stand for (the sandbox answers in it)', () => {
    expect(languageOfHotelbedsCode('ALE')).toBe('de');
    expect(languageOfHotelbedsCode('HOL')).toBe('nl');
    expect(languageOfHotelbedsCode('GER')).toBeUndefined();
  });
});
