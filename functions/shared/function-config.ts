/**
 * A Lambda function's configuration, parsed from its environment once, at its cold start: its entry calls
 * the accessor this makes before anything else runs, so a missing or malformed variable fails the init with
 * the variable's name (ConfigError), never a request. Later calls (handlers, wiring) get the same object.
 * The part shared code reads is handed to config.ts on the way.
 *
 * With observability.ts (Powertools' service name and namespace), this is the one module of functions/ that
 * reads process.env (test/unit/environment-reads.test.ts holds that): the entry and its handlers read the typed object, and handlers never know where they run: the
 * local host sets endpoints and credentials in the environment before it imports an entry.
 */
import { provideSharedConfig } from './config.js';
import type { ConfigDefinition } from './config-schema.js';

export function functionConfig<Own>(definition: ConfigDefinition<Own>): () => ReturnType<ConfigDefinition<Own>['parse']> {
  let parsed: ReturnType<ConfigDefinition<Own>['parse']> | undefined;
  return () => {
    if (!parsed) {
      const config = definition.parse(process.env);
      provideSharedConfig(config.shared);
      parsed = config;
    }
    return parsed;
  };
}
