/**
 * Money for the supplier layer: integer minor units inside, decimal strings on the wire and in the port.
 * No binary float ever takes part in money arithmetic; scaling by a rate goes through BigInt with an
 * explicit half-up rounding step.
 */
import { code as iso4217, codes as iso4217Codes } from 'currency-codes';

/**
 * ISO 4217 lists these with no minor unit at all ("N.A.": precious metals, fund units, the testing and "no
 * currency" codes); currency-codes reports them as 0 digits, which would make gold a zero-decimal currency.
 * They are not currencies a price can be quoted in.
 */
const NO_MINOR_UNIT: ReadonlySet<string> = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

/** Whether `code` is an ISO 4217 currency that money can be counted in (it has a minor unit). */
export function isIso4217Currency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && iso4217(code) !== undefined && !NO_MINOR_UNIT.has(code);
}

/**
 * The currencies whose minor unit is not the common two decimals, from ISO 4217's own table (currency-codes
 * ships the maintenance agency's list): JPY, KRW, ISK, VND 0; BHD, KWD, JOD, OMR, TND, IQD, LYD 3; CLF 4.
 */
const EXPONENTS: Readonly<Record<string, number>> = Object.fromEntries(
  iso4217Codes()
    .filter(isIso4217Currency)
    .map((code) => [code, iso4217(code)!.digits] as const)
    .filter(([, digits]) => digits !== 2),
);

/** Every currency whose exponent is not 2 (the finance ledger formats its totals with them; others are 2). */
export function knownCurrencies(): readonly string[] {
  return Object.keys(EXPONENTS);
}

/** ISO 4217's minor-unit exponent; 2 for a code ISO 4217 does not list (no figure quotes one: fx refuses it). */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** A monetary amount as the port carries it: a decimal string with the currency's exponent. */
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

/**
 * The one constructor of Money: one key order for every amount the adapters build, so search's reads of
 * every supplier's rates meet one hidden class (functions/suppliers/rate-shape.ts says why that matters).
 */
export function rateMoney(amount: string, currency: string): Money {
  return { amount, currency };
}

/** Integer minor units → decimal string ("12345", EUR → "123.45"; "-5", EUR → "-0.05"). */
export function formatMinor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer: ${minor}`);
  const exponent = currencyExponent(currency);
  const negative = minor < 0;
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Decimal string → integer minor units. Extra fraction digits beyond the exponent must be zeros
 * ("10.50" in JPY is refused, "10.500" in EUR is accepted): a supplier sending more precision than the
 * currency has is a bad answer, not something to round silently.
 */
export function parseMinor(amount: string, currency: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`not a decimal amount: "${amount}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = currencyExponent(currency);
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  if (/[^0]/.test(fraction.slice(exponent))) {
    throw new RangeError(`"${amount}" has more decimals than ${currency} allows`);
  }
  const minor = Number(`${whole}${kept}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: "${amount}"`);
  return sign ? -minor : minor;
}

export function money(minor: number, currency: string): Money {
  return rateMoney(formatMinor(minor, currency), currency);
}

/** minor × numerator / denominator, rounded half away from zero, exactly (BigInt). */
export function scaleMinor(minor: number, numerator: number, denominator: number): number {
  const product = BigInt(minor) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n !== d < 0n;
  const absProduct = product < 0n ? -product : product;
  const absD = d < 0n ? -d : d;
  const rounded = (absProduct * 2n + absD) / (absD * 2n);
  return Number(negative ? -rounded : rounded);
}

/** Percentage (parts per thousand) of an amount, e.g. a 15 % commission is permille 150. */
export function permilleOf(minor: number, permille: number): number {
  return scaleMinor(minor, permille, 1000);
}

/** Exact sum of decimal strings of one currency. */
export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let total = 0;
  for (const item of amounts) {
    if (item.currency !== currency) throw new RangeError(`cannot add ${item.currency} to ${currency}`);
    total += parseMinor(item.amount, currency);
  }
  return money(total, currency);
}
