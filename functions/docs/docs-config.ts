/**
 * The docs function's configuration (index.ts): where the API reference page's script is in its package
 * (lib/function-assets.ts); elsewhere it is found in node_modules.
 */
import { defineConfig } from '../shared/config-schema.js';
import { textVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const docsConfigSchema = defineConfig('docs function', {
  variables: {
    ...observabilityVariables,
    DOCS_SCRIPT_PATH: textVariable("the path of Scalar API Reference's standalone.js").optional(),
  },
  read: (values) => ({ scriptPath: values.DOCS_SCRIPT_PATH }),
});

export const docsConfig = functionConfig(docsConfigSchema);
