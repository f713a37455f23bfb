/**
 * Hostile requests made from valid ones. A valid value (from the route's own schema, plus the live values
 * only the server knows) is mutated in one place: one field replaced by a hostile value, deleted or nulled,
 * an unknown or `__proto__` key added, a key written twice; or the request's text itself is damaged:
 * truncated, non-UTF-8 bytes, a byte order mark, trailing garbage, the wrong or an oddly written
 * Content-Type. JSON bodies, query strings and forms each get the mutations that fit how they travel.
 */
import fc from 'fast-check';
import { hostileUnicode, hostileValueFor } from './hostile-values.js';
import { resolve, type JsonSchema } from './json-schema-arbitrary.js';
import { DuplicateKeys, jsonText, Raw, withOwnKey } from './json-text.js';

export type InputKind = 'json' | 'query' | 'form';
export type FieldPath = readonly (string | number)[];

/** One request to send: what was done to the valid value, and the bytes that carry it. */
export interface FuzzCase {
  readonly mutation: string;
  readonly query: string;
  readonly contentType: string | null;
  readonly body: Buffer | null;
  readonly headers: Readonly<Record<string, string>>;
}

/** How much of a counterexample's body a failure shows; FUZZ_SHOW_BYTES widens it to reproduce one by hand. */
const SHOWN_CHARACTERS = Number(process.env.FUZZ_SHOW_BYTES ?? 400);

function describeCase(c: Omit<FuzzCase, typeof fc.toStringMethod>): string {
  const body =
    c.body === null
      ? 'no body'
      : `${c.body.length} bytes: ${JSON.stringify(c.body.subarray(0, SHOWN_CHARACTERS).toString('utf8'))}${c.body.length > SHOWN_CHARACTERS ? '…' : ''}`;
  const query = c.query.length > SHOWN_CHARACTERS ? `${c.query.slice(0, SHOWN_CHARACTERS)}…` : c.query;
  return `{${c.mutation}; Content-Type ${JSON.stringify(c.contentType)}; query ${JSON.stringify(query)}; headers ${JSON.stringify(c.headers)}; ${body}}`;
}

function fuzzCase(c: Omit<FuzzCase, typeof fc.toStringMethod>): FuzzCase {
  // fast-check prints a counterexample with this: a summary, not a megabyte of body.
  return Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
}

export function formatPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  return out === '' ? '(root)' : out;
}

/** The JSON Schema of the field at `path`, `{}` where the schema has no such field. */
export function schemaAt(root: JsonSchema, path: FieldPath): JsonSchema {
  let current: JsonSchema = root;
  for (const segment of path) {
    const s = resolve(current, root);
    const next = typeof segment === 'number' ? s.items : s.properties?.[segment];
    if (!next) return {};
    current = next;
  }
  return resolve(current, root);
}

/** Every place in a value a mutation can hit: present fields and elements, and absent optional fields. */
export function fieldPaths(value: unknown, schema: JsonSchema, root: JsonSchema, at: FieldPath = []): FieldPath[] {
  const paths: FieldPath[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => paths.push([...at, i], ...fieldPaths(item, schemaAt(root, [...at, i]), root, [...at, i])));
  } else if (value !== null && typeof value === 'object') {
    const keys = new Set([...Object.keys(value), ...Object.keys(resolve(schema, root).properties ?? {})]);
    for (const key of keys) {
      paths.push([...at, key]);
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) paths.push(...fieldPaths(child, schemaAt(root, [...at, key]), root, [...at, key]));
    }
  }
  return paths;
}

function objectPaths(value: unknown, at: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') {
    return [at, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...at, key]))];
  }
  return [];
}

/** A copy of `value` with `change` applied to what sits at `path` (undefined deletes it). */
export function updateAt(value: unknown, path: FieldPath, change: (current: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    const next = updateAt(copy[head], rest, change);
    if (next === undefined && rest.length === 0) copy.splice(head, 1);
    else copy[head] = next;
    return copy;
  }
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const key = String(head);
  const next = updateAt(base[key], rest, change);
  const copy = withOwnKey(Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)), key, next);
  if (next === undefined) delete copy[key];
  return copy;
}

const unknownKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '', ' ', 'rateId ', 'a.b', '[0]', '$where'),
  hostileUnicode,
);

/** One field of a valid value mutated; returns the description and the mutated value (Raw pieces allowed). */
export function fieldMutation(valid: unknown, schema: JsonSchema): fc.Arbitrary<{ mutation: string; value: unknown }> {
  const paths = fieldPaths(valid, schema, schema);
  const objects = objectPaths(valid);
  const arbitraries: fc.Arbitrary<{ mutation: string; value: unknown }>[] = [];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    arbitraries.push(
      path.chain((p) =>
        hostileValueFor(schemaAt(schema, p)).map((hostile) => ({
          mutation: `replace ${formatPath(p)}`,
          value: updateAt(valid, p, () => hostile),
        })),
      ),
      path.map((p) => ({ mutation: `delete ${formatPath(p)}`, value: updateAt(valid, p, () => undefined) })),
      path.map((p) => ({ mutation: `null ${formatPath(p)}`, value: updateAt(valid, p, () => null) })),
      path.map((p) => ({ mutation: `wrap ${formatPath(p)} in an array`, value: updateAt(valid, p, (v) => [v]) })),
    );
  }
  if (objects.length > 0) {
    const object = fc.constantFrom(...objects);
    arbitraries.push(
      fc.tuple(object, unknownKey, fc.oneof(hostileValueFor({}), fc.constant('x'))).map(([p, key, hostile]) => ({
        mutation: `add key ${JSON.stringify(key)} at ${formatPath(p)}`,
        value: updateAt(valid, p, (o) => withOwnKey(o as Record<string, unknown>, key, hostile)),
      })),
      fc.tuple(object, fc.boolean(), fc.nat()).chain(([p, hostileFirst, pick]) => {
        const o = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], valid) as Record<string, unknown>;
        const keys = Object.keys(o);
        if (keys.length === 0) return fc.constant({ mutation: `empty object at ${formatPath(p)}`, value: updateAt(valid, p, () => ({})) });
        const key = keys[pick % keys.length]!;
        return hostileValueFor(schemaAt(schema, [...p, key])).map((hostile) => {
          const entries = Object.entries(o) as [string, unknown][];
          const twice: [string, unknown][] = hostileFirst ? [[key, hostile], ...entries] : [...entries, [key, hostile]];
          return {
            mutation: `key ${formatPath([...p, key])} written twice, the ${hostileFirst ? 'first' : 'last'} hostile`,
            value: updateAt(valid, p, () => new DuplicateKeys(twice)),
          };
        });
      }),
    );
  }
  arbitraries.push(hostileValueFor(schema).map((hostile) => ({ mutation: 'replace the whole body', value: hostile })));
  return fc.oneof(...arbitraries);
}

export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'APPLICATION/JSON;CHARSET=UTF-8',
  'application/problem+json',
  'application/vnd.partner+json',
  'application/json;charset=utf-16',
];
const WRONG_CONTENT_TYPES = [
  null,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
  'application/octet-stream',
  'json',
  ';',
  'application/ json',
];
const FORM_CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'Application/X-WWW-Form-Urlencoded',
];

/** Bytes that are not UTF-8: a stray continuation byte, an overlong slash, an encoded surrogate, past U+10FFFF. */
const NOT_UTF8 = [[0xff], [0x80], [0xc0, 0xaf], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]];

/** The text of a request damaged as a whole. */
function textMutation(
  text: string,
  contentTypes: readonly string[],
): fc.Arbitrary<{ mutation: string; contentType: string | null; body: Buffer | null }> {
  const bytes = Buffer.from(text, 'utf8');
  const type = contentTypes[0]!;
  return fc.oneof(
    fc
      .integer({ min: 0, max: Math.max(0, bytes.length - 1) })
      .map((at) => ({ mutation: `truncated after ${at} bytes`, contentType: type, body: bytes.subarray(0, at) })),
    fc
      .constantFrom(...WRONG_CONTENT_TYPES, ...contentTypes)
      .filter((t) => t !== type)
      .map((t) => ({ mutation: `Content-Type ${JSON.stringify(t)}`, contentType: t, body: bytes })),
    fc.tuple(fc.constantFrom(...NOT_UTF8), fc.nat()).map(([bad, at]) => {
      const cut = at % (bytes.length + 1);
      return {
        mutation: `bytes ${Buffer.from(bad).toString('hex')} (not UTF-8) at ${cut}`,
        contentType: type,
        body: Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]),
      };
    }),
    fc.constant({ mutation: 'byte order mark first', contentType: type, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) }),
    fc.constantFrom('x', '}', ']', '{}', ',', '\u0000', '/* comment */').map((tail) => ({
      mutation: `${JSON.stringify(tail)} after the body`,
      contentType: type,
      body: Buffer.concat([bytes, Buffer.from(tail)]),
    })),
    fc
      .constantFrom('', ' ', '\n\t ', '\u0000')
      .map((only) => ({ mutation: `body ${JSON.stringify(only)}`, contentType: type, body: only === '' ? null : Buffer.from(only) })),
  );
}

/** A JSON body route's hostile requests, from valid bodies. */
export function jsonCases(valid: fc.Arbitrary<unknown>, schema: JsonSchema): fc.Arbitrary<FuzzCase> {
  const headers = {};
  const json = (mutation: string, value: unknown, contentType = 'application/json') =>
    fuzzCase({ mutation, query: '', contentType, body: Buffer.from(jsonText(value), 'utf8'), headers });
  return valid.chain((v) =>
    fc.oneof(
      { arbitrary: fc.constant(json('valid', v)), weight: 1 },
      { arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES).map((t) => json(`valid, Content-Type ${JSON.stringify(t)}`, v, t)), weight: 1 },
      { arbitrary: fieldMutation(v, schema).map((m) => json(m.mutation, m.value)), weight: 10 },
      {
        arbitrary: fieldMutation(v, schema).chain((m) =>
          textMutation(jsonText(m.value), JSON_CONTENT_TYPES).map((t) =>
            fuzzCase({ ...t, mutation: `${m.mutation}, then ${t.mutation}`, query: '', headers }),
          ),
        ),
        weight: 1,
      },
      { arbitrary: textMutation(jsonText(v), JSON_CONTENT_TYPES).map((t) => fuzzCase({ ...t, query: '', headers })), weight: 4 },
    ),
  );
}

/** Query strings and forms carry strings: a hostile value travels as its text, capped so a URL stays a URL. */
const MAX_PARAMETER_CHARACTERS = 3_000;
function asParameter(value: unknown): string {
  const text = typeof value === 'string' ? value : value instanceof Raw ? value.text : jsonText(value);
  return text.slice(0, MAX_PARAMETER_CHARACTERS);
}

/** Percent-encoding as browsers write it, except that lone surrogates and bad escapes are written as they are. */
function encodeParameter(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += '%ED%A0%80';
    else if (/[A-Za-z0-9*\-._]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += encodeURIComponent(char);
  }
  return out;
}

type Pairs = readonly (readonly [string, string])[];
const pairsText = (pairs: Pairs) => pairs.map(([k, v]) => `${encodeParameter(k)}=${encodeParameter(v)}`).join('&');

const RAW_PARAMETER_TEXT = ['%', '%ZZ', '%00', '%C3%28', '%FF', '%ED%A0%80', '%E2%82', '&&&', '=', '==', 'a', '%2', '+%2B+', '\u00e9'];

/** Parameters (query or form) mutated one at a time, or their text damaged. */
function parameterMutation(valid: Record<string, unknown>, schema: JsonSchema): fc.Arbitrary<{ mutation: string; text: string }> {
  const pairs: Pairs = Object.entries(valid)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, asParameter(v)]);
  const names = [...new Set([...pairs.map(([k]) => k), ...Object.keys(schema.properties ?? {})])];
  const name = fc.constantFrom(...names);
  const without = (n: string) => pairs.filter(([k]) => k !== n);
  return fc.oneof(
    {
      arbitrary: name.chain((n) =>
        hostileValueFor(schemaAt(schema, [n])).map((hostile) => ({
          mutation: `replace ${n}`,
          text: pairsText([...without(n), [n, asParameter(hostile)]]),
        })),
      ),
      weight: 8,
    },
    { arbitrary: name.map((n) => ({ mutation: `delete ${n}`, text: pairsText(without(n)) })), weight: 2 },
    { arbitrary: name.map((n) => ({ mutation: `empty ${n}`, text: pairsText([...without(n), [n, '']]) })), weight: 2 },
    {
      arbitrary: fc.tuple(name, fc.boolean()).chain(([n, hostileFirst]) =>
        hostileValueFor(schemaAt(schema, [n])).map((hostile) => {
          const twice: Pairs = hostileFirst ? [[n, asParameter(hostile)], ...pairs] : [...pairs, [n, asParameter(hostile)]];
          return { mutation: `${n} sent twice, the ${hostileFirst ? 'first' : 'last'} hostile`, text: pairsText(twice) };
        }),
      ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(unknownKey, hostileValueFor({}))
        .map(([k, v]) => ({ mutation: `add parameter ${JSON.stringify(k)}`, text: pairsText([...pairs, [k, asParameter(v)]]) })),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(name, fc.constantFrom(...RAW_PARAMETER_TEXT)).map(([n, raw]) => ({
        mutation: `${n} written as ${JSON.stringify(raw)}`,
        text: [pairsText(without(n)), `${encodeParameter(n)}=${raw}`].filter(Boolean).join('&'),
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(...RAW_PARAMETER_TEXT)
        .map((raw) => ({ mutation: `parameters followed by ${JSON.stringify(raw)}`, text: `${pairsText(pairs)}&${raw}` })),
      weight: 1,
    },
  );
}

/** A query route's hostile requests: the query string mutated; no body. */
export function queryCases(valid: fc.Arbitrary<Record<string, unknown>>, schema: JsonSchema): fc.Arbitrary<FuzzCase> {
  const headers = {};
  const asQuery = (text: string) => (text === '' ? '' : `?${text}`);
  return valid.chain((v) =>
    fc.oneof(
      {
        arbitrary: fc.constant(
          fuzzCase({
            mutation: 'valid',
            query: asQuery(
              pairsText(
                Object.entries(v)
                  .filter(([, x]) => x !== undefined)
                  .map(([k, x]) => [k, asParameter(x)]),
              ),
            ),
            contentType: null,
            body: null,
            headers,
          }),
        ),
        weight: 1,
      },
      {
        arbitrary: parameterMutation(v, schema).map((m) =>
          fuzzCase({ mutation: m.mutation, query: asQuery(m.text), contentType: null, body: null, headers }),
        ),
        weight: 10,
      },
    ),
  );
}

const HOSTILE_AUTHORIZATION = [
  'Basic',
  'Basic ',
  'Basic !!!',
  'Basic ' + Buffer.from('only-an-id').toString('base64'),
  'Basic ' + Buffer.from(':').toString('base64'),
  'Basic ' + Buffer.from('%ZZ:%ZZ').toString('base64'),
  'Bearer x',
  'Basic ' + 'QUJD'.repeat(2_000),
  'basic ZGVtbzpkZW1v',
];

/** The token form's hostile requests: fields, the form's text, its Content-Type, and the Authorization header. */
export function formCases(valid: fc.Arbitrary<Record<string, unknown>>, schema: JsonSchema): fc.Arbitrary<FuzzCase> {
  const headers = {};
  const form = (mutation: string, text: string, contentType: string | null = FORM_CONTENT_TYPES[0]!, extra: Record<string, string> = {}) =>
    fuzzCase({
      mutation,
      query: '',
      contentType,
      body: text === '' ? null : Buffer.from(text, 'latin1'),
      headers: { ...headers, ...extra },
    });
  return valid.chain((v) => {
    const text = pairsText(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, asParameter(x)]),
    );
    return fc.oneof(
      { arbitrary: fc.constant(form('valid', text)), weight: 1 },
      { arbitrary: parameterMutation(v, schema).map((m) => form(m.mutation, m.text)), weight: 10 },
      { arbitrary: textMutation(text, FORM_CONTENT_TYPES).map((t) => fuzzCase({ ...t, query: '', headers })), weight: 3 },
      {
        arbitrary: fc
          .constantFrom(...HOSTILE_AUTHORIZATION)
          .map((a) => form(`Authorization ${JSON.stringify(a.slice(0, 40))}`, text, FORM_CONTENT_TYPES[0], { Authorization: a })),
        weight: 1,
      },
    );
  });
}
