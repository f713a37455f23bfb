/**
 * Code under functions/ reads its function's typed configuration, never the environment: each function's
 * schema (the *-config.ts beside its entry) is parsed once at its cold start by functions/shared/
 * function-config.ts, the one module that reads process.env. A file that reads it anyway fails here, unless
 * it is on the list below with its reason.
 *
 * Read with the TypeScript compiler's parser, not a regular expression: `process.env` in a comment or a
 * string is not a read, and `process['env']`, `const { env } = process` and `import { env } from
 * 'node:process'` are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '../../lib/project-paths.js';

/** The files that may read the environment, and why. */
const MAY_READ_THE_ENVIRONMENT: Readonly<Record<string, string>> = {
  'functions/shared/function-config.ts': "parses a function's configuration from its environment, once, at its cold start",
  'functions/shared/observability.ts':
    "Powertools' own POWERTOOLS_SERVICE_NAME and POWERTOOLS_METRICS_NAMESPACE, read where the logger, metrics and tracer are made: at the import of every module that logs, before any configuration is parsed. Every function's schema requires both (observability-config.ts), and Powertools reads the rest of its variables itself",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(repositoryPath(dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** Lines that read the environment: process.env, process['env'], `env` taken out of process or node:process. */
function environmentReads(text: string): number[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const isProcess = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'process';
  const read = (node: ts.Node) => lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === 'env') read(node);
    if (ts.isElementAccessExpression(node) && isProcess(node.expression) && ts.isStringLiteralLike(node.argumentExpression))
      if (node.argumentExpression.text === 'env') read(node);
    if (ts.isVariableDeclaration(node) && node.initializer && isProcess(node.initializer) && ts.isObjectBindingPattern(node.name))
      if (node.name.elements.some((e) => (e.propertyName ?? e.name).getText(source) === 'env')) read(node);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?process$/.test(node.moduleSpecifier.text))
      read(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('reading the environment', () => {
  it('is recognised in each of its forms, and only in real code', () => {
    const text = [
      '// process.env.X in a comment',
      "const s = 'process.env.X in a string';",
      'const a = process.env.A;',
      "const b = process['env'].B;",
      'const { env } = process;',
      "import { env as environment } from 'node:process';",
      'const c = someone.process.env;',
    ].join('\n');
    expect(environmentReads(text)).toEqual([3, 4, 5, 6]);
  });

  it('happens under functions/ only where the list says why', () => {
    const readers = Object.fromEntries(
      sourceFiles('functions').flatMap((file) => {
        const lines = environmentReads(readFileSync(repositoryPath(file), 'utf8'));
        return lines.length > 0 ? [[file, lines]] : [];
      }),
    );
    const unexplained = Object.keys(readers).filter((file) => !(file in MAY_READ_THE_ENVIRONMENT));
    expect(unexplained, `read the function's configuration instead (lines: ${JSON.stringify(readers)})`).toEqual([]);
    // The list holds no file that no longer reads it.
    expect(Object.keys(MAY_READ_THE_ENVIRONMENT).filter((file) => !(file in readers))).toEqual([]);
  });
});
