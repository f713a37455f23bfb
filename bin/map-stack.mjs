/**
 * `npm run map-stack -- <function package dir or index.mjs> < stack.txt`: turns a stack trace logged by a
 * deployed function (positions in the minified index.mjs) into TypeScript source positions, with the
 * index.mjs.map that ships beside the bundle. The functions do not map stacks themselves: parsing the map
 * at every cold start cost more than the rest of some functions' start (docs/benchmarks.md, "Cold start").
 * Uses Node's own source map support (module.findSourceMap), nothing else. Plain JavaScript run by node:
 * under tsx's loader Node would find tsx's maps instead of the bundle's.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { findSourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const USAGE = `usage: npm run map-stack -- <function package dir or index.mjs> < stack.txt

Reads a stack trace logged by a deployed function on stdin and prints it with each index.mjs position
turned into the TypeScript file:line:column, using the index.mjs.map that ships beside the bundle.

Exit codes: 0 mapped, 1 Node did not load the source map, 2 usage (no bundle named, or none there, or no
source map beside it).`;
const target = process.argv[2];
if (target === '--help' || target === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!target || !existsSync(target)) {
  console.error(target ? `no such file or folder: ${target}\n\n${USAGE}` : USAGE);
  process.exit(2);
}
const bundle = resolve(statSync(target).isDirectory() ? join(target, 'index.mjs') : target);
if (!existsSync(`${bundle}.map`)) {
  console.error(`no source map beside ${bundle}`);
  process.exit(2);
}
process.setSourceMapsEnabled(true);
// Loading registers the map with Node; the module's own start-up (clients, env) may fail without its
// environment, which does not matter here.
await import(pathToFileURL(bundle).href).catch(() => undefined);
const map = findSourceMap(bundle);
if (!map) {
  console.error(`Node did not load the source map of ${bundle}`);
  process.exit(1);
}
// A frame as Lambda logs it: file:///var/task/index.mjs:2:1500 (1-based line and column).
const frame = /(?:file:\/\/)?[^\s()]*index\.mjs:(\d+):(\d+)/g;
for (const line of readFileSync(0, 'utf8').split('\n')) {
  console.log(
    line.replace(frame, (whole, row, column) => {
      const origin = map.findOrigin(Number(row), Number(column));
      return 'fileName' in origin ? `${origin.fileName.replace(/^file:\/\//, '')}:${origin.lineNumber}:${origin.columnNumber}` : whole;
    }),
  );
}
