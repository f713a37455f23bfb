/**
 * Every command-line tool answers `--help` with its usage and its exit codes on stdout, and exits 0 without
 * starting anything. The tools are read from package.json's scripts (a new script's tool is checked without
 * touching this file), plus those run by hand.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';

const scripts = (JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const fromScripts = Object.values(scripts).flatMap((command) =>
  [...command.matchAll(/\b(?:bin|bench)\/[\w-]+\.(?:ts|mjs)\b/g)].map((m) => m[0]),
);
const byHand = ['bin/build-street-types.ts', 'bench/search-capacity.ts'];
const tools = [...new Set([...fromScripts, ...byHand])].sort();

interface Answer {
  code: number | null;
  stdout: string;
  stderr: string;
}

function help(file: string): Promise<Answer> {
  return new Promise((done) => {
    // A tool that ignores --help would start its real work: the timeout stops it and the test fails.
    execFile(
      process.execPath,
      ['--import', 'tsx', repositoryPath(file), '--help'],
      { cwd: repositoryPath('.'), timeout: 50_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('--help', () => {
  it('finds the tools package.json runs', () => {
    expect(tools).toEqual(
      expect.arrayContaining([
        'bin/admin.ts',
        'bin/finance-ledger.ts',
        'bin/map-stack.mjs',
        'bench/fuzz.ts',
        'bin/build-destinations.ts',
        'bin/demo.ts',
        'bin/openapi.ts',
        'bin/local.ts',
      ]),
    );
  });

  // Side by side: each is a process of its own, mostly loading modules.
  it.concurrent.each(tools)(
    '%s prints its usage and exit codes and exits 0',
    async (file) => {
      const answer = await help(file);
      expect(answer.code, answer.stderr).toBe(0);
      expect(answer.stdout).toMatch(/usage:/i);
      expect(answer.stdout).toMatch(/exit codes:/i);
    },
    60_000,
  );
});
