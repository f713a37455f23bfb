/** Entry of the auth Lambda function: one handler per route of the auth group in the route table. */
import { groupHandler } from '../shared/dispatch.js';
import { handler as issueToken } from './token.js';

export const handler = groupHandler('auth', { issueToken });
