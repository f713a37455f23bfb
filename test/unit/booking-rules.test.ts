/** The small pure rules of booking: ids, the price guard, rooms against the search, penalties, content negotiation, problems across Step Functions. */
import { describe, expect, it } from 'vitest';
import { BOOKING_ID_PATTERN, bookingIdFor } from '../../functions/booking/record/booking-id.js';
import type { BookingRequest } from '../../functions/booking/booking-request.js';
import { penaltyAt } from '../../functions/booking/cancel/cancel-booking.js';
import { withinTolerance } from '../../functions/booking/flow/booking-draft.js';
import { domainErrorFromFailure, FlowError } from '../../functions/booking/flow/flow-error.js';
import { occupancyMismatches } from '../../functions/booking/occupancy-match.js';
import { prefersHtml } from '../../functions/booking/voucher/get-voucher-handler.js';
import { DomainError } from '../../functions/domain/errors/domain-error.js';
import { problemOf } from '../../functions/shared/domain-error-problems.js';

const adult = (firstName: string) => ({ type: 'adult' as const, firstName, lastName: 'X' });
const child = (age: number) => ({ type: 'child' as const, firstName: 'C', lastName: 'X', age });

describe('booking ids', () => {
  it('are the same for the same tenant, client and key, different otherwise, 20 characters', () => {
    const id = bookingIdFor('demo', 'demo-client', 'key-1');
    expect(id).toBe(bookingIdFor('demo', 'demo-client', 'key-1'));
    expect(id).toMatch(BOOKING_ID_PATTERN);
    expect(id).toHaveLength(20);
    expect(
      new Set([
        id,
        bookingIdFor('acme', 'demo-client', 'key-1'),
        bookingIdFor('demo', 'other', 'key-1'),
        bookingIdFor('demo', 'demo-client', 'key-2'),
      ]).size,
    ).toBe(4);
  });
});

describe('priceTolerance', () => {
  const request = (maxIncreasePercent?: number) =>
    ({ ...(maxIncreasePercent === undefined ? {} : { priceTolerance: { maxIncreasePercent } }) }) as BookingRequest;
  it('accepts any price without a tolerance, and up to the percentage with one, exactly', () => {
    expect(withinTolerance(request(), '100.00', '250.00')).toBe(true);
    expect(withinTolerance(request(2), '100.00', '102.00')).toBe(true);
    expect(withinTolerance(request(2), '100.00', '102.01')).toBe(false);
    expect(withinTolerance(request(0), '19999', '19999')).toBe(true);
    expect(withinTolerance(request(0), '19999', '20000')).toBe(false);
    expect(withinTolerance(request(0), '100.00', '99.00')).toBe(true);
  });

  it('reads percentages JavaScript writes with an exponent (a hostile-input test found them failing the booking)', () => {
    expect(withinTolerance(request(2.6214766537624104e-307), '39.23', '39.23')).toBe(true);
    expect(withinTolerance(request(2.6214766537624104e-307), '39.23', '39.24')).toBe(false);
    expect(withinTolerance(request(1e-7), '100000000.00', '100000000.10')).toBe(true);
    expect(withinTolerance(request(1e-7), '100000000.00', '100000000.11')).toBe(false);
  });
});

describe('rooms against the searched occupancy', () => {
  it('accepts the same adults and child ages in any order', () => {
    expect(occupancyMismatches([{ guests: [child(7), adult('A'), adult('B'), child(3)] }], [{ adults: 2, children: [3, 7] }])).toEqual([]);
  });
  it('names the room whose guests differ, and a different room count', () => {
    expect(
      occupancyMismatches([{ guests: [adult('A')] }, { guests: [adult('B'), child(4)] }], [{ adults: 1 }, { adults: 1, children: [5] }]),
    ).toEqual([{ path: 'rooms[1].guests', message: 'must be 1 adult and 1 child aged 5, as searched' }]);
    expect(occupancyMismatches([{ guests: [adult('A')] }], [{ adults: 1 }, { adults: 1 }])[0]!.path).toBe('rooms');
  });
});

describe('the penalty in force', () => {
  const policy = [
    { from: '2027-03-01T00:00:00.000Z', penalty: { amount: '50.00', currency: 'EUR' } },
    { from: '2027-03-05T00:00:00.000Z', penalty: { amount: '200.00', currency: 'EUR' } },
  ];
  it('is zero before the first entry, then the last entry already started', () => {
    expect(penaltyAt(policy, new Date('2027-02-28T23:59:59Z'), 'EUR')).toBe('0.00');
    expect(penaltyAt(policy, new Date('2027-03-01T00:00:00Z'), 'EUR')).toBe('50.00');
    expect(penaltyAt(policy, new Date('2027-03-06T00:00:00Z'), 'EUR')).toBe('200.00');
    expect(penaltyAt([], new Date(), 'JPY')).toBe('0');
  });
});

describe('voucher content negotiation', () => {
  it('serves HTML only when Accept ranks it above PDF', () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/pdf, text/html;q=0.5')).toBe(false);
  });
});

describe('problems across Step Functions', () => {
  const error = FlowError.of(new DomainError('gone', 'The supplier no longer offers this rate', { bookingId: 'BK1' }));
  it('survive the Lambda error wrapping of AWS and of the local runner', () => {
    const aws = JSON.stringify({ errorType: error.name, errorMessage: error.message, trace: ['at x'] });
    for (const cause of [aws, error.message]) {
      const carried = domainErrorFromFailure(error.name, cause)!;
      expect(carried).toBeInstanceOf(DomainError);
      expect(carried).toMatchObject({
        kind: 'gone',
        message: 'The supplier no longer offers this rate',
        details: { bookingId: 'BK1' },
      });
      expect(problemOf(carried)).toMatchObject({ kind: 'gone', status: 410, extensions: { bookingId: 'BK1' } });
    }
  });
  it('are absent from a failure that carries none', () => {
    expect(domainErrorFromFailure('States.Timeout', 'The execution timed out')).toBeUndefined();
    expect(domainErrorFromFailure('TypeError', JSON.stringify({ errorType: 'TypeError', errorMessage: 'x is undefined' }))).toBeUndefined();
    expect(domainErrorFromFailure('BookingProblem', JSON.stringify({ kind: 'no-such-kind', detail: 'x' }))).toBeUndefined();
  });
  it('travel as {kind, detail, extensions}, the fields executions carry', () => {
    expect(JSON.parse(error.message)).toEqual({
      kind: 'gone',
      detail: 'The supplier no longer offers this rate',
      extensions: { bookingId: 'BK1' },
    });
  });
  it('come back with the headers their kind always carries, which no execution holds', () => {
    const outage = FlowError.of(
      new DomainError('dependency-unavailable', 'Retry with the same key', { bookingId: 'BK1' }),
      'DependencyUnavailable',
    );
    const problem = problemOf(domainErrorFromFailure(outage.name, outage.message)!);
    expect(problem).toMatchObject({ kind: 'service-unavailable', status: 503, headers: { 'Retry-After': '5' } });
  });
});
