/**
 * Valid values of a zod schema, generated from its JSON Schema (`z.toJSONSchema`, zod 4's own export), so
 * the hostile-input tests derive their requests from the contract the handlers enforce instead of a second,
 * hand-written copy of it. zod-fast-check would do this from the schema itself, but it supports zod 3 only.
 *
 * JSON Schema cannot carry zod's refinements (a calendar date, a city we serve, checkOut after checkIn), so
 * a value generated here satisfies the shape and the bounds, not always the refinements: the tests decide
 * validity with the zod schema itself, never with this generator.
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
};

/** A schema's input side as JSON Schema: fields with defaults are optional, as a caller may leave them out. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Follows `$ref`s into the root's `$defs` (zod writes a schema with an id there). */
export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1];
    const target = name === undefined ? undefined : root.$defs?.[name];
    if (!target || hops > 32) throw new Error(`cannot resolve ${current.$ref}`);
    current = target;
  }
  return current;
}

/** How many candidates `preferAccepted` draws for one value. */
const CANDIDATES = 8;

/**
 * Values the zod schema itself accepts, most of the time: JSON Schema cannot carry refinements (a child
 * needs an age, a room an adult), so of a few generated candidates the first the schema accepts is taken,
 * or the first if none is. Bounded, so a schema whose refinements need live values cannot stall a run.
 */
export function preferAccepted<T>(arbitrary: fc.Arbitrary<T>, accepts: (value: T) => boolean): fc.Arbitrary<T> {
  return fc
    .array(arbitrary, { minLength: CANDIDATES, maxLength: CANDIDATES })
    .map((candidates) => candidates.find(accepts) ?? candidates[0]!);
}

/** Valid arrays and strings stay small: the hostile side makes the huge ones. */
const GENERATED_ITEMS = 3;
const GENERATED_CHARACTERS = 24;

export function arbitraryOf(schema: JsonSchema, root: JsonSchema = schema): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryOf(v, root)));
  if (s.allOf?.length === 1) return arbitraryOf(s.allOf[0]!, root);
  const type = Array.isArray(s.type) ? (s.type[0] as string) : (s.type as string | undefined);
  switch (type) {
    case 'object':
      return objectOf(s, root);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + GENERATED_ITEMS, minLength + GENERATED_ITEMS);
      return fc.array(arbitraryOf(s.items ?? {}, root), { minLength, maxLength });
    }
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({ min: Math.ceil(lowerBound(s) ?? -1_000_000), max: Math.floor(upperBound(s) ?? 1_000_000) });
    case 'number':
      return fc
        .double({ min: lowerBound(s) ?? -1e6, max: upperBound(s) ?? 1e6, noNaN: true, noDefaultInfinity: true })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // `{}` (anything): a small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function lowerBound(s: JsonSchema): number | undefined {
  return (
    s.minimum ??
    (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + Number.EPSILON * Math.max(1, Math.abs(s.exclusiveMinimum)))
  );
}

function upperBound(s: JsonSchema): number | undefined {
  return (
    s.maximum ??
    (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - Number.EPSILON * Math.max(1, Math.abs(s.exclusiveMaximum)))
  );
}

function objectOf(s: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, root)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((key) => key in properties) });
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Number.MAX_SAFE_INTEGER;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (s.pattern !== undefined) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, GENERATED_CHARACTERS)) }).filter(fits);
}
