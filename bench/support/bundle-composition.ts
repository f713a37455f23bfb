/**
 * What a bundle is made of, read from the source map that ships beside it (index.mjs.map): every byte of
 * the generated file is credited to the source its mapping segment names, then grouped by npm package (or
 * our own folder). The cause bench:cold-start prints when a function misses its goal.
 */
import { readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into segments [generatedColumn, sourceIndex | -1]. */
function segments(line: string, state: { source: number }): [number, number][] {
  const out: [number, number][] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0]!;
    if (values.length > 1) state.source += values[1]!;
    out.push([column, values.length > 1 ? state.source : -1]);
  }
  return out;
}

/** Bytes of `bundle` per package or folder, largest first. */
export function bundleComposition(bundle: string): [string, number][] {
  const code = readFileSync(bundle, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const bytes = new Map<string, number>();
  const state = { source: 0 };
  map.mappings.split(';').forEach((line, index) => {
    const text = code[index] ?? '';
    const marks = segments(line, state);
    marks.forEach(([column, source], i) => {
      if (source < 0) return;
      const end = marks[i + 1]?.[0] ?? text.length;
      const path = map.sources[source] ?? '?';
      // A package by its name; our own code by its room (functions/search, functions/domain/destinations).
      const group =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ??
        /(?:^|\/)((?:functions\/domain|functions|sandbox)\/[^/]+)/.exec(path)?.[1] ??
        path;
      bytes.set(group, (bytes.get(group) ?? 0) + Buffer.byteLength(text.slice(column, end)));
    });
  });
  return [...bytes].sort((a, b) => b[1] - a[1]);
}
