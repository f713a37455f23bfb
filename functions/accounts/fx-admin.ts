/**
 * The operator's FX rates (`npm run admin -- fx set|list`): a figure for a currency the feed does not publish
 * (AED, KWD, SAR, QAR, ...), or one that stands in for the feed's while the feed is stopped, with where it
 * comes from, dated the day it is set and used until it is older than the maximum age, like the feed's. Each
 * set is written with its audit entry in one transaction, under the deployment's trail (`platform#audit`:
 * the figures are the stack's, every account converts with them).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { daysBetween, utcDay } from '../domain/fx/calendar-day.js';
import { ECB_REFERENCE_CURRENCIES } from '../domain/fx/ecb-currencies.js';
import { operatorSource, type OperatorRate } from '../domain/fx/feed-day.js';
import { parseDecimal } from '../domain/money/decimal.js';
import { currencyExponent, isIso4217Currency } from '../domain/money/money.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { PLATFORM_OWNER } from '../shared/keys.js';
import { isPlainText } from '../shared/plain-text.js';
import { DynamoFxRateStore } from '../stores/dynamo-fx-rates.js';
import { AccountAdminError } from './account-admin.js';
import { auditPut } from './audit-trail.js';

/** Whose audit trail an FX change goes to: the deployment's, not an account's. */
export const FX_AUDIT_OWNER = PLATFORM_OWNER;
const FIGURE = /^\d{1,12}(\.\d{1,12})?$/;
const MAX_SOURCE_LENGTH = 200;

export interface SetOperatorRate {
  readonly currency: string;
  /** Units of the currency per 1 EUR, a plain decimal ("0.3207"). */
  readonly perEur: string;
  readonly source: string;
}

export async function setOperatorRate(input: SetOperatorRate, actor: string, now = new Date()): Promise<OperatorRate> {
  const currency = input.currency.trim().toUpperCase();
  if (!isIso4217Currency(currency)) throw new AccountAdminError('invalid', `${input.currency} is not an ISO 4217 currency`, 'CCY');
  if (currency === 'EUR') throw new AccountAdminError('invalid', 'EUR needs no rate: every figure is units per euro', 'CCY');
  if (!FIGURE.test(input.perEur) || parseDecimal(input.perEur).isZero())
    throw new AccountAdminError(
      'invalid',
      `--per-eur ${input.perEur}: a positive decimal such as 0.3207 (units of ${currency} per 1 EUR)`,
      '--per-eur',
    );
  const source = input.source.trim();
  // Shown in the source of every price converted with it: plain text only.
  if (source === '' || source.length > MAX_SOURCE_LENGTH || !isPlainText(source))
    throw new AccountAdminError(
      'invalid',
      `--source: say where the figure comes from, in at most ${MAX_SOURCE_LENGTH} characters of plain text`,
      '--source',
    );
  const store = new DynamoFxRateStore();
  const before = (await store.operatorRates()).find((rate) => rate.currency === currency);
  const rate: OperatorRate = { currency, perEur: input.perEur, source, asOf: utcDay(now), setAt: now.toISOString(), setBy: actor };
  await dynamoClient().send(
    new TransactWriteCommand({
      TransactItems: [
        store.operatorRatePut(rate),
        auditPut({ tenant: FX_AUDIT_OWNER, actor, action: 'fx.set', target: currency, ...(before ? { before } : {}), after: rate }, now),
      ],
    }),
  );
  return rate;
}

/** One currency as `fx list` shows it: the figure quotes use, whose, of which day, and how old. */
export interface FxRateView {
  readonly currency: string;
  /** ISO 4217 minor unit: the decimals prices in it carry. */
  readonly decimals: number;
  readonly perEur: string;
  readonly source: string;
  readonly asOf: string;
  readonly ageDays: number;
  /** `feed` or `operator`: which figure quotes use (the newer of the two; the feed on the same day). */
  readonly from: 'feed' | 'operator';
  /** Whether quotes may use it now (not older than the maximum age). */
  readonly usable: boolean;
  /** A figure set aside: an operator's older than the feed's, or the feed's older than an operator's. */
  readonly alsoSet?: { readonly from: 'feed' | 'operator'; readonly perEur: string; readonly asOf: string };
}

export interface FxRatesListing {
  readonly maxAgeDays: number;
  readonly latestFeedDay: string | undefined;
  readonly feedSource: string | undefined;
  readonly rates: readonly FxRateView[];
  /** Currencies the feed publishes of which no figure is stored (the feed has not been read yet). */
  readonly missing: readonly string[];
}

export async function listFxRates(maxAgeDays: number, now = new Date()): Promise<FxRatesListing> {
  const store = new DynamoFxRateStore();
  const [day, operators] = await Promise.all([store.latestFeedDay(), store.operatorRates()]);
  const today = utcDay(now);
  const view = (
    currency: string,
    from: 'feed' | 'operator',
    figure: { perEur: string; source: string; asOf: string },
  ): Omit<FxRateView, 'alsoSet'> => {
    const ageDays = daysBetween(figure.asOf, today);
    return { currency, decimals: currencyExponent(currency), ...figure, ageDays, from, usable: ageDays <= maxAgeDays };
  };
  const rows = new Map<string, FxRateView>();
  for (const [currency, perEur] of Object.entries(day?.perEur ?? {})) {
    rows.set(currency, view(currency, 'feed', { perEur, source: day!.source, asOf: day!.date }));
  }
  for (const rate of operators) {
    const feed = rows.get(rate.currency);
    const own = view(rate.currency, 'operator', { perEur: rate.perEur, source: operatorSource(rate), asOf: rate.asOf });
    if (!feed) rows.set(rate.currency, own);
    else if (rate.asOf > feed.asOf) rows.set(rate.currency, { ...own, alsoSet: { from: 'feed', perEur: feed.perEur, asOf: feed.asOf } });
    else rows.set(rate.currency, { ...feed, alsoSet: { from: 'operator', perEur: rate.perEur, asOf: rate.asOf } });
  }
  return {
    maxAgeDays,
    latestFeedDay: day?.date,
    feedSource: day?.source,
    rates: [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    missing: ECB_REFERENCE_CURRENCIES.filter((currency) => !rows.has(currency)),
  };
}
