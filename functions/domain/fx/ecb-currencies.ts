/**
 * The currencies the ECB publishes euro foreign exchange reference rates for: the 30 of its 2025 files (the
 * published samples in test/fixtures/ecb/ show the layout) less BGN, the lev, which Bulgaria's adoption of the
 * euro on 1 January 2026 retires. Should the ECB still publish BGN, it is stored like any currency not listed.
 *
 * The feed job requires every one of them in each day it stores (a day missing one is refused, loudly), and a
 * quote in one of them without a usable figure is `stale` (the feed is behind: retry later), never
 * `unquoted`. When the ECB changes its list (it dropped RUB in 2022 and HRK in 2023), this list changes with
 * it, in a release; a currency the ECB adds is stored meanwhile (it is simply not required).
 */
export const ECB_REFERENCE_CURRENCIES: readonly string[] = [
  'USD',
  'JPY',
  'CZK',
  'DKK',
  'GBP',
  'HUF',
  'PLN',
  'RON',
  'SEK',
  'CHF',
  'ISK',
  'NOK',
  'TRY',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'HKD',
  'IDR',
  'ILS',
  'INR',
  'KRW',
  'MXN',
  'MYR',
  'NZD',
  'PHP',
  'SGD',
  'THB',
  'ZAR',
];
