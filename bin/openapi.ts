/**
 * `npm run openapi`: writes the OpenAPI 3.1 document to openapi/openapi.json (or the path given), the same
 * document GET /openapi.json serves, with the servers of a tenant's stack and of `npm start`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openApiDocument } from '../functions/contract/document.js';

const target = resolve(process.argv[2] ?? 'openapi/openapi.json');
const document = openApiDocument();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)).length, 0);
console.log(`wrote ${target}: OpenAPI ${document.openapi}, ${operations} operations, ${Object.keys(document.components?.schemas ?? {}).length} schemas`);
