/**
 * Money in other currencies end to end (API-SPEC "Money in other currencies"): the local host's FX feed job
 * reads the sandbox ECB feed before it serves, so a converted quote is stamped with the feed's name and the day
 * of its figures; a currency the feed lacks is quotable once an operator sets it with the operator's tool (run
 * as a process, as an operator runs it); an account's margin is stamped beside the reference rate, through the
 * rate check and the booking. With the feed stopped: fx-stale.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween, utcDay } from '../../functions/domain/fx/calendar-day.js';
import { DEFAULT_FX_MAX_AGE_DAYS } from '../../functions/stores/fx-settings.js';
import type { LocalHost } from '../../local/host.js';
import { SANDBOX_FEED_SOURCE } from '../../sandbox/ecb/server.js';
import { admin, bookingOf, minorUnits, partnerOf, rates, type Partner } from '../support/fx-partner.js';
import { startTestHost } from '../support/local-host.js';

// Every quote reads the figures afresh (FX_CACHE_SECONDS, read as the functions load): an operator's rate counts
// at the next search here, where a deployed function takes up to the cache's minute.
process.env.FX_CACHE_SECONDS = '0';

describe('with the feed read today', () => {
  let host: LocalHost;
  let partner: Partner;
  beforeAll(async () => {
    host = await startTestHost();
    partner = await partnerOf(host);
  }, 180_000);
  afterAll(() => host?.stop());

  it("stamps a converted quote with the feed's name and the day of its figures, within the maximum age", async () => {
    const { response, body } = await partner.search('USD');
    expect(response.status).toBe(200);
    const converted = rates(body).filter((r) => r.price.fx.from !== 'USD');
    expect(converted.length).toBeGreaterThan(0);
    const today = utcDay(new Date());
    for (const rate of converted) {
      expect(rate.price.fx.to).toBe('USD');
      expect(rate.price.fx.source).toContain(SANDBOX_FEED_SOURCE);
      expect(daysBetween(rate.price.fx.asOf, today)).toBeLessThanOrEqual(DEFAULT_FX_MAX_AGE_DAYS);
      expect(rate.price.fx.asOf).toBe(host.fxFeed.servedDay());
      expect(rate.price.fx).not.toHaveProperty('marginBps');
    }
    // The sandbox feed's figures are the ECB's of its snapshot: EUR→USD is its USD figure itself.
    const fromEur = converted.find((r) => r.price.fx.from === 'EUR');
    expect(fromEur?.price.fx.rate).toBe('1.0411');
  });

  it('refuses KWD until an operator sets it, then quotes three-decimal prices in it, adding up to the fil', async () => {
    const before = await partner.search('KWD');
    expect(before.response.status).toBe(400);
    expect((before.body.errors as { path: string }[]).map((e) => e.path)).toEqual(['currency']);

    const set = await admin(host, 'fx', 'set', 'KWD', '--per-eur', '0.3207', '--source', 'Central Bank of Kuwait, 27 Nov fixing');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('KWD: 0.3207 per EUR');

    const { response, body } = await partner.search('KWD');
    expect(response.status).toBe(200);
    expect(body.currency).toBe('KWD');
    const shown = rates(body);
    expect(shown.length).toBeGreaterThan(0);
    let thirdDecimal = 0;
    for (const rate of shown) {
      expect(rate.price.currency).toBe('KWD');
      const m = minorUnits(rate.price);
      expect(m.total).toBe(m.net + m.markup + m.tax + m.serviceFee);
      if (m.total % 10 !== 0) thirdDecimal += 1;
      expect(rate.price.fx.source).toContain('operator rate (Central Bank of Kuwait, 27 Nov fixing)');
      expect(rate.price.fx.asOf <= utcDay(new Date())).toBe(true);
    }
    // Prices in fils, not rounded to hundredths.
    expect(thirdDecimal).toBeGreaterThan(0);

    const listed = await admin(host, '--json', 'fx', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const listing = JSON.parse(listed.stdout) as {
      rates: { currency: string; perEur: string; decimals: number; usable: boolean; ageDays: number }[];
    };
    expect(listing.rates.find((r) => r.currency === 'KWD')).toMatchObject({ perEur: '0.3207', decimals: 3, usable: true, ageDays: 0 });
    expect(listing.rates.find((r) => r.currency === 'USD')).toMatchObject({ perEur: '1.0411', usable: true });
    const audit = await admin(host, 'audit', 'platform');
    expect(audit.stdout).toMatch(/fx-desk\s+fx\.set\s+KWD/);
  });

  it('refuses an operator rate for what is not a currency, or is not a positive figure, naming the option', async () => {
    expect((await admin(host, 'fx', 'set', 'XAU', '--per-eur', '0.0004', '--source', 'gold')).code).toBe(5);
    const zero = await admin(host, '--json', 'fx', 'set', 'SAR', '--per-eur', '0', '--source', 'desk');
    expect(zero.code).toBe(5);
    expect(JSON.parse(zero.stdout).error.field).toBe('--per-eur');
  });

  it("adds the account's conversion margin, stamped beside the reference rate, exactly", async () => {
    const rules = join(mkdtempSync(join(tmpdir(), 'fx-')), 'rules.json');
    writeFileSync(rules, JSON.stringify({ markups: [{ id: 'all', markup: { kind: 'percentage', percent: '5' } }], fxMarginBps: 150 }));
    expect((await admin(host, 'pricing', 'set', 'acme', '--file', rules)).code).toBe(0);
    const { response, body } = await partner.search('USD', 'acme');
    expect(response.status).toBe(200);
    const converted = rates(body).filter((r) => r.price.fx.from === 'EUR');
    expect(converted.length).toBeGreaterThan(0);
    for (const rate of converted) {
      expect(rate.price.fx).toMatchObject({ rate: '1.0567165', referenceRate: '1.0411', marginBps: 150 });
      const m = minorUnits(rate.price);
      expect(m.total).toBe(m.net + m.markup + m.tax + m.serviceFee);
    }
    const unconverted = rates(body).find((r) => r.price.fx.from === 'USD');
    expect(unconverted?.price.fx).not.toHaveProperty('marginBps');

    // The rate check and the booking carry the same stamp, and the booking keeps it.
    const rate = converted[0]!;
    const checked = await partner.call(`/v1/hotels/rates/${rate.rateId}/check`, 'acme', { method: 'POST' });
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { price: { fx: unknown } }).price.fx).toEqual(rate.price.fx);
    const booked = await partner.call('/v1/hotels/bookings', 'acme', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      body: JSON.stringify(bookingOf(rate.rateId, body.searchId)),
    });
    expect(booked.status).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: string };
    const stored = (await (await partner.call(`/v1/hotels/bookings/${bookingId}`, 'acme')).json()) as { price: { fx: unknown } };
    expect(stored.price.fx).toEqual(rate.price.fx);
  });
});
