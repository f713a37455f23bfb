/**
 * The ECB's layout, read and written: the published files in test/fixtures/ecb/ (their provenance in its
 * README) read byte for byte, the sandbox ECB feed's files of the same layout, the feed fetched as untrusted
 * input, and one run of the job over the sandbox feed with the figures kept in memory.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeedDay, OperatorRate } from '../../functions/domain/fx/feed-day.js';
import { feedDayProblems } from '../../functions/domain/fx/feed-validation.js';
import type { FxFiguresStore } from '../../functions/domain/fx/fx-figures-store.js';
import { ECB_REFERENCE_CURRENCIES } from '../../functions/domain/fx/ecb-currencies.js';
import { EUROFXREF_NAMESPACE, GESMES_NAMESPACE, EcbXmlError, parseEcbXml } from '../../functions/fx/ecb-xml.js';
import { FeedFetchError, fetchFeedFile } from '../../functions/fx/feed-fetch.js';
import { fxFeedDeps } from '../../functions/fx/fx-feed-job.js';
import { FxFeedRejectedError, runFxFeed } from '../../functions/fx/run-fx-feed.js';
import { dailyFile, ninetyDayFile } from '../../sandbox/ecb/ecb-files.js';
import { SANDBOX_FEED_SOURCE, startEcbSandbox, type EcbSandbox } from '../../sandbox/ecb/server.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ecb/${name}`, import.meta.url));
const DAILY = fixture('eurofxref-daily-2022-07-08.xml');
const NINETY = fixture('eurofxref-hist-90d-2017-03-03.xml');

/**
 * A file's layout: each element as its namespace, name and attribute names, with the whitespace before it
 * and before its end tag, and repeated siblings of one shape (the figures of a day, the days of the 90-day
 * file) once; then the quote its attributes are written with and how it ends. Two files of one layout give
 * the same text whatever their dates, figures and number of currencies.
 */
function layoutOf(xml: string): string {
  interface Node {
    readonly head: string;
    readonly children: string[];
    tail: string;
  }
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [{ head: 'document', children: [], tail: '' }];
  let gap = '';
  parser.on('text', (text) => {
    gap += text;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = Object.values(tag.attributes)
      .map((a) => (a.prefix === 'xmlns' || a.name === 'xmlns' ? `${a.name}=${a.value}` : a.local))
      .join(' ');
    stack.push({ head: `${JSON.stringify(gap)}<{${tag.uri}}${tag.local} ${attributes}>`, children: [], tail: '' });
    gap = '';
  });
  parser.on('closetag', () => {
    const node = stack.pop()!;
    node.tail = JSON.stringify(gap);
    gap = '';
    const rendered = `${node.head}[${node.children.join(',')}]${node.tail}`;
    const siblings = stack.at(-1)!.children;
    if (siblings.at(-1) !== rendered) siblings.push(rendered);
  });
  parser.write(xml).close();
  const quotes = new Set([...xml.matchAll(/ (?:time|currency|rate)=(['"])/g)].map((m) => m[1]));
  return `${stack[0]!.children.join('')} quotes ${[...quotes].join('')} declaration ${JSON.stringify(xml.slice(0, 40))} ends ${JSON.stringify(xml.slice(-20))}`;
}

describe("the ECB's published files, read byte for byte", () => {
  it('reads eurofxref-daily.xml of 2022-07-08: one day, 31 currencies, each figure as published', () => {
    const file = parseEcbXml(DAILY.toString('utf8'));
    expect(file.subject).toBe('Reference rates');
    expect(file.sender).toBe('European Central Bank');
    expect(file.days).toHaveLength(1);
    const [day] = file.days;
    expect(day!.date).toBe('2022-07-08');
    expect(Object.keys(day!.perEur)).toHaveLength(31);
    expect(day!.perEur).toMatchObject({
      USD: '1.0163',
      JPY: '138.05',
      GBP: '0.84585',
      HUF: '402.45',
      HRK: '7.5190',
      IDR: '15210.73',
      ZAR: '17.1922',
    });
    // Every figure is a rate='...' of the file, in the file's order.
    const written = [...DAILY.toString('utf8').matchAll(/currency='([A-Z]{3})' rate='([0-9.]+)'/g)].map((m) => [m[1], m[2]]);
    expect(Object.entries(day!.perEur)).toEqual(written);
  });

  it('reads eurofxref-hist-90d.xml of 2017-03-03: 64 days newest first, figures without trailing zeros as written', () => {
    const file = parseEcbXml(NINETY.toString('utf8'));
    expect(file.days).toHaveLength(64);
    expect(file.days[0]!.date).toBe('2017-03-03');
    expect(file.days.at(-1)!.date).toBe('2016-12-05');
    expect(file.days[0]!.perEur).toMatchObject({ USD: '1.0565', BRL: '3.308', GBP: '0.86355', RUB: '62.0628' });
    const dates = file.days.map((d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const written = [...NINETY.toString('utf8').matchAll(/rate="([0-9.]+)"/g)].length;
    expect(file.days.reduce((n, d) => n + Object.keys(d.perEur).length, 0)).toBe(written);
  });

  it('writes both files back byte for byte from their own figures (the sandbox feed writes this layout)', () => {
    const daily = parseEcbXml(DAILY.toString('utf8'));
    expect(Buffer.from(dailyFile(daily.days[0]!), 'utf8').equals(DAILY)).toBe(true);
    const ninety = parseEcbXml(NINETY.toString('utf8'));
    expect(Buffer.from(ninetyDayFile(ninety.days), 'utf8').equals(NINETY)).toBe(true);
  });

  it('reads the envelope by namespace: the ECB vocabulary for the Cubes, gesmes for the rest', () => {
    const layout = layoutOf(DAILY.toString('utf8'));
    expect(layout).toContain(`<{${GESMES_NAMESPACE}}Envelope xmlns:gesmes=${GESMES_NAMESPACE} xmlns=${EUROFXREF_NAMESPACE}>`);
    // The outer Cube, a day's Cube with its time, and (once, for all of them) a figure's Cube.
    expect(layout.match(new RegExp(`\\{${EUROFXREF_NAMESPACE.replaceAll('.', '\\.')}\\}Cube`, 'g'))).toHaveLength(3);
    expect(layout).toContain('Cube time>');
    expect(layout).toContain('Cube currency rate>');
    // The two published layouts differ (quotes, whitespace, line ends), and the comparison sees it.
    expect(layoutOf(NINETY.toString('utf8'))).not.toEqual(layout);
  });

  const refused: [string, string][] = [
    ['a DOCTYPE with an external entity', '<!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]><e>&x;</e>'],
    ['the Cubes outside the ECB namespace', DAILY.toString('utf8').replace(`xmlns="${EUROFXREF_NAMESPACE}"`, 'xmlns="urn:other"')],
    ['a currency twice', DAILY.toString('utf8').replace("currency='JPY'", "currency='USD'")],
    ['a figure of zero', DAILY.toString('utf8').replace("rate='1.0163'", "rate='0.0000'")],
    ['a figure with an exponent', DAILY.toString('utf8').replace("rate='1.0163'", "rate='1e3'")],
    ['an element it does not know', DAILY.toString('utf8').replace('<gesmes:subject>', '<gesmes:note/><gesmes:subject>')],
    ['text among the figures', DAILY.toString('utf8').replace("\t\t\t<Cube currency='JPY'", "\t\t\tnoise<Cube currency='JPY'")],
    ['a day without a date', DAILY.toString('utf8').replace("time='2022-07-08'", "time='yesterday'")],
    ['a broken document', DAILY.toString('utf8').slice(0, 500)],
    ['no day at all', '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"/>'],
  ];
  it.each(refused)('refuses %s', (_what, xml) => {
    expect(() => parseEcbXml(xml)).toThrow(EcbXmlError);
  });
});

describe('the sandbox ECB feed', () => {
  let feed: EcbSandbox;
  const today = new Date('2026-11-30T12:00:00Z'); // a Monday
  beforeAll(async () => {
    feed = await startEcbSandbox({ clock: () => today });
  });
  afterAll(() => feed.close());
  afterEach(() => {
    feed.setAgeDays(0);
    feed.setFigures(undefined);
  });
  const get = async (name: string) => {
    const response = await fetch(`${feed.feedUrl}${name}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it("serves the snapshot's figures dated the day they are served, in the ECB's daily layout", async () => {
    const daily = await get('eurofxref-daily.xml');
    expect(daily.status).toBe(200);
    expect(daily.type).toBe('text/xml');
    expect(layoutOf(daily.text)).toEqual(layoutOf(DAILY.toString('utf8')));
    const [day] = parseEcbXml(daily.text).days;
    expect(day!.date).toBe('2026-11-30');
    expect(day!.perEur).toMatchObject({ USD: '1.0411', GBP: '0.82608', HUF: '399.50' });
  });

  it("serves the 90-day file in the ECB's layout: every working day, newest first", async () => {
    const ninety = await get('eurofxref-hist-90d.xml');
    expect(layoutOf(ninety.text)).toEqual(layoutOf(NINETY.toString('utf8')));
    const days = parseEcbXml(ninety.text).days.map((d) => d.date);
    expect(days[0]).toBe('2026-11-30');
    expect(days).not.toContain('2026-11-29');
    expect(days).not.toContain('2026-11-28');
    expect(days.length).toBeGreaterThan(60);
  });

  it("dates a weekend's file with the Friday, and serves aged figures when told", async () => {
    const weekend = await startEcbSandbox({ clock: () => new Date('2026-11-29T12:00:00Z') });
    try {
      expect(parseEcbXml(await (await fetch(`${weekend.feedUrl}eurofxref-daily.xml`)).text()).days[0]!.date).toBe('2026-11-27');
    } finally {
      await weekend.close();
    }
    feed.setAgeDays(6);
    expect(parseEcbXml((await get('eurofxref-daily.xml')).text).days[0]!.date).toBe('2026-11-24');
  });

  it('answers 404 for anything else', async () => {
    expect((await get('eurofxref-hist.xml')).status).toBe(404);
  });
});

describe('the feed fetched as untrusted input', () => {
  let server: Server;
  let base: string;
  let elsewhereAsked = 0;
  const handlers: Record<string, (res: import('node:http').ServerResponse) => void> = {
    '/redirect': (res) => res.writeHead(302, { location: `${base}/elsewhere` }).end(),
    '/elsewhere': (res) => {
      elsewhereAsked += 1;
      res.writeHead(200, { 'content-type': 'text/xml' }).end(DAILY);
    },
    '/huge': (res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const push = () => {
        while (sent < 64 && res.write(chunk)) sent += 1;
        if (sent < 64) res.once('drain', push);
        else res.end();
      };
      push();
    },
    '/announced': (res) => res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(10 * 1024 * 1024) }).end(),
    '/slow': (res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write('<?xml version="1.0"?>');
      // never ends
    },
    '/html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html/>'),
    '/down': (res) => res.writeHead(503, { 'content-type': 'text/xml' }).end(),
    '/latin1': (res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(Buffer.from([0x3c, 0xe9, 0xff, 0x3e])),
    '/daily': (res) => res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(DAILY),
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const handler = handlers[req.url ?? ''];
      if (handler) handler(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const limits = { timeoutMs: 1_000, maxBytes: 64 * 1024 };

  it('reads the file', async () => {
    expect((await fetchFeedFile(`${base}/daily`, limits)).text).toBe(DAILY.toString('utf8'));
  });

  it('never follows a redirect', async () => {
    await expect(fetchFeedFile(`${base}/redirect`, limits)).rejects.toThrow(/302 towards .*\/elsewhere; redirects are not followed/);
    expect(elsewhereAsked).toBe(0);
  });

  it('stops reading past the size limit, announced or not', async () => {
    await expect(fetchFeedFile(`${base}/huge`, limits)).rejects.toThrow(/more than the 65536 bytes/);
    await expect(fetchFeedFile(`${base}/announced`, limits)).rejects.toThrow(/10485760 bytes announced/);
  });

  it('gives up on a feed that does not finish in time', async () => {
    const started = Date.now();
    await expect(fetchFeedFile(`${base}/slow`, { ...limits, timeoutMs: 300 })).rejects.toThrow(/no whole answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses what is not an XML file answered 200 in UTF-8', async () => {
    await expect(fetchFeedFile(`${base}/html`, limits)).rejects.toThrow(/text\/html, not XML/);
    await expect(fetchFeedFile(`${base}/down`, limits)).rejects.toThrow(/answered 503/);
    await expect(fetchFeedFile(`${base}/latin1`, limits)).rejects.toThrow(/not UTF-8/);
    await expect(fetchFeedFile('http://127.0.0.1:9/eurofxref-daily.xml', limits)).rejects.toThrow(FeedFetchError);
  });
});

/** The fxRates table's behaviour, in memory (the DynamoDB store is tested against DynamoDB Local). */
class MemoryStore implements FxFiguresStore {
  readonly days = new Map<string, FeedDay>();
  readonly operators: OperatorRate[] = [];
  async latestFeedDay() {
    return [...this.days.values()].sort((a, b) => a.date.localeCompare(b.date)).at(-1);
  }
  async feedDayBefore(date: string) {
    return [...this.days.values()]
      .filter((d) => d.date < date)
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1);
  }
  async feedDaysSince(from: string) {
    return [...this.days.values()].filter((d) => d.date >= from).sort((a, b) => a.date.localeCompare(b.date));
  }
  async putFeedDays(days: readonly FeedDay[]) {
    for (const day of days) this.days.set(day.date, day);
  }
  async operatorRates() {
    return this.operators;
  }
}

describe('a run of the feed job', () => {
  let feed: EcbSandbox;
  let now = new Date('2026-11-30T17:00:00Z');
  beforeAll(async () => {
    feed = await startEcbSandbox({ clock: () => now });
  });
  afterAll(() => feed.close());
  const settings = { source: SANDBOX_FEED_SOURCE, maxMovePercent: 20 };
  const depsFor = (store: FxFiguresStore) => ({ ...fxFeedDeps({ baseUrl: feed.feedUrl }, { store }), now: () => now });

  it("stores the 90-day history on its first run, then only each new working day's figures", async () => {
    const store = new MemoryStore();
    const first = await runFxFeed(depsFor(store), settings);
    expect(first).toMatchObject({ read: '2026-11-30', backfilled: true, latest: '2026-11-30', workingDaysBehind: 0 });
    expect(first.stored.length).toBeGreaterThan(60);
    expect(store.days.get('2026-11-30')).toEqual({
      date: '2026-11-30',
      source: SANDBOX_FEED_SOURCE,
      perEur: expect.objectContaining({ USD: '1.0411' }),
    });

    const again = await runFxFeed(depsFor(store), settings);
    expect(again).toMatchObject({ stored: [], backfilled: false, workingDaysBehind: 0 });

    now = new Date('2026-12-01T17:00:00Z');
    const next = await runFxFeed(depsFor(store), settings);
    expect(next).toMatchObject({ read: '2026-12-01', stored: ['2026-12-01'], backfilled: false });
  });

  it('fills a gap from the 90-day file, and says how far behind a stopped feed leaves the figures', async () => {
    const store = new MemoryStore();
    now = new Date('2026-11-20T17:00:00Z');
    await runFxFeed(depsFor(store), settings);
    now = new Date('2026-11-27T17:00:00Z');
    feed.setAgeDays(3); // the feed stopped on the Tuesday
    const behind = await runFxFeed(depsFor(store), settings);
    expect(behind).toMatchObject({ read: '2026-11-24', backfilled: true, stored: ['2026-11-23', '2026-11-24'], workingDaysBehind: 3 });
    feed.setAgeDays(0);
    expect(await runFxFeed(depsFor(store), settings)).toMatchObject({
      stored: ['2026-11-25', '2026-11-26', '2026-11-27'],
      workingDaysBehind: 0,
    });
  });

  it('stores nothing and fails loudly on a missing currency or an implausible move', async () => {
    const store = new MemoryStore();
    now = new Date('2026-11-26T17:00:00Z');
    await runFxFeed(depsFor(store), settings);
    const stored = store.days.size;
    now = new Date('2026-11-27T17:00:00Z');
    const { USD: _usd, ...withoutUsd } = feed.servedFigures();
    feed.setFigures(withoutUsd);
    await expect(runFxFeed(depsFor(store), settings)).rejects.toThrow(/2026-11-27 USD is missing/);
    feed.setFigures({ ...feed.servedFigures(), TRY: '52.0000' });
    const rejected = runFxFeed(depsFor(store), settings);
    await expect(rejected).rejects.toBeInstanceOf(FxFeedRejectedError);
    await expect(rejected).rejects.toThrow(/TRY moved 36.78 % from 38.0186 \(2026-11-26\) to 52.0000, more than 20 %/);
    expect(store.days.size).toBe(stored);
    feed.setFigures(undefined);
  });

  it('refuses a daily file dated after today', async () => {
    now = new Date('2026-11-27T17:00:00Z');
    const ahead = await startEcbSandbox({ clock: () => new Date('2026-11-30T12:00:00Z') });
    try {
      await expect(
        runFxFeed({ ...fxFeedDeps({ baseUrl: ahead.feedUrl }, { store: new MemoryStore() }), now: () => now }, settings),
      ).rejects.toThrow(/dated 2026-11-30, after today \(2026-11-27\)/);
    } finally {
      await ahead.close();
    }
  });
});

describe("a day's checks", () => {
  const day = (perEur: Record<string, string>) => ({ date: '2026-11-27', perEur });
  const all = Object.fromEntries(ECB_REFERENCE_CURRENCIES.map((c) => [c, '2.0000']));
  it('wants every currency the ECB publishes, positive, within the move of the day before', () => {
    expect(feedDayProblems(day(all), undefined, ECB_REFERENCE_CURRENCIES, 20)).toEqual([]);
    const { NZD: _nzd, ...lacking } = all;
    expect(feedDayProblems(day(lacking), undefined, ECB_REFERENCE_CURRENCIES, 20).map((p) => p.detail)).toEqual(['NZD is missing']);
    expect(feedDayProblems(day({ ...all, USD: '0.0000' }), undefined, ECB_REFERENCE_CURRENCIES, 20)[0]!.problem).toBe('not-positive');
    const before = { date: '2026-11-26', perEur: { ...all, USD: '1.60' } };
    expect(feedDayProblems(day(all), before, ECB_REFERENCE_CURRENCIES, 20)[0]!.detail).toBe(
      'USD moved 25 % from 1.60 (2026-11-26) to 2.0000, more than 20 %',
    );
    expect(feedDayProblems(day(all), before, ECB_REFERENCE_CURRENCIES, 25)).toEqual([]);
  });
});
