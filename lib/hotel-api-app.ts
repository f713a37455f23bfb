/**
 * The CDK app: one HotelApiStack for the tenant and stage named in context, checked by cdk-nag's AWS
 * Solutions rules. bin/app.ts runs it for the CLI; the infra tests build it the same way in memory.
 */
import { App, CfnOutput, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { HotelApiStack } from './hotel-api-stack.js';
import { deploymentConfigFrom, stackNameFor } from './stack-config.js';

export interface HotelApiApp {
  readonly app: App;
  readonly stack: HotelApiStack;
}

/** Each table the operator tool takes by name: the table, its stack output, and the tool's flag. */
const ADMIN_TABLE_OUTPUTS = [
  ['clients', 'ClientsTable', 'npm run admin -- --clients-table'],
  ['contracts', 'ContractsTable', 'npm run admin -- --contracts-table'],
  ['signingKeys', 'SigningKeysTable', 'npm run admin -- --signing-keys-table (keys rotate)'],
  ['wallets', 'WalletsTable', 'npm run admin -- --wallets-table'],
  ['webhooks', 'WebhooksTable', "npm run admin -- --webhooks-table: a wallet top-up's webhook event"],
  ['guests', 'GuestsTable', 'npm run admin -- --guests-table (guest erase, erase-due, backfill)'],
  ['bookings', 'BookingsTable', 'npm run admin -- --bookings-table (bookings reindex)'],
  ['fxRates', 'FxRatesTable', 'npm run admin -- --fx-rates-table (fx set, fx list)'],
  ['properties', 'PropertiesTable', 'npm run admin -- --properties-table (mapping status)'],
] as const;

export function createHotelApiApp(props?: AppProps): HotelApiApp {
  const app = new App(props);
  const config = deploymentConfigFrom(app.node);
  const stack = new HotelApiStack(app, stackNameFor(config), {
    config,
    description: `Hotel booking API for tenant ${config.tenant} (${config.stage})`,
  });
  new CfnOutput(stack, 'ApiUrl', { value: stack.restApi.api.url, description: 'Base URL; paths start with /v1' });
  new CfnOutput(stack, 'UsagePlanId', {
    value: stack.restApi.usagePlan.usagePlanId,
    description: 'npm run admin -- --usage-plan-id: each issued client gets its API key in this usage plan',
  });
  // What the operator tool (npm run admin) needs to administer this stack's accounts, bookings and guests.
  for (const [table, id, description] of ADMIN_TABLE_OUTPUTS) {
    new CfnOutput(stack, id, { value: stack.tables.get(table).table.tableName, description });
  }
  new CfnOutput(stack, 'MappingWorkflowArn', {
    value: stack.propertyMapping.stateMachine.stateMachineArn,
    description: 'npm run admin -- --mapping-workflow-arn (mapping run): the property mapping workflow',
  });
  // What finance needs: where to export the tables, and where the ledger query runs (README "Finance").
  new CfnOutput(stack, 'FinanceExportBucket', {
    value: stack.financeLedger.bucket.bucketName,
    description: 'aws dynamodb export-table-to-point-in-time --s3-bucket (prefix exports/<table>)',
  });
  new CfnOutput(stack, 'FinanceWorkGroup', {
    value: stack.financeLedger.workGroup.name,
    description: 'Athena workgroup holding the finance-ledger named query',
  });
  // A violation fails synthesis; the report is <outdir>/validation-report.json.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
