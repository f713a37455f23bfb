/**
 * The sandbox ECB feed: an HTTP server that publishes the ECB's two reference-rate files in the ECB's own
 * layout (ecb-files.ts), at the ECB's paths, with the embedded snapshot's figures (the ECB's of 28 February
 * 2025) dated the day they are served: the latest TARGET working day on or before today, as the ECB's own file
 * is over a weekend or a holiday. The 90-day file repeats them for every working day of the 90 days before.
 *
 *   GET /stats/eurofxref/eurofxref-daily.xml
 *   GET /stats/eurofxref/eurofxref-hist-90d.xml
 *
 * It is the FX feed of `npm start` and of sandbox stacks (a Lambda function URL there: lambda.ts), and what
 * the feed job's tests read. The stamps of prices converted with its figures say "sandbox" (SANDBOX_FEED_SOURCE):
 * they are real ECB figures, but not today's. Tests drive it: `setAgeDays(n)` serves figures dated n days
 * earlier (a feed that stopped publishing), `setFigures` serves other figures (a bad day), `close()` stops it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { daysBefore, utcDay } from '../../functions/domain/fx/calendar-day.js';
import { EMBEDDED_REFERENCE_SNAPSHOT } from '../../functions/domain/fx/ecb-reference-snapshot.js';
import { isTargetWorkingDay, workingDayOnOrBefore } from '../../functions/domain/fx/target-calendar.js';
import { listenSandbox } from '../http.js';
import { dailyFile, ninetyDayFile, type EcbFileDay } from './ecb-files.js';

/** Where the ECB keeps the two files; the feed job is given this folder (FX_FEED_URL). */
export const ECB_FEED_PATH = '/stats/eurofxref/';
export const SANDBOX_FEED_SOURCE = `sandbox ECB feed (the ECB's reference rates of ${EMBEDDED_REFERENCE_SNAPSHOT.asOf}, dated the day served)`;

export interface EcbSandboxOptions {
  readonly host?: string;
  readonly port?: number;
  readonly clock?: () => Date;
  /** Serve figures dated this many days before today (a feed that stopped). */
  readonly ageDays?: number;
}

export interface EcbSandbox {
  readonly url: string;
  /** The folder of the two files, as FX_FEED_URL takes it. */
  readonly feedUrl: string;
  /** The day the daily file is dated now. */
  servedDay(): string;
  setAgeDays(days: number): void;
  /** Other figures from now on (undefined: the snapshot's again). */
  setFigures(perEur: Readonly<Record<string, string>> | undefined): void;
  /** The figures served now. */
  servedFigures(): Readonly<Record<string, string>>;
  /** How many times each file was asked for. */
  readonly requests: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

export async function startEcbSandbox(options: EcbSandboxOptions = {}): Promise<EcbSandbox> {
  const clock = options.clock ?? (() => new Date());
  let ageDays = options.ageDays ?? 0;
  let figures: Readonly<Record<string, string>> = EMBEDDED_REFERENCE_SNAPSHOT.perEur;
  const requests: Record<string, number> = {};
  const servedDay = () => workingDayOnOrBefore(daysBefore(utcDay(clock()), ageDays));

  const files: Record<string, () => string> = {
    'eurofxref-daily.xml': () => dailyFile({ date: servedDay(), perEur: figures }),
    'eurofxref-hist-90d.xml': () => {
      const newest = servedDay();
      const days: EcbFileDay[] = [];
      for (let back = 0; back < 90; back += 1) {
        const date = daysBefore(newest, back);
        if (isTargetWorkingDay(date)) days.push({ date, perEur: figures });
      }
      return ninetyDayFile(days);
    },
  };

  const listener = await listenSandbox(
    { host: options.host ?? '127.0.0.1', port: options.port ?? 0 },
    (req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      const name = path.startsWith(ECB_FEED_PATH) ? path.slice(ECB_FEED_PATH.length) : undefined;
      const file = name ? files[name] : undefined;
      if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
        return;
      }
      requests[name!] = (requests[name!] ?? 0) + 1;
      const body = Buffer.from(file(), 'utf8');
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': body.length }).end(req.method === 'HEAD' ? undefined : body);
    },
  );

  return {
    url: listener.url,
    feedUrl: `${listener.url}${ECB_FEED_PATH}`,
    servedDay,
    setAgeDays: (days) => {
      ageDays = days;
    },
    setFigures: (perEur) => {
      figures = perEur ?? EMBEDDED_REFERENCE_SNAPSHOT.perEur;
    },
    servedFigures: () => figures,
    requests,
    close: () => listener.close(),
  };
}
