/**
 * The hostile-input suite's generators keep their word: values generated from a schema's JSON Schema are
 * ones the zod schema accepts (where no refinement needs a live value), so the suite's traffic reaches past
 * validation; and a mutation changes exactly what it says, in the bytes that are sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, modifyBookingBodySchema } from '../../functions/booking/booking-request.js';
import { carBookingRequestSchema } from '../../functions/cars/car-booking-request.js';
import { arbitraryOf, inputJsonSchema, preferAccepted } from '../support/fuzz/json-schema-arbitrary.js';
import { DuplicateKeys, jsonText, Raw, withOwnKey } from '../support/fuzz/json-text.js';
import { fieldPaths, formatPath, updateAt } from '../support/fuzz/mutations.js';

const SAMPLES = 300;

describe('valid values from a zod schema', () => {
  it.each([
    ['booking', bookingRequestSchema],
    ['car booking', carBookingRequestSchema],
    ['modification', modifyBookingBodySchema],
  ] as const)('the %s schema accepts nearly every value the suite starts from', (_, schema) => {
    const generated = arbitraryOf(inputJsonSchema(schema));
    const accepted = (arbitrary: fc.Arbitrary<unknown>) =>
      fc.sample(arbitrary, { numRuns: SAMPLES, seed: 1 }).filter((v) => schema.safeParse(v).success).length / SAMPLES;
    // The JSON Schema alone: the shape and the bounds, not the refinements (a child's age, a room's adult).
    expect(accepted(generated)).toBeGreaterThan(0.3);
    expect(accepted(preferAccepted(generated, (v) => schema.safeParse(v).success))).toBeGreaterThan(0.95);
  });
});

describe('JSON text', () => {
  it('writes what JSON.stringify cannot: raw number literals, a key twice, an own __proto__ key', () => {
    expect(jsonText({ a: new Raw('1e400'), b: [new Raw('-0')] })).toBe('{"a":1e400,"b":[-0]}');
    expect(
      jsonText(
        new DuplicateKeys([
          ['a', 1],
          ['a', 'x'],
        ]),
      ),
    ).toBe('{"a":1,"a":"x"}');
    expect(jsonText(withOwnKey({ a: 1 }, '__proto__', { polluted: true }))).toBe('{"a":1,"__proto__":{"polluted":true}}');
    expect(JSON.parse(jsonText({ s: 'Ada\ud800' }))).toEqual({ s: 'Ada\ud800' });
  });
});

describe('field mutations', () => {
  it('reach every field, present or optional, and change only that one', () => {
    const schema = inputJsonSchema(bookingRequestSchema);
    const value = {
      rateId: 'r',
      searchId: 's',
      holder: { firstName: 'A', lastName: 'B', email: 'a@b.co' },
      rooms: [{ guests: [{ type: 'adult', firstName: 'A', lastName: 'B' }] }],
      clientReference: 'c',
    };
    const paths = fieldPaths(value, schema, schema).map(formatPath);
    expect(paths).toEqual(
      expect.arrayContaining(['holder.phone', 'payment', 'priceTolerance', 'rooms[0].guests[0].age', 'rooms[0].guests[0].firstName']),
    );
    const changed = updateAt(value, ['rooms', 0, 'guests', 0, 'firstName'], () => null) as typeof value;
    expect(changed.rooms[0]!.guests[0]!.firstName).toBeNull();
    expect({ ...changed, rooms: value.rooms }).toEqual(value);
    expect(value.rooms[0]!.guests[0]!.firstName).toBe('A');
    expect(updateAt(value, ['holder', 'email'], () => undefined)).toEqual({ ...value, holder: { firstName: 'A', lastName: 'B' } });
  });
});
