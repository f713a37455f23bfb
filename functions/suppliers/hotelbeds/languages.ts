/**
 * Languages as Hotelbeds' Content API names them (`language`), apart so the sandbox reads them without the
 * adapter: its own three-letter codes (the Content API's `types/languages`, which the published spec does not
 * list), by BCP 47 primary language. They are Hotelbeds' own, not ISO 639-2: a live `types/languages` answer
 * names German ALE ("Deutsch"), Dutch is HOL and Castilian Spanish CAS; the rest follow ISO 639-2 until the
 * certification's `types/languages` call says otherwise. Any other language is asked in English, which every
 * Hotelbeds text has.
 */
const HOTELBEDS_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'ENG',
  es: 'CAS',
  ca: 'CAT',
  de: 'ALE',
  fr: 'FRE',
  it: 'ITA',
  pt: 'POR',
  nl: 'HOL',
  ru: 'RUS',
  ja: 'JPN',
  zh: 'CHI',
  ko: 'KOR',
  pl: 'POL',
  sv: 'SWE',
};

export function hotelbedsLanguage(tag: string): string {
  return HOTELBEDS_LANGUAGES[tag.toLowerCase().split('-')[0]!] ?? 'ENG';
}

/** The BCP 47 language a Hotelbeds code stands for (the sandbox reads what was asked this way). */
export function languageOfHotelbedsCode(code: string): string | undefined {
  return Object.entries(HOTELBEDS_LANGUAGES).find(([, hb]) => hb === code)?.[0];
}
