/**
 * `npm run openapi`: writes the OpenAPI 3.1 document to openapi/openapi.json (or the path given), the same
 * document GET /openapi.json serves, with the servers of a tenant's stack and of `npm start`, then the typed
 * client's types (client/api-types.ts) from it with openapi-typescript's own command line, so the file is
 * byte for byte what that tool writes (a unit test compares them).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openApiDocument } from '../functions/contract/document.js';
import { repositoryPath } from '../lib/project-paths.js';
import { answerHelp } from './cli-help.js';

answerHelp(`usage: npm run openapi [-- <document path>]

Writes the OpenAPI 3.1 document (default openapi/openapi.json) and regenerates the typed client's types
(client/api-types.ts) from it with openapi-typescript. A unit test fails when either is stale.

Exit codes: 0 both written, 1 a step failed.`);

const target = resolve(process.argv[2] ?? 'openapi/openapi.json');
const document = openApiDocument();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths ?? {}).reduce(
  (n, item) => n + Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)).length,
  0,
);
console.log(
  `wrote ${target}: OpenAPI ${document.openapi}, ${operations} operations, ${Object.keys(document.components?.schemas ?? {}).length} schemas`,
);

const types = spawnSync(
  process.execPath,
  [
    repositoryPath('node_modules/openapi-typescript/bin/cli.js'),
    target,
    '--default-non-nullable=false',
    '-o',
    repositoryPath('client/api-types.ts'),
  ],
  { stdio: 'inherit' },
);
if (types.status !== 0) process.exitCode = 1;
