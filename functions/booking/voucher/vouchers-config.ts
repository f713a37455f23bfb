/**
 * The vouchers function's configuration (vouchers-entry.ts): the bookings, their guest details and the
 * properties' content a voucher is rendered from, and where the PDF's fonts are in its package.
 */
import { defineConfig } from '../../shared/config-schema.js';
import { textVariable } from '../../shared/config-variables.js';
import { functionConfig } from '../../shared/function-config.js';
import { observabilityVariables } from '../../shared/observability-config.js';

export const vouchersConfigSchema = defineConfig('vouchers function', {
  shared: { tables: ['bookings', 'guests', 'properties'], endpoints: ['dynamodb'] },
  variables: {
    ...observabilityVariables,
    // The Lambda package carries the fonts (lib/function-assets.ts); elsewhere they are found in node_modules.
    VOUCHER_FONT_DIR: textVariable('the directory holding the voucher fonts').optional(),
  },
  read: (values) => ({ fontDir: values.VOUCHER_FONT_DIR }),
});

export const vouchersConfig = functionConfig(vouchersConfigSchema);
