/** Entry of the docs Lambda function: one handler per route of the docs group in the route table. */
import { bufferedEntry } from '../shared/lambda-entry.js';
import { groupHandler } from '../shared/dispatch.js';
import { handler as getDocsScript } from './docs-script.js';
import { handler as getDocs } from './docs-page.js';
import { handler as getOpenApi } from './openapi.js';
import { docsConfig } from './docs-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
docsConfig();

export const routes = groupHandler('docs', { getOpenApi, getDocs, getDocsScript });

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
