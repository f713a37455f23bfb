/**
 * The booking function's configuration (index.ts: rate check, create, get, list, modify, cancel, personal
 * data, wallets): the tables booking reads and writes, the secret rateIds are signed with, the booking state
 * machine it runs and the vouchers function it hands each confirmed booking's voucher to, the stage (sandbox
 * stacks pass a partner's X-Sandbox-Scenario on to the suppliers), and booking's timeouts and retention.
 */
import { defineConfig } from '../shared/config-schema.js';
import { arnVariable, functionNameVariable, stageVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';
import { flowSettingsConfig } from './flow/flow-settings-config.js';

export const bookingConfigSchema = defineConfig('booking function', {
  shared: {
    tables: ['bookings', 'guests', 'searches', 'idempotency', 'contracts', 'properties', 'wallets', 'webhooks', 'fxRates'],
    endpoints: ['dynamodb', 'sfn', 'lambda'],
    searchSecret: true,
  },
  variables: {
    ...observabilityVariables,
    ...flowSettingsConfig.variables,
    STAGE: stageVariable(),
    STATE_MACHINE_ARN: arnVariable('states'),
    VOUCHER_FUNCTION_NAME: functionNameVariable(),
  },
  read: (values) => ({
    stage: values.STAGE,
    stateMachineArn: values.STATE_MACHINE_ARN,
    voucherFunctionName: values.VOUCHER_FUNCTION_NAME,
    flow: flowSettingsConfig.read(values),
  }),
});

export const bookingConfig = functionConfig(bookingConfigSchema);
