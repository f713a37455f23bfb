/**
 * DELETE /v1/hotels/bookings/{bookingId}/personal-data under its Idempotency-Key: the booking's personal
 * data erased from every store we keep (erasure.ts does it). 200 `{bookingId, personalDataErasedAt}`; a
 * replay, or another erasure later, answers the same time; a booking still pending is 409; another
 * tenant's booking is 404 like an unknown one.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { bookingParams } from '../record/booking-access.js';
import { refusalError } from '../record/refusal-error.js';
import { erasureBodySchema } from '../booking-request.js';
import { erasePersonalData } from './erase-personal-data.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';

export const handler = idempotentRoute('erasePersonalData', { params: bookingParams, body: erasureBodySchema }, async (input) => {
  const { tenant, body } = input;
  const outcome = await erasePersonalData(
    tenant,
    body.bookingId,
    { kind: 'partner', ...(body.requestReference ? { requestReference: body.requestReference } : {}) },
    bookingDeps(),
  );
  if (outcome.kind === 'not-found') throw new DomainError('not-found', `No booking ${body.bookingId}`);
  if (outcome.kind === 'pending') throw refusalError('erase-personal-data', body.bookingId, outcome.refusal);
  return {
    status: 200,
    body: { bookingId: outcome.bookingId, personalDataErasedAt: outcome.personalDataErasedAt },
    requestId: input.requestId,
  };
});
