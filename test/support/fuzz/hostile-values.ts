/**
 * What an attacker or a careless client puts where a field's value belongs: the wrong type, nothing,
 * huge strings and arrays, deep nesting, hostile Unicode (lone surrogates, NUL, bidi overrides), numbers at
 * and past the field's own limits, impossible dates, injection strings. Limits come from the field's JSON
 * Schema, so a bound changed in the zod schema moves the probes with it.
 */
import fc from 'fast-check';
import type { JsonSchema } from './json-schema-arbitrary.js';
import { Raw } from './json-text.js';

export const HUGE_STRING_LENGTH = 1_000_000;
export const HUGE_ARRAY_LENGTH = 100_000;
export const DEEP_NESTING = 100_000;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const control = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const oddCharacter = fc.oneof(
  loneSurrogate,
  control,
  fc.constantFrom(
    '\u0000',
    '\u007f',
    '\u0085',
    '\u200b',
    '\u200d',
    '\u202e',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\ufffd',
    '\uffff',
    '\u{10ffff}',
    '\u{1f4a9}',
    '\u0301',
    'İ',
    'ß',
    'ﬃ',
    '\\',
    '"',
    '%',
    "'",
  ),
);

/** Strings of every kind of code unit, lone surrogates included (fast-check's own units never make those). */
export const hostileUnicode: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.oneof(oddCharacter, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  loneSurrogate.map((s) => `Ada${s}`),
  fc.constant('\u0000'),
  fc.constant('A\u0000B'),
  fc.constant('Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a\u035b'.repeat(20)),
);

const INJECTIONS = [
  "' OR '1'='1",
  '"; DROP TABLE bookings; --',
  '{"$gt":""}',
  '$where',
  '../../../../etc/passwd',
  'C:\\Windows\\win.ini',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as a plain string
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%s%s%s%n',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
  'toString',
  'undefined',
  'null',
  'NaN',
  '-0',
  '1e400',
  ' ',
  '\t\n',
];

const IMPOSSIBLE_DATES = [
  '2027-02-30',
  '2027-02-29',
  '2028-02-29',
  '2027-13-01',
  '2027-00-10',
  '2027-04-31',
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '+275760-09-13',
  '-271821-04-20',
  '2027-3-1',
  '2027-03-01T00:00:00Z',
  '2027-03-01 ',
  '２０２７-０３-０１',
  '2027-03-01\u0000',
  '1970-01-01',
  '2027-03-01T10:00',
  '2027-03-01T25:61',
  '2027-02-30T10:00',
];

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const huge: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1_000, 100_000, HUGE_STRING_LENGTH).map((n) => 'x'.repeat(n)),
  fc.constantFrom(1_000, HUGE_ARRAY_LENGTH).map((n) => new Array<number>(n).fill(0)),
  fc.constant(new Raw(`[${new Array(10_000).fill('{"adults":2}').join(',')}]`)),
  fc.constantFrom(1_000, DEEP_NESTING).map((depth) => new Raw('['.repeat(depth) + ']'.repeat(depth))),
  fc.constant(new Raw('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000))),
);

const weirdNumbers: fc.Arbitrary<unknown> = fc.constantFrom(
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw(`1${'0'.repeat(400)}`),
  new Raw('9007199254740993'),
  new Raw('-0'),
  new Raw('1.0'),
  new Raw('1E2'),
  new Raw('0.1e-400'),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 1,
  -Number.MAX_SAFE_INTEGER - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  0.1 + 0.2,
);

/** Numbers at and just past the field's bounds, when it has any. */
function numbersAtLimits(s: JsonSchema): fc.Arbitrary<unknown> {
  const points: number[] = [0, -1, 0.5];
  for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
    if (bound === undefined) continue;
    points.push(bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, bound - 1e-9, bound + 1e-9);
  }
  return fc.oneof(fc.constantFrom(...points), weirdNumbers);
}

/** Strings at and just past the field's lengths, and near misses of its pattern. */
function stringsAtLimits(s: JsonSchema): fc.Arbitrary<unknown> {
  const lengths = [0, 1];
  if (s.minLength !== undefined) lengths.push(s.minLength - 1, s.minLength);
  if (s.maxLength !== undefined) lengths.push(s.maxLength, s.maxLength + 1);
  const padded = fc
    .constantFrom(...lengths.filter((n) => n >= 0))
    .chain((n) => fc.constantFrom('a', ' ', 'é', '\u{1f600}').map((c) => c.repeat(n).slice(0, Math.max(n, 0))));
  const arbitraries: fc.Arbitrary<unknown>[] = [padded];
  if (s.pattern !== undefined) {
    const matching = fc.stringMatching(new RegExp(s.pattern), { size: 'small' });
    arbitraries.push(
      matching.map((v) => `${v} `),
      matching.map((v) => ` ${v}`),
      matching.map((v) => v.toLowerCase()),
      fc.tuple(matching, oddCharacter).map(([v, c]) => v + c),
      fc.tuple(matching, oddCharacter, fc.nat()).map(([v, c, at]) => v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1))),
    );
  }
  if (s.enum) arbitraries.push(fc.constantFrom(...s.enum.map((v) => String(v).toLowerCase()), ...s.enum.map((v) => `${String(v)} `)));
  return fc.oneof(...arbitraries);
}

/** A hostile replacement for a field whose JSON Schema is `s` (or `{}` for a field the schema does not have). */
export function hostileValueFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const typed: fc.Arbitrary<unknown>[] = [];
  if (type === 'integer' || type === 'number') typed.push(numbersAtLimits(s));
  if (type === 'string') typed.push(stringsAtLimits(s), fc.constantFrom(...IMPOSSIBLE_DATES));
  if (type === 'array') {
    const longer = (s.maxItems ?? 10) + 1;
    typed.push(fc.constantFrom([], new Array(longer).fill(null), new Array(longer).fill({})));
  }
  if (type === 'object')
    typed.push(
      fc.constantFrom({}, [], new Raw('{"__proto__":{"polluted":true}}'), new Raw('{"constructor":{"prototype":{"polluted":true}}}')),
    );
  return fc.oneof(
    { arbitrary: fc.constantFrom(null, '', [], {}, true, 0), weight: 2 },
    { arbitrary: wrongType, weight: 2 },
    { arbitrary: hostileUnicode, weight: 3 },
    { arbitrary: fc.constantFrom(...INJECTIONS, ...IMPOSSIBLE_DATES), weight: 2 },
    { arbitrary: weirdNumbers, weight: 1 },
    { arbitrary: huge, weight: 1 },
    ...typed.map((arbitrary) => ({ arbitrary, weight: 4 })),
  );
}
