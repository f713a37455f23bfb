/**
 * JSON text with what JSON.stringify cannot write: number literals past a double (`1e400`), a key written
 * twice, nesting deeper than a recursive serializer survives. A hostile value is a plain JSON value with
 * `Raw` fragments wherever the text itself is the point.
 */

/** A fragment written into the JSON text as it is. */
export class Raw {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** An object whose text repeats a key: `entries` are written in order, duplicates included. */
export class DuplicateKeys {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof DuplicateKeys) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    // Object.keys: an own `__proto__` key (as JSON.parse makes one) is written like any other.
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) parts.push(`${JSON.stringify(key)}:${jsonText(item)}`);
    }
    return `{${parts.join(',')}}`;
  }
  // JSON.stringify escapes lone surrogates (well-formed JSON.stringify), so they travel as \udxxx.
  return JSON.stringify(value) ?? 'null';
}

/** An object literal with an own property named `__proto__` (an assignment would set the prototype instead). */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(target))
    Object.defineProperty(copy, k, { value: target[k], enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
