/**
 * Scalar API Reference's standalone build, which renders the reference page in the browser; served by
 * this API, so the page needs no outside network. Read once per container.
 *
 * Where the file is: DOCS_SCRIPT_PATH when the docs function's configuration sets it (its Lambda package
 * carries node_modules/@scalar/api-reference/dist/browser/standalone.js and points this at it); otherwise
 * the installed package (local host, tests).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export function scalarScriptPath(configured: string | undefined): string {
  if (configured?.trim()) return resolve(configured.trim());
  // Through the package's main entry: its exports map does not name the standalone build. In the bundle
  // there is no node_modules, and this line is never reached there.
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  } catch (error) {
    throw new Error("The API reference script was not found: set DOCS_SCRIPT_PATH to Scalar API Reference's dist/browser/standalone.js", {
      cause: error,
    });
  }
}

let script: string | undefined;

/** `configured`: DOCS_SCRIPT_PATH (docs-config.ts). */
export function scalarScript(configured: string | undefined): string {
  script ??= readFileSync(scalarScriptPath(configured), 'utf8');
  return script;
}
