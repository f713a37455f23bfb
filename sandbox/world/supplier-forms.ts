/**
 * How real suppliers write a hotel's address line and phone, applied to the world's hotels so that every
 * sandbox search and mapping job meets them (issue 25): street types abbreviated the local way ("Str.",
 * "C/", "Bd", "Av.", "Rd", "Pl."), house numbers as ranges, with "bis" or a letter, units and floors
 * appended, and phones with the trunk prefix in brackets, without "+", in national form, with the
 * international prefix, or missing. Each supplier keeps its own order of street and number (Hotelbeds
 * "street, number", Expedia "number street", OpenTravel "street number"). Drawn from its own stream per
 * supplier and hotel, so the world's other distortions are unchanged by it.
 */
import type { Rng } from './prng.js';
import type { Address } from './types.js';

type SupplierOrder = 'hotelbeds' | 'expedia' | 'opentravel';

/** Local abbreviations of street types, as suppliers' content writes them. */
const STREET_ABBREVIATIONS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\bStreet\b/, ['St', 'St.']],
  [/\bRoad\b/, ['Rd', 'Rd.']],
  [/\bAvenue\b/, ['Ave', 'Av.']],
  [/\bBoulevard\b/, ['Bd', 'Blvd']],
  [/\bSquare\b/, ['Sq.', 'Sq']],
  [/\bPlace\b/, ['Pl.']],
  [/\bLane\b/, ['Ln']],
  [/^Rue\b/, ['R.']],
  [/^Avenida\b/, ['Av.']],
  [/^Calle\b/, ['C/', 'C.']],
  [/^Carrer\b/, ['C.', 'C/']],
  [/^Via\b/, ['V.']],
  [/^Piazza\b/, ['P.za']],
  [/^Rua\b/, ['R.']],
  [/straße\b/, ['str.', 'strasse']],
  [/strasse\b/, ['str.']],
  [/^Platz\b/, ['Pl.']],
  [/gasse\b/, ['g.']],
  [/\bulitsa\b/i, ['ul.']],
  [/\bCaddesi\b/, ['Cad.']],
  [/\bSokak\b/, ['Sok.']],
];

/** National trunk prefixes where the world's phones have one ("+44 20 ..." is "020 ..." at home). */
const TRUNK_PREFIX: Readonly<Record<string, string>> = {
  GB: '0',
  FR: '0',
  JP: '0',
  TH: '0',
  TR: '0',
  DE: '0',
  NL: '0',
  RU: '8',
  AT: '0',
  KR: '0',
  AU: '0',
  IE: '0',
  EG: '0',
  BR: '0',
  SE: '0',
  AR: '0',
  ZA: '0',
  MA: '0',
  AE: '0',
  US: '1',
  CA: '1',
  HU: '06',
};

export function supplierAddressLine(rng: Rng, supplier: SupplierOrder, address: Address): string {
  let street = address.street;
  if (rng.chance(0.2)) {
    const rule = STREET_ABBREVIATIONS.find(([pattern]) => pattern.test(street));
    if (rule) street = street.replace(rule[0], rng.pick(rule[1]));
  }
  let number = address.number;
  const roll = rng.next();
  if (roll < 0.04 && /^\d+$/.test(number))
    number = `${number}-${Number(number) + 2}`; // "18-20": the building's two doors
  else if (roll < 0.08 && /bis$/.test(number)) number = `${number.slice(0, -3)} ${rng.pick(['bis', 'Bis', 'B'])}`;
  else if (roll < 0.08 && /[A-Z]$/.test(number)) number = `${number.slice(0, -1)}${rng.pick([' ', ''])}${number.slice(-1).toLowerCase()}`;
  const unit = rng.chance(0.04) ? `, ${rng.pick(['2nd Floor', 'Floor 3', 'Suite 100', 'Unit 2'])}` : '';
  switch (supplier) {
    case 'hotelbeds':
      return `${street}, ${number}${unit}`;
    case 'expedia':
      return `${number} ${street}${unit}`;
    case 'opentravel':
      return `${street} ${number}${unit}`.trim();
  }
}

/** The world's phone ("+44 20 1234 5678") as a supplier writes it; undefined when it sends none. */
export function supplierPhone(rng: Rng, phone: string, countryCode: string): string | undefined {
  const roll = rng.next();
  if (roll < 0.03) return undefined;
  const [, callingCode = '', rest = ''] = /^\+(\d+) (.*)$/.exec(phone) ?? [];
  const trunk = TRUNK_PREFIX[countryCode];
  if (roll < 0.1 && trunk === '0') return `+${callingCode} (0)${rest}`;
  if (roll < 0.17) return `${callingCode}-${rest.replace(/ /g, '-')}`;
  if (roll < 0.24) return `00${callingCode} ${rest}`;
  if (roll < 0.32 && trunk !== undefined) return `${trunk}${trunk === '1' ? ' ' : ''}${rest}`;
  return phone;
}
