/**
 * A holder's phone as Rapid's `PhoneRequest` asks for it: `country_code` (digits, no '+'), optional
 * `area_code`, `number`, the whole at most 25 characters.
 *
 * Only numbers written in international form (`+` or `00`, then the country code) are read: without it the
 * country is a guess. E.164 country codes are prefix-free (ITU-T E.164 assignments), so the code's length is
 * decided by its first digits: 1 and 7 stand alone; the two-digit codes are listed; every other code has
 * three digits. Where the area code ends depends on each country's numbering plan, which we do not keep, so
 * `area_code` is left out and the rest of the digits are the `number`: the spec asks only that "the entire
 * phone number must be represented across the three fields".
 */
const TWO_DIGIT_CODES: ReadonlySet<string> = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

export interface RapidPhone {
  readonly country_code: string;
  readonly area_code?: string;
  readonly number: string;
}

export function parsePhone(text: string | undefined): RapidPhone | undefined {
  const trimmed = text?.trim() ?? '';
  const international = /^(?:\+|00)\s*(\d[\d\s().-]*)$/.exec(trimmed);
  if (!international) return undefined;
  const digits = international[1]!.replace(/\D/g, '');
  const length = digits[0] === '1' || digits[0] === '7' ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  const countryCode = digits.slice(0, length);
  const number = digits.slice(length);
  // E.164 numbers are at most 15 digits; fewer than 4 after the country code is no subscriber number.
  if (digits.length > 15 || number.length < 4 || countryCode.startsWith('0')) return undefined;
  return { country_code: countryCode, number };
}
