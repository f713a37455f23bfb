/**
 * Amounts on a voucher, e.g. "1,234.50 EUR", "12,000 JPY", "10.250 BHD". The decimal string already
 * carries the currency's exponent (it is what was locked at booking), so the digits are kept as they are:
 * only the integer part is grouped, by string, never through a float that could round a locked price.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function formatAmount(amount: string, currency: string): string {
  const match = DECIMAL.exec(amount.trim());
  // A malformed amount is shown verbatim rather than guessed at: the voucher must not invent a price.
  if (!match) return `${amount} ${currency}`;
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction !== undefined ? `.${fraction}` : ''} ${currency}`;
}

/** True for "0", "0.00", "-0.000": a penalty of nothing. */
export function isZeroAmount(amount: string): boolean {
  return /^-?0+(\.0+)?$/.test(amount.trim());
}
