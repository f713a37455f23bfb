/**
 * A booking names its hotel from what the partner was shown (the offer's name, which the rateId carries) or
 * from the supplier's booking answer, never by our internal id, also when the property map does not hold the
 * property yet: GET and the voucher read the record's name.
 */
import { describe, expect, it } from 'vitest';
import { requestedMove } from '../../functions/domain/booking/booking-lifecycle.js';
import { describeRate } from '../../functions/domain/rate/shown-rate.js';
import { signRateId, verifyRateId } from '../../functions/domain/rate/rate-id.js';
import { confirmedTerms, pendingRecord } from '../../functions/booking/flow/booking-draft.js';
import type { SupplierBooking } from '../../functions/suppliers/port.js';
import { checkedFlowState } from '../support/flow-state.js';

const REQUEST = { kind: 'request' as const, at: '2026-11-25T12:00:00.000Z', supplierId: 'hotelbeds', requestId: 'req-1' };

describe("a booking's hotel name", () => {
  it("travels in the rateId from the offer a search showed, cut to the ticket's length", () => {
    const state = checkedFlowState();
    const key = Buffer.alloc(32, 7);
    const described = describeRate(
      {
        supplierId: 'hotelbeds',
        supplierPropertyId: 'H1',
        rate: state.checked!.rate,
        boardBasis: 'RO',
        refundable: true,
        cancellationPolicy: [],
        price: state.checked!.price,
      },
      { propertyId: 'prop_1', name: `Hôtel des Arts Montmartre ${'x'.repeat(300)}` },
      { searchId: 'srch_1', checkIn: '2035-12-20', nights: 5, rooms: 1, expiresAt: '2036-01-01T00:00:00.000Z' },
    );
    const ticket = verifyRateId(signRateId(described.ticket, 'demo', key), 'demo', key, new Date('2030-01-01T00:00:00Z'));
    expect(ticket.propertyName).toMatch(/^Hôtel des Arts Montmartre x+$/);
    expect(ticket.propertyName).toHaveLength(200);
  });

  it("is the offer's when the property map does not hold the property", () => {
    const state = checkedFlowState();
    const checked = { ...state.checked!, ticket: { ...state.checked!.ticket, propertyName: 'Riad Dar Anika' } };
    expect(pendingRecord(state, checked, undefined, requestedMove(REQUEST)).propertyName).toBe('Riad Dar Anika');
  });

  it("is the supplier's booking answer's when nothing else named it (a rateId from before names were carried)", () => {
    const state = checkedFlowState();
    const record = pendingRecord(state, state.checked!, undefined, requestedMove(REQUEST));
    expect(record.propertyName).toBe('prop_1');
    const booking = {
      propertyName: 'Riad Dar Anika',
      rooms: [],
      price: { amount: '100.00', currency: 'EUR' },
      cancellationPolicy: [],
    } as unknown as SupplierBooking;
    expect(confirmedTerms(record, booking, state.checked!.price).propertyName).toBe('Riad Dar Anika');
    // A name the record already had is kept.
    expect(confirmedTerms({ ...record, propertyName: 'Riad Dar Anika (map)' }, booking, state.checked!.price).propertyName).toBeUndefined();
  });
});
