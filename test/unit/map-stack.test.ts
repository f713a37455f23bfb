/**
 * `npm run map-stack` (bin/map-stack.mjs): a stack logged by a minified bundle, turned back into TypeScript
 * positions with the source map that ships beside it, as on-call reads a function's error log.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';

const dir = mkdtempSync(join(tmpdir(), 'map-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('map-stack', () => {
  it('maps a minified frame to the TypeScript file and line that threw', async () => {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { failHere } from ${JSON.stringify(repositoryPath('test/fixtures/throws-here.ts'))};\nexport const handler = () => failHere();\n`,
    );
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      minify: true,
      sourcemap: true,
      outfile: join(dir, 'index.mjs'),
      logLevel: 'silent',
    });
    // The stack as the function logs it without --enable-source-maps: positions in index.mjs.
    const stack = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(join(dir, 'index.mjs')).href)}); try { m.handler(); } catch (e) { process.stdout.write(e.stack); }`,
      ],
      { encoding: 'utf8' },
    );
    expect(stack).toMatch(/index\.mjs:\d+:\d+/);
    const mapped = spawnSync(process.execPath, [repositoryPath('bin/map-stack.mjs'), dir], { input: stack, encoding: 'utf8' });
    expect(mapped.status).toBe(0);
    expect(mapped.stdout).toContain('failing on purpose: mapped');
    expect(mapped.stdout).toMatch(/test\/fixtures\/throws-here\.ts:4:\d+/);
  });
});
