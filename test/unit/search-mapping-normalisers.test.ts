/**
 * The matcher's normalisers on address, phone and name forms taken from real hotels' listings (the same
 * hotels as test/fixtures/real-hotels/): each case is two ways suppliers write one thing, or two things
 * that must stay apart.
 */
import { describe, expect, it } from 'vitest';
import { compareHouseNumbers, normaliseAddress } from '../../functions/search/mapping/address-normalisation.js';
import { matchProfile } from '../../functions/search/mapping/match-profile.js';
import { normaliseName } from '../../functions/search/mapping/name-normalisation.js';
import { MATCH_THRESHOLD, scorePair } from '../../functions/search/mapping/pair-score.js';
import { normalisePhone } from '../../functions/search/mapping/phone-normalisation.js';

const address = (line: string, countryCode: string, city = 'X') => normaliseAddress({ line, city, countryCode });

describe('addresses as suppliers write them', () => {
  it.each([
    ['Grunerstr. 11', 'Grunerstraße, 11', 'DE'],
    ['Philharmoniker Straße, 4', '4 Philharmonikerstr.', 'AT'],
    ['Avenue Montaigne, 25', '25 Av. Montaigne', 'FR'],
    ['Boulevard Raspail, 45', 'Bd Raspail 45', 'FR'],
    ['C/ Carrera de San Jerónimo 34', '34 Carrera de San Jeronimo', 'ES'],
    ['Carrer de Balmes, 38', 'C. de Balmes 38', 'ES'],
    ['Edgware Road, 225', '225 Edgware Rd', 'GB'],
    ['St Thomas Street, 31', '31 St. Thomas St', 'GB'],
    ['Portland Place, 1C', '1c Portland Pl', 'GB'],
    ['Tverskaya Street, 3', 'Тверская ул., 3', 'RU'],
    ['Mokhovaya Street, 15/1', 'ул. Моховая, 15/1', 'RU'],
    ['Nikodimou, 18', 'Νικοδήμου 18', 'GR'],
    ['Meşrutiyet Caddesi, 52', 'Mesrutiyet Cad. No:52, Tepebasi, Beyoglu', 'TR'],
    ['U Obecního domu, 1', 'U Obecniho domu 1080/1', 'CZ'],
    ['Gran Vía, 64, 8º', '64 Gran Via, Floor 8', 'ES'],
    ['Saint Thomas Street 31, Level 35', '31 St Thomas St', 'GB'],
  ])('%s and %s are one street and number', (left, right, country) => {
    const a = address(left, country);
    const b = address(right, country);
    // The matcher's test: the cores agree, or the streets with their spaces taken out ("Gruner Str." / "Grunerstraße").
    expect(a.core === b.core || a.street.replace(/ /g, '') === b.street.replace(/ /g, ''), `${a.street} / ${b.street}`).toBe(true);
    expect(a.number?.text).toBe(b.number?.text);
    expect(a.confident && b.confident).toBe(true);
  });

  it('reads ranges and suffixes: "18-20" holds 18, "31 bis" is "31B", "31" and "31 bis" are neighbours', () => {
    const range = address('Avenue de Suffren, 18-20', 'FR').number!;
    expect(range).toMatchObject({ from: 18, to: 20 });
    expect(compareHouseNumbers(range, address('18 Avenue de Suffren', 'FR').number!)).toBe('same');
    expect(compareHouseNumbers(range, address('24 Avenue de Suffren', 'FR').number!)).toBe('different');
    expect(address('31 bis Rue du Faubourg Saint-Antoine', 'FR').number?.text).toBe(
      address('Rue du Faubourg Saint-Antoine 31B', 'FR').number?.text,
    );
    expect(compareHouseNumbers(address('Rue de Lyon 31', 'FR').number!, address('Rue de Lyon 31 bis', 'FR').number!)).toBe('compatible');
    expect(compareHouseNumbers(address('Rue de Lyon 31 bis', 'FR').number!, address('Rue de Lyon 31 ter', 'FR').number!)).toBe('different');
  });

  it('keeps a Japanese block number whole, and does not claim to read a street in Japanese', () => {
    const english = address('1-1-1 Uchisaiwaicho, Chiyoda-ku', 'JP');
    const japanese = address('東京都千代田区内幸町1-1-1', 'JP');
    expect(english.number?.text).toBe('1-1-1');
    expect(japanese.number?.text).toBe('1-1-1');
    expect(english.confident).toBe(true);
    expect(japanese.confident).toBe(false);
  });

  it('keeps two streets apart, and ordinals in street names out of the house number', () => {
    expect(address('Ploenchit Road, 973', 'TH').core).not.toBe(address('Oriental Avenue, 48', 'TH').core);
    const edison = address('228 W 47th St', 'US');
    expect(edison.number?.text).toBe('228');
    expect(edison.core).toContain('47th');
  });
});

describe('phones as suppliers write them', () => {
  it.each([
    ['+44 (0)20 7836 4343', 'GB'],
    ['44-20-7836-4343', 'GB'],
    ['020 7836 4343', 'GB'],
    ['0044 20 7836 4343', 'GB'],
  ])('%s is +442078364343', (text, country) => {
    expect(normalisePhone(text, country)).toEqual({ e164: '+442078364343', confident: true });
  });

  it.each([
    ['(212) 759-3000', 'US', '+12127593000'],
    ['1-212-759-3000', 'US', '+12127593000'],
    ['212.888.7000', 'US', '+12128887000'],
    ['03-3504-1111', 'JP', '+81335041111'],
    ['8 (499) 501-78-00', 'RU', '+74995017800'],
    ['06 699340', 'IT', '+3906699340'],
    ['0212 377 40 00', 'TR', '+902123774000'],
    ['917016767', 'ES', '+34917016767'],
    ['+43 (0)1 514560', 'AT', '+431514560'],
  ])('%s in %s is %s', (text, country, e164) => {
    expect(normalisePhone(text, country)?.e164).toBe(e164);
  });

  it('reads nothing from too few digits, and a national number without its country is not guessed', () => {
    expect(normalisePhone('12345', 'GB')).toBeUndefined();
    expect(normalisePhone('020 7836 4343', undefined)).toBeUndefined();
  });
});

describe('names', () => {
  it.each([
    ['The Savoy, A Fairmont Managed Hotel', 'The Savoy'],
    ['Hotel Grande Bretagne, a Luxury Collection Hotel, Athens', 'Hotel Grande Bretagne'],
    ['Courtyard by Marriott New York Manhattan/Central Park', 'Courtyard New York Manhattan/Central Park'],
    ['Baglioni Hotel Regina - The Leading Hotels of the World', 'Baglioni Hotel Regina'],
    ['Hotel Urban, a member of Derby Hotels Collection', 'Hotel Urban'],
    ['Hotel Artemide Rome', 'Hotel Artemide'],
  ])('"%s" is "%s"', (written, plain) => {
    expect(normaliseName(written, ['Roma', 'Rome', 'Athens', 'New York']).tokens).toEqual(
      normaliseName(plain, ['Roma', 'Rome', 'Athens', 'New York']).tokens,
    );
  });
});

describe('evidence only from what was read with confidence', () => {
  const listing = (name: string, line: string, phone: string | undefined, lat: number, lng: number) =>
    matchProfile({
      supplierId: phone ? 'a' : 'b',
      supplierPropertyId: name,
      name,
      geo: { lat, lng },
      cityCode: 'PAR',
      address: { line, postalCode: '75012', city: 'Paris', countryCode: 'FR' },
      ...(phone ? { phone } : {}),
    });

  it('identical names within 50 m in one postal code are one hotel even when the address reads apart', () => {
    const a = listing('Hotel Paris Bastille', 'Rue de Lyon, 31', '+33 1 43 42 30 00', 48.8442, 2.3745);
    const b = listing('Hotel Paris Bastille', 'Bastille, entrance Rue de Lyon', undefined, 48.8444, 2.3747);
    expect(scorePair(a, b).score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('but not when both phones were read and disagree', () => {
    const a = matchProfile({
      supplierId: 'a',
      supplierPropertyId: '1',
      name: 'Hostal Gran Via',
      geo: { lat: 40.4221, lng: -3.7098 },
      address: { line: 'Gran Vía, 64', postalCode: '28013', city: 'Madrid', countryCode: 'ES' },
      phone: '+34 915 483 328',
    });
    const b = matchProfile({
      supplierId: 'b',
      supplierPropertyId: '2',
      name: 'Hostal Gran Via',
      geo: { lat: 40.4222, lng: -3.7097 },
      address: { line: '64 Gran Via', postalCode: '28013', city: 'Madrid', countryCode: 'ES' },
      phone: '915 479 000',
    });
    expect(scorePair(a, b).parts.identicalName).toBeUndefined();
    expect(scorePair(a, b).parts.phone).toBeLessThan(0);
  });
});
