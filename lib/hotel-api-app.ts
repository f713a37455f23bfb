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
  // What the operator tool (npm run admin) needs to administer this stack's accounts.
  new CfnOutput(stack, 'ClientsTable', {
    value: stack.tables.get('clients').table.tableName,
    description: 'npm run admin -- --clients-table',
  });
  new CfnOutput(stack, 'ContractsTable', {
    value: stack.tables.get('contracts').table.tableName,
    description: 'npm run admin -- --contracts-table',
  });
  new CfnOutput(stack, 'SigningKeysTable', {
    value: stack.tables.get('signingKeys').table.tableName,
    description: 'npm run admin -- --signing-keys-table (keys rotate)',
  });
  new CfnOutput(stack, 'WalletsTable', {
    value: stack.tables.get('wallets').table.tableName,
    description: 'npm run admin -- --wallets-table',
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
  new CfnOutput(stack, 'WebhooksTable', {
    value: stack.tables.get('webhooks').table.tableName,
    description: "npm run admin -- --webhooks-table: a wallet top-up's webhook event",
  });
  new CfnOutput(stack, 'GuestsTable', {
    value: stack.tables.get('guests').table.tableName,
    description: 'npm run admin -- --guests-table (guest erase, erase-due, backfill)',
  });
  new CfnOutput(stack, 'BookingsTable', {
    value: stack.tables.get('bookings').table.tableName,
    description: 'npm run admin -- --bookings-table (bookings reindex)',
  });
  // A violation fails synthesis; the report is <outdir>/validation-report.json.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
