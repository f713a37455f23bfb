/**
 * Runs before every test file (vitest setupFiles): a test file's process runs functions' code without being
 * one of them, so it is configured as the local host's is (local/local-environment.ts): code that signs or
 * verifies tokens there finds the host's issuer and audience, which every function the host loads is given.
 * Table names and endpoints come with the tables a file makes (support/dynamo.ts) or the host it starts.
 */
import { provideSharedConfig } from '../functions/shared/config.js';
import { sharedConfigFrom } from '../functions/shared/config-schema.js';
import { LOCAL_TOKEN_IDENTITY } from '../local/local-environment.js';

provideSharedConfig(sharedConfigFrom(LOCAL_TOKEN_IDENTITY));
