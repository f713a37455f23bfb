/** Entry of the auth Lambda function: one handler per route of the auth group in the route table. */
import { groupHandler } from '../shared/dispatch.js';
import { bufferedEntry } from '../shared/lambda-entry.js';
import { authConfig } from './auth-config.js';
import { handler as getJwks } from './jwks.js';
import { handler as issueToken } from './token.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
authConfig();

export const routes = groupHandler('auth', { issueToken, getJwks });

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
