/**
 * Finance's ledger on AWS: the bucket DynamoDB exports the bookings and wallets tables into (point-in-time
 * recovery is on for every table, which exports need), a Glue table over the export lines under
 * `exports/`, and the ledger as an Athena named query: the same SQL `npm run finance:ledger` runs with DuckDB
 * (functions/finance/ledger-sql.ts), with Athena's two seams. A workgroup keeps query results in the same
 * bucket, encrypted.
 *
 * Exports are started by an operator (README "Finance"): `aws dynamodb export-table-to-point-in-time
 * --s3-bucket <bucket> --s3-prefix exports/bookings ...`, full or incremental.
 */
import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { CfnNamedQuery, CfnWorkGroup } from 'aws-cdk-lib/aws-athena';
import { CfnDatabase, CfnTable } from 'aws-cdk-lib/aws-glue';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { exportLineColumns, GLUE_SUMMARY_COLUMNS, glueItemType } from '../functions/finance/export-item-shape.js';
import { athenaEngine } from '../functions/finance/ledger-engines.js';
import { ledgerSql } from '../functions/finance/ledger-sql.js';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export const EXPORTS_PREFIX = 'exports/';

/**
 * How long the bucket keeps what it holds. Exports made before the guests table held whole booking items,
 * guests' names included, so nothing here is kept for ever: an export is deleted 400 days after it was
 * written (a year's ledger and its audit, plus a month); the ledger finance makes from it is its record.
 * An overwritten or deleted object's old version, finance's safety net against a mistake, goes after 30
 * days; Athena's query results after 30 days; unfinished uploads after 7.
 */
export const FINANCE_BUCKET_RETENTION = {
  exportsDays: 400,
  athenaResultsDays: 30,
  noncurrentVersionDays: 30,
  incompleteUploadDays: 7,
} as const;
export const ATHENA_RESULTS_PREFIX = 'athena-results/';
export const EXPORT_LINES_TABLE = 'dynamodb_export_lines';

export class FinanceLedger extends Construct {
  readonly bucket: Bucket;
  readonly databaseName: string;
  readonly table: CfnTable;
  readonly workGroup: CfnWorkGroup;
  readonly namedQuery: CfnNamedQuery;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig; readonly key: IKey }) {
    super(scope, id);
    const { tenant, stage } = props.config;
    this.bucket = new Bucket(this, 'ExportBucket', {
      // The stack's own key (data-key.ts): exports made before the guests table held whole bookings, names included.
      encryption: BucketEncryption.KMS,
      encryptionKey: props.key,
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      // Finance's records: an overwritten or deleted export can be recovered, for a while.
      versioned: true,
      lifecycleRules: [
        { id: 'exports', prefix: EXPORTS_PREFIX, expiration: Duration.days(FINANCE_BUCKET_RETENTION.exportsDays) },
        { id: 'athena-results', prefix: ATHENA_RESULTS_PREFIX, expiration: Duration.days(FINANCE_BUCKET_RETENTION.athenaResultsDays) },
        {
          id: 'old-versions-and-uploads',
          noncurrentVersionExpiration: Duration.days(FINANCE_BUCKET_RETENTION.noncurrentVersionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(FINANCE_BUCKET_RETENTION.incompleteUploadDays),
          expiredObjectDeleteMarker: true,
        },
      ],
      removalPolicy: removalPolicyFor(stage),
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Written by DynamoDB exports and Athena only, under the operators' own credentials; CloudTrail records who exported and who queried.",
    });

    this.databaseName = `hotel_api_${tenant}_${stage}_finance`.replaceAll('-', '_');
    const database = new CfnDatabase(this, 'Database', {
      catalogId: Aws.ACCOUNT_ID,
      databaseInput: { name: this.databaseName, description: `Finance ledger over DynamoDB exports, tenant ${tenant} (${stage})` },
    });

    const exportsLocation = `s3://${this.bucket.bucketName}/${EXPORTS_PREFIX}`;
    this.table = new CfnTable(this, 'ExportLines', {
      catalogId: Aws.ACCOUNT_ID,
      databaseName: this.databaseName,
      tableInput: {
        name: EXPORT_LINES_TABLE,
        description:
          'Every line of the DynamoDB exports under exports/ (full: Item; incremental: Metadata, Keys, NewImage, OldImage), in DynamoDB JSON, and each summary manifest (exportArn, exportType, exportTime)',
        tableType: 'EXTERNAL_TABLE',
        parameters: { classification: 'json', compressionType: 'gzip', typeOfData: 'file' },
        storageDescriptor: {
          location: exportsLocation,
          inputFormat: 'org.apache.hadoop.mapred.TextInputFormat',
          outputFormat: 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat',
          // The export lines' columns, and the summary manifest's fields that date a full export's items.
          columns: [...exportLineColumns(glueItemType(), 'glue'), ...GLUE_SUMMARY_COLUMNS].map(({ name, type }) => ({
            name: name.toLowerCase(),
            type,
          })),
          serdeInfo: {
            serializationLibrary: 'org.openx.data.jsonserde.JsonSerDe',
            // The checksum files beside the data are not JSON: skipped, not failed on. The manifests are JSON:
            // a files manifest's lines are rows of nulls, a summary's line fills the summary columns.
            parameters: { 'ignore.malformed.json': 'true', 'case.insensitive': 'true' },
          },
        },
      },
    });
    this.table.addDependency(database);

    this.workGroup = new CfnWorkGroup(this, 'WorkGroup', {
      name: `hotel-api-${tenant}-${stage}-finance`,
      description: 'Finance ledger queries; results kept encrypted in the export bucket',
      state: 'ENABLED',
      recursiveDeleteOption: true,
      workGroupConfiguration: {
        enforceWorkGroupConfiguration: true,
        publishCloudWatchMetricsEnabled: true,
        resultConfiguration: {
          outputLocation: `s3://${this.bucket.bucketName}/${ATHENA_RESULTS_PREFIX}`,
          encryptionConfiguration: { encryptionOption: 'SSE_KMS', kmsKey: props.key.keyArn },
        },
      },
    });

    this.namedQuery = new CfnNamedQuery(this, 'LedgerQuery', {
      name: 'finance-ledger',
      description:
        'One row per booking event (confirmed, modified, cancelled, refunded) and the totals per tenant and currency: the same SQL as npm run finance:ledger',
      database: this.databaseName,
      workGroup: this.workGroup.name,
      queryString: ledgerSql(athenaEngine(this.databaseName, EXPORT_LINES_TABLE)),
    });
    this.namedQuery.addDependency(this.workGroup);
    this.namedQuery.addDependency(database);
  }
}
