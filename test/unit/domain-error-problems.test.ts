/**
 * Domain errors are answered through one table (functions/shared/domain-error-problems.ts). Each kind is
 * held against its answer written out as the HttpProblem a partner gets for it: the same status, headers
 * and body, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_KINDS, DomainError, type DomainErrorKind } from '../../functions/domain/errors/domain-error.js';
import { FxUnavailableError } from '../../functions/domain/fx/fx-rates.js';
import { fxUnavailable } from '../../functions/domain/fx/fx-unavailable.js';
import { invalidFields } from '../../functions/domain/errors/invalid-fields.js';
import { DOMAIN_ERROR_PROBLEMS, problemOf } from '../../functions/shared/domain-error-problems.js';
import { errorResponse } from '../../functions/shared/error-response.js';
import { HttpProblem, PROBLEM_KINDS } from '../../functions/shared/problem.js';
import { fieldProblem } from '../../functions/shared/validation.js';

const price = {
  net: 100,
  markup: 8,
  tax: 10,
  serviceFee: 2,
  total: 120,
  currency: 'EUR',
  commission: 0,
  payableAtHotel: 0,
  fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity', asOf: '2026-01-01T00:00:00Z' },
  nightly: [{ date: '2027-01-01', total: 120 }],
};
const previousPrice = { net: 90, markup: 7.2, tax: 9, serviceFee: 2, total: 108.2, currency: 'EUR' };

/** Each kind's domain error beside the problem that is its answer. */
const SAME_ANSWER: readonly (readonly [DomainErrorKind, DomainError, HttpProblem])[] = [
  ['not-found', new DomainError('not-found', 'No booking BK1'), new HttpProblem('not-found', 'No booking BK1')],
  [
    'gone',
    new DomainError('gone', 'Search s1 has expired; search again for current rates'),
    new HttpProblem('gone', 'Search s1 has expired; search again for current rates'),
  ],
  [
    'invalid',
    invalidFields([
      { path: 'rooms[0].guests', message: 'must be 2 adults and no children, as searched' },
      { path: 'rooms[1].guests', message: 'must be 1 adult and no children, as searched' },
    ]),
    new HttpProblem('validation-error', 'Invalid fields: rooms[0].guests, rooms[1].guests', {
      extensions: {
        errors: [
          { path: 'rooms[0].guests', message: 'must be 2 adults and no children, as searched' },
          { path: 'rooms[1].guests', message: 'must be 1 adult and no children, as searched' },
        ],
      },
    }),
  ],
  [
    'conflict',
    new DomainError('conflict', 'Booking BK1 was never booked', { bookingId: 'BK1', status: 'failed' }),
    new HttpProblem('conflict', 'Booking BK1 was never booked', { extensions: { bookingId: 'BK1', status: 'failed' } }),
  ],
  [
    'price-changed',
    new DomainError('price-changed', 'The supplier now asks 120.00 EUR', { price, previousPrice }),
    new HttpProblem('price-changed', 'The supplier now asks 120.00 EUR', { extensions: { price, previousPrice } }),
  ],
  [
    'unsupported',
    new DomainError('unsupported', 'expedia offers no way to change this booking', { bookingId: 'BK1', supplierId: 'expedia' }),
    new HttpProblem('modification-unsupported', 'expedia offers no way to change this booking', {
      extensions: { bookingId: 'BK1', supplierId: 'expedia' },
    }),
  ],
  [
    'payment-refused',
    new DomainError('payment-refused', 'Wallet W1 has 10.00 EUR available', {
      walletId: 'W1',
      required: 120,
      currency: 'EUR',
      bookingId: 'BK1',
    }),
    new HttpProblem('insufficient-funds', 'Wallet W1 has 10.00 EUR available', {
      extensions: { walletId: 'W1', required: 120, currency: 'EUR', bookingId: 'BK1' },
    }),
  ],
  [
    'rate-limited',
    new DomainError('rate-limited', 'At most 10 token requests per 60 seconds per client; retry after 45 seconds', {
      retryAfterSeconds: 45,
    }),
    // The token endpoint's answer to a client past its window (token-rate-limit.ts), Retry-After included.
    new HttpProblem('rate-limited', 'At most 10 token requests per 60 seconds per client; retry after 45 seconds', {
      headers: { 'Retry-After': '45' },
      extensions: { retryAfterSeconds: 45 },
    }),
  ],
  [
    'supplier-failed',
    new DomainError('supplier-failed', 'The supplier refused the booking', { bookingId: 'BK1', supplierId: 'hotelbeds' }),
    new HttpProblem('supplier-error', 'The supplier refused the booking', { extensions: { bookingId: 'BK1', supplierId: 'hotelbeds' } }),
  ],
  [
    'supplier-timeout',
    new DomainError('supplier-timeout', 'The supplier did not answer in time'),
    new HttpProblem('supplier-timeout', 'The supplier did not answer in time'),
  ],
  [
    'not-completed',
    new DomainError('not-completed', 'Nothing is booked', { bookingId: 'BK1', supplierReference: 'HB-1', undone: true }),
    new HttpProblem('booking-not-completed', 'Nothing is booked', {
      extensions: { bookingId: 'BK1', supplierReference: 'HB-1', undone: true },
    }),
  ],
  [
    'dependency-unavailable',
    new DomainError('dependency-unavailable', 'Retry with the same Idempotency-Key', { bookingId: 'BK1' }),
    new HttpProblem('service-unavailable', 'Retry with the same Idempotency-Key', {
      extensions: { bookingId: 'BK1' },
      headers: { 'Retry-After': '5' },
    }),
  ],
  [
    'overloaded',
    new DomainError('overloaded', 'Too many bookings are in flight; nothing was sent to a supplier', { retryAfterSeconds: 3 }),
    new HttpProblem('overloaded', 'Too many bookings are in flight; nothing was sent to a supplier', {
      extensions: { retryAfterSeconds: 3 },
      headers: { 'Retry-After': '3' },
    }),
  ],
  [
    'fx-unavailable',
    // What a quote whose figure is past the maximum age is refused with (functions/domain/fx/fx-unavailable.ts).
    fxUnavailable(new FxUnavailableError('EUR', 'USD', 'the latest figure for USD (ECB) is of 2026-11-20, 7 days old', 'stale')),
    new HttpProblem(
      'fx-unavailable',
      'No exchange rate EUR→USD may be used now: the latest figure for USD (ECB) is of 2026-11-20, 7 days old. Retry after the seconds in Retry-After.',
      { extensions: { pair: { from: 'EUR', to: 'USD' }, retryAfterSeconds: 900 }, headers: { 'Retry-After': '900' } },
    ),
  ],
  [
    'planned',
    new DomainError('planned', 'Car search is planned', {
      capability: 'Car search',
      contract: '/openapi.json#/paths/~1v1~1cars~1search/get',
    }),
    new HttpProblem('not-implemented', 'Car search is planned', {
      extensions: { capability: 'Car search', contract: '/openapi.json#/paths/~1v1~1cars~1search/get' },
    }),
  ],
  [
    'internal',
    new DomainError('internal', 'The booking could not be completed; quote the instance id to support', { bookingId: 'BK1' }),
    new HttpProblem('internal-error', 'The booking could not be completed; quote the instance id to support', {
      extensions: { bookingId: 'BK1' },
    }),
  ],
];

describe('the table from domain errors to problems', () => {
  it('names a known problem kind for every domain kind', () => {
    for (const kind of DOMAIN_ERROR_KINDS) expect(PROBLEM_KINDS).toHaveProperty(DOMAIN_ERROR_PROBLEMS[kind].problem);
  });

  it.each(SAME_ANSWER)('answers %s with its problem, byte for byte', (_kind, domain, problem) => {
    expect(errorResponse(domain, 'req-1')).toStrictEqual(errorResponse(problem, 'req-1'));
  });

  it('is held against every kind', () => {
    expect(SAME_ANSWER.map(([kind]) => kind)).toEqual([...DOMAIN_ERROR_KINDS]);
    for (const [kind, domain] of SAME_ANSWER) expect(domain.kind).toBe(kind);
  });

  it('keeps the domain error as the cause, for the log line', () => {
    const error = new DomainError('conflict', 'Booking BK1 is pending', { bookingId: 'BK1' });
    expect(problemOf(error).cause).toBe(error);
  });

  it('words the field refusals of the HTTP edge as the domain words its own', () => {
    const errors = [{ path: 'header.Customer-Ip', message: 'must be an IPv4 or IPv6 address' }];
    expect(errorResponse(fieldProblem(errors), 'req-1')).toStrictEqual(
      errorResponse(new HttpProblem('validation-error', 'Invalid field: header.Customer-Ip', { extensions: { errors } }), 'req-1'),
    );
  });
});
