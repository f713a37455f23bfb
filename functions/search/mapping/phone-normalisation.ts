/**
 * Phone numbers as E.164 in the property's country, so that "+44 (0)20 7836 4343", "44-20-7836-4343",
 * "020 7836 4343" and "0044 20 7836 4343" are one number. libphonenumber-js (its `min` metadata, to keep
 * the search bundle small) knows each country's trunk prefix, international prefix and number lengths.
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

export interface NormalisedPhone {
  /** "+442078364343". */
  readonly e164: string;
  /**
   * True when the number was read without guessing: written internationally, or a number of a possible
   * length for the country. Only then does a different number count against a pair.
   */
  readonly confident: boolean;
}

const MIN_DIGITS = 7;

export function normalisePhone(text: string | undefined, countryCode: string | undefined): NormalisedPhone | undefined {
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return undefined;
  const trimmed = text.trim();
  // Written internationally with nothing to strip: E.164 is the digits after "+". Most catalogue phones
  // look like this, and parsing each (~25 µs) would be most of the mapping job's time for no change.
  if (trimmed.startsWith('+') && !trimmed.includes('(0)') && digits.length <= 15) return { e164: `+${digits}`, confident: true };

  const country =
    countryCode && isSupportedCountry(countryCode.toUpperCase())
      ? (countryCode.toUpperCase() as Parameters<typeof getCountryCallingCode>[0])
      : undefined;
  // "(0)" marks the trunk prefix dialled at home only: "+44 (0)20" is "+44 20".
  const cleaned = trimmed.replace(/\(0\)/g, ' ');
  const explicit = cleaned.startsWith('+') ? parsePhoneNumberFromString(cleaned) : undefined;
  if (explicit) return read(explicit, true);
  if (!country) return undefined;
  const national = parsePhoneNumberFromString(cleaned, country);
  if (national?.isPossible()) return read(national, true);
  // "44-20-7836-4343": the country code written without "+".
  const callingCode = getCountryCallingCode(country);
  if (digits.startsWith(callingCode)) {
    const international = parsePhoneNumberFromString(`+${digits}`);
    if (international?.isPossible()) return read(international, true);
  }
  return national ? read(national, false) : undefined;
}

function read(number: PhoneNumber, confident: boolean): NormalisedPhone {
  return { e164: number.number, confident };
}
