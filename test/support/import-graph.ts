/**
 * The repository's import graph as the TypeScript compiler reads it: for every source file of our own,
 * each module it imports, whether by `import`, `import type`, `export ... from`, `import x = require()`,
 * a type written as `import('...')`, a dynamic `import()` with a literal path, or a `vi.mock()` of one.
 * Relative specifiers are resolved to repository paths (`./x.js` is `x.ts`, a folder is its index.ts);
 * anything else is a package (`zod`, `node:crypto`), kept by name.
 *
 * The compiler's own parser, not a regular expression: an import split over lines, a specifier in a
 * comment or a template string are read as the language reads them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Repository path of the imported file (`functions/domain/money/money.ts`), or the package's name (`zod`, `node:crypto`). */
  readonly target: string;
  readonly kind: 'file' | 'package';
  /** Only types cross: `import type`, `export type`, a type written as import('...'). */
  readonly typeOnly: boolean;
  readonly line: number;
}

/** Repository path → what it imports. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** Where our TypeScript lives (tsconfig.json's include). */
export const SOURCE_ROOTS = ['bin', 'lib', 'functions', 'sandbox', 'local', 'client', 'test', 'bench'] as const;
const SOURCE_FILE = /\.(ts|mts|cts|tsx)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'cdk.out']);

export function readImportGraph(root: string): ImportGraph {
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFilesUnder(root, dir));
  const known = new Set(files);
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files)
    graph.set(
      file,
      importsOf(file, readFileSync(join(root, file), 'utf8'), (path) => known.has(path) || existsSync(join(root, path))),
    );
  return graph;
}

function sourceFilesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (relativeDir: string) => {
    const absolute = join(root, relativeDir);
    if (!existsSync(absolute)) return;
    for (const entry of readdirSync(absolute)) {
      if (SKIPPED_DIRECTORIES.has(entry)) continue;
      const path = `${relativeDir}/${entry}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** The imports of one file's text; `exists` says whether a repository path is a file. */
export function importsOf(file: string, text: string, exists: (path: string) => boolean): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | ts.LiteralTypeNode['literal'] | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(specifier.getStart(source)).line + 1;
    edges.push({ ...resolveSpecifier(file, specifier.text, exists), typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const onlyTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, onlyTypes);
    } else if (ts.isExportDeclaration(node)) {
      const onlyTypes =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier, onlyTypes);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isMock =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        ['mock', 'doMock', 'importActual'].includes(callee.name.text);
      if (isDynamicImport || isMock) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function resolveSpecifier(file: string, specifier: string, exists: (path: string) => boolean): Pick<ImportEdge, 'target' | 'kind'> {
  if (!specifier.startsWith('.')) return { target: packageName(specifier), kind: 'package' };
  const base = normalize(join(dirname(file), specifier))
    .split(sep)
    .join('/');
  const candidates = [base.replace(/\.(m|c)?js$/, '.$1ts'), base, `${base}.ts`, `${base}/index.ts`];
  return { target: candidates.find(exists) ?? base, kind: 'file' };
}

/** `@aws-sdk/lib-dynamodb/x` → `@aws-sdk/lib-dynamodb`; `zod/v4` → `zod`; `node:fs` stays. */
function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
