/**
 * A holder's phone as Rapid's `PhoneRequest` asks for it: `country_code` (digits, no '+'), optional
 * `area_code`, `number`, the whole at most 25 characters.
 *
 * Only numbers written in international form (`+` or `00`, then the country code) are read: without it the
 * country is a guess. libphonenumber-js (the `min` metadata search's matcher already loads) splits off the
 * country calling code and says whether the rest can be a number of that country. Where the area code ends
 * is not in that metadata, so `area_code` is left out and the national number is the `number`: the spec asks
 * only that "the entire phone number must be represented across the three fields".
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export interface RapidPhone {
  readonly country_code: string;
  readonly area_code?: string;
  readonly number: string;
}

export function parsePhone(text: string | undefined): RapidPhone | undefined {
  const international = /^(?:\+|00)\s*(\d[\d\s().-]*)$/.exec(text?.trim() ?? '');
  if (!international) return undefined;
  const parsed = parsePhoneNumberFromString(`+${international[1]!.replace(/\D/g, '')}`);
  if (!parsed?.isPossible()) return undefined;
  return { country_code: parsed.countryCallingCode, number: parsed.nationalNumber };
}
