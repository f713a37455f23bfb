import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { cityArea } from '../support/supplier-destinations.js';
import { describe, expect, it } from 'vitest';
import { fanOut } from '../../functions/search/fan-out.js';
import { HotelbedsAdapter } from '../../functions/suppliers/hotelbeds/adapter.js';
import type { AvailabilityRequest, AvailabilityResult, SupplierOffer, SupplierPort } from '../../functions/suppliers/port.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { fileCapture, findLeaks, describeLeaks } from '../support/log-leaks.js';
import { HOTELBEDS_SPEC } from '../support/suppliers-hotelbeds-contract.js';

const request: Omit<AvailabilityRequest, 'signal'> = {
  destination: cityArea('PAR'),
  checkIn: '2027-03-01',
  checkOut: '2027-03-03',
  occupancies: [{ adults: 2, childrenAges: [] }],
  nationality: 'GB',
};

const offer = (id: string): SupplierOffer => ({ supplierId: 'x', supplierPropertyId: id, name: id, rates: [] });

/** Only searchAvailability matters to the fan-out; the rest of the port is never called. */
function port(supplierId: string, search: (r: AvailabilityRequest) => Promise<AvailabilityResult>): SupplierPort {
  const unused = () => Promise.reject(new Error('not used by the fan-out'));
  return {
    supplierId,
    searchAvailability: search,
    staticContent: unused,
    checkRate: unused,
    book: unused,
    findBookingByClientReference: unused,
    getBooking: unused,
    cancel: unused,
    modify: unused,
    quoteCancellation: unused,
    quoteStayChange: unused,
    changeStay: unused,
    hotelConfirmationNumber: unused,
  };
}

/** The warning lines the fan-out wrote while `run` ran: a failed supplier's id and why, as the on-call engineer reads them. */
async function failureLines<T>(run: () => Promise<T>): Promise<{ result: T; written: string[]; warnings: Record<string, unknown>[] }> {
  const { lines } = fileCapture();
  const from = lines.length;
  const result = await run();
  const written = lines.slice(from).map((line) => line.text);
  const warnings = written
    .flatMap((text) => text.split('\n'))
    .filter((text) => text.trimStart().startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .filter((line) => line.message === 'supplier search failed');
  return { result, written, warnings };
}

const after = <T>(ms: number, value: T, signal?: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(value), ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

describe('fanOut', () => {
  it('reports each supplier: ok with its result count, timeout at the budget, error on failure', async () => {
    let sawAbort = false;
    const started = performance.now();
    const { result: outcomes, warnings } = await failureLines(() =>
      fanOut(
        [
          port('fast', async () => ({ supplierId: 'fast', offers: [offer('a'), offer('b')] })),
          port('slow', (r) => {
            r.signal?.addEventListener('abort', () => (sawAbort = true));
            return after(5_000, { supplierId: 'slow', offers: [offer('c')] }, r.signal);
          }),
          // biome-ignore lint/suspicious/noDuplicateTestHooks: after() is this file's delay helper, not a test hook
          port('deaf', () => after(5_000, { supplierId: 'deaf', offers: [] })), // ignores its signal
          port('broken', () => Promise.reject(new SupplierError('unavailable', 'broken', 'HTTP 503', { status: 503 }))),
        ],
        request,
        { budgetMs: 150 },
      ),
    );
    const elapsed = performance.now() - started;

    expect(outcomes.map(({ id, status, results }) => ({ id, status, results }))).toEqual([
      { id: 'fast', status: 'ok', results: 2 },
      { id: 'slow', status: 'timeout', results: 0 },
      { id: 'deaf', status: 'timeout', results: 0 },
      { id: 'broken', status: 'error', results: 0 },
    ]);
    expect(outcomes[1]?.tookMs).toBe(150);
    expect(outcomes[2]?.tookMs).toBe(150);
    expect(outcomes[0]?.tookMs).toBeLessThan(150);
    // Only the failure has a warning line; a timeout is counted, and its alarm watches the rate.
    expect(warnings.map(({ level, supplierId, reason }) => ({ level, supplierId, reason }))).toEqual([
      { level: 'WARN', supplierId: 'broken', reason: 'unavailable from broken, HTTP 503, message of 8 characters withheld' },
    ]);
    expect(sawAbort).toBe(true);
    // Settles at the budget, not when the deaf supplier would have answered.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('counts an adapter-reported timeout as timeout, and an unexpected exception as error', async () => {
    const { result: outcomes, warnings } = await failureLines(() =>
      fanOut(
        [
          port('t', () => Promise.reject(new SupplierError('timeout', 't', 'deadline'))),
          port('bug', () => Promise.reject(new TypeError('x is undefined'))),
        ],
        request,
        { budgetMs: 1_000 },
      ),
    );
    expect(outcomes.map((o) => [o.status, o.tookMs])).toEqual([
      ['timeout', 1_000],
      ['error', expect.any(Number)],
    ]);
    // Anything but a supplier error is named, never quoted: a parser's message may hold the body it read.
    expect(warnings.map(({ supplierId, reason }) => ({ supplierId, reason }))).toEqual([{ supplierId: 'bug', reason: 'TypeError' }]);
  });

  it("logs a supplier's refusal as its codes: the published error answer, echoing a guest's e-mail, never reaches the line", async () => {
    // Hotelbeds' own 400 answer to an availability request (specs/hotelbeds, components.responses.400),
    // with the kind of echo a supplier's text may carry: what we sent it, a guest's address among it.
    const spec = parse(readFileSync(HOTELBEDS_SPEC, 'utf8')) as {
      components: { responses: Record<string, { content: Record<string, { example: string }> }> };
    };
    const published = parse(spec.components.responses['400']!.content['application/json']!.example) as {
      error: { code: string; message: string };
    };
    const echoed = `${published.error.message}; request was for guest augusta.kingsley@example.org`;
    const body = JSON.stringify({ ...published, error: { ...published.error, message: echoed } });
    const hotelbeds = new HotelbedsAdapter({
      baseUrl: 'http://hotelbeds.invalid',
      apiKey: 'key',
      secret: 'secret',
      fetch: async () => new Response(body, { status: 400, headers: { 'Content-Type': 'application/json' } }),
    });

    const { result: outcomes, written, warnings } = await failureLines(() => fanOut([hotelbeds], request, { budgetMs: 1_000 }));

    expect(outcomes.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 'hotelbeds', status: 'error' }]);
    expect(warnings.map(({ level, supplierId, reason }) => ({ level, supplierId, reason }))).toEqual([
      {
        level: 'WARN',
        supplierId: 'hotelbeds',
        reason: `rejected from hotelbeds, on availability, code INVALID_REQUEST, HTTP 400, message of ${`availability: ${echoed}`.length} characters withheld`,
      },
    ]);
    const lines = written.map((text) => ({ text, test: undefined }));
    const leaks = findLeaks(lines, fileCapture().sensitive);
    expect(leaks, describeLeaks(leaks)).toEqual([]);
    for (const text of written) expect(text).not.toContain(published.error.message);
  });
});
