/**
 * The docs function's configuration (index.ts): where the API reference page's script is in its package
 * (lib/function-assets.ts); elsewhere it is found in node_modules.
 */
import { defineConfig } from '../shared/config-schema.js';
import { textVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityConfig } from '../shared/observability-config.js';

export const docsConfigSchema = defineConfig('docs function', {
  variables: {
    ...observabilityConfig.variables,
    DOCS_SCRIPT_PATH: textVariable("the path of Scalar API Reference's standalone.js").optional(),
  },
  read: (values) => ({ observability: observabilityConfig.read(values), scriptPath: values.DOCS_SCRIPT_PATH }),
});

export const docsConfig = functionConfig(docsConfigSchema);
