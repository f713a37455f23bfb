import currencyCodes from 'currency-codes';

/**
 * The currencies a supplier may price in: ISO 4217's list one of active codes (the `currency-codes`
 * package carries it, with its publication date), less the codes that are not money a hotel is paid in:
 * precious metals (XAU, XAG, XPD, XPT), bond-market units (XBA to XBD), the IMF's SDR (XDR), SUCRE (XSU),
 * the ADB unit (XUA), the testing code (XTS) and "no currency" (XXX). A code outside it is a supplier
 * answer we cannot price, show or book truthfully: the item holding it is refused.
 */
const NOT_MONEY: ReadonlySet<string> = new Set(['XAU', 'XAG', 'XPD', 'XPT', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA', 'XTS', 'XXX']);

const KNOWN: ReadonlySet<string> = new Set(currencyCodes.codes().filter((code) => !NOT_MONEY.has(code)));

/** The date of the ISO 4217 list the check reads (newer codes are unknown until the package is upgraded). */
export const CURRENCY_LIST_DATE: string = currencyCodes.publishDate;

export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}
