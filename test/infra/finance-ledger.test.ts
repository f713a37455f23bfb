/**
 * Finance on AWS: the export bucket, the Glue table over the export lines and the ledger as an Athena named
 * query, the same SQL the ledger CLI runs with DuckDB (test/e2e/finance-ledger.test.ts runs it for real).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLineColumns, GLUE_SUMMARY_COLUMNS, glueItemType } from '../../functions/finance/export-item-shape.js';
import { athenaEngine } from '../../functions/finance/ledger-engines.js';
import { ledgerSql } from '../../functions/finance/ledger-sql.js';
import { ATHENA_RESULTS_PREFIX, EXPORT_LINES_TABLE, EXPORTS_PREFIX } from '../../lib/finance-ledger.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => synthesis?.cleanUp());

const only = (type: string): { Properties: Record<string, any> } => {
  const found = Object.values(resourcesOfType(synthesis.template, type));
  expect(found, type).toHaveLength(1);
  return found[0]! as { Properties: Record<string, any> };
};

describe('the finance ledger on AWS', () => {
  it('keeps exports in a private, encrypted, versioned, TLS-only bucket, retained in production', () => {
    const bucketId = logicalIdOf(synthesis.stack.financeLedger.bucket);
    const bucket = resourcesOfType(synthesis.template, 'AWS::S3::Bucket')[bucketId]!;
    expect(bucket.Properties).toMatchObject({
      // The stack's own key (lib/data-key.ts; test/infra/data-key.test.ts checks which one).
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    const policy = Object.values(resourcesOfType(synthesis.template, 'AWS::S3::BucketPolicy')).find((p) =>
      JSON.stringify(p.Properties.Bucket).includes(bucketId),
    )!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('exports need point-in-time recovery: the bookings and wallets tables have it', () => {
    for (const id of ['bookings', 'wallets'] as const) {
      const table = resourcesOfType(synthesis.template, 'AWS::DynamoDB::Table')[logicalIdOf(synthesis.stack.tables.get(id).table)]!;
      expect(table.Properties.PointInTimeRecoverySpecification, id).toEqual({ PointInTimeRecoveryEnabled: true });
    }
  });

  it('defines a Glue table of export lines over exports/ in the bucket, gzipped DynamoDB JSON', () => {
    const database = only('AWS::Glue::Database');
    expect(database.Properties.DatabaseInput.Name).toBe('hotel_api_acme_production_finance');
    const table = only('AWS::Glue::Table').Properties;
    expect(table.DatabaseName).toBe('hotel_api_acme_production_finance');
    expect(table.TableInput).toMatchObject({
      Name: EXPORT_LINES_TABLE,
      TableType: 'EXTERNAL_TABLE',
      Parameters: { classification: 'json', compressionType: 'gzip' },
    });
    const storage = table.TableInput.StorageDescriptor;
    expect(JSON.stringify(storage.Location)).toContain(logicalIdOf(synthesis.stack.financeLedger.bucket));
    expect(JSON.stringify(storage.Location)).toContain(`/${EXPORTS_PREFIX}`);
    expect(storage.SerdeInfo).toEqual({
      SerializationLibrary: 'org.openx.data.jsonserde.JsonSerDe',
      Parameters: { 'ignore.malformed.json': 'true', 'case.insensitive': 'true' },
    });
    expect(storage.Columns).toEqual(
      [...exportLineColumns(glueItemType(), 'glue'), ...GLUE_SUMMARY_COLUMNS].map(({ name, type }) => ({
        Name: name.toLowerCase(),
        Type: type,
      })),
    );
    expect(storage.Columns.map((c: { Name: string }) => c.Name)).toEqual([
      'item',
      'metadata',
      'keys',
      'newimage',
      'oldimage',
      'exportarn',
      'exporttype',
      'exporttime',
    ]);
  });

  it('holds the ledger as an Athena named query, the same SQL as the CLI, in a workgroup that keeps results encrypted in the bucket', () => {
    const query = only('AWS::Athena::NamedQuery').Properties;
    expect(query).toMatchObject({
      Name: 'finance-ledger',
      Database: 'hotel_api_acme_production_finance',
      WorkGroup: 'hotel-api-acme-production-finance',
    });
    expect(query.QueryString).toBe(ledgerSql(athenaEngine('hotel_api_acme_production_finance', EXPORT_LINES_TABLE)));
    const workGroup = only('AWS::Athena::WorkGroup').Properties;
    expect(workGroup.WorkGroupConfiguration).toMatchObject({
      EnforceWorkGroupConfiguration: true,
      ResultConfiguration: { EncryptionConfiguration: { EncryptionOption: 'SSE_KMS' } },
    });
    expect(JSON.stringify(workGroup.WorkGroupConfiguration.ResultConfiguration.OutputLocation)).toContain(`/${ATHENA_RESULTS_PREFIX}`);
  });

  it('names the bucket and the workgroup in the stack outputs', () => {
    expect(Object.keys(synthesis.template.findOutputs('*'))).toEqual(expect.arrayContaining(['FinanceExportBucket', 'FinanceWorkGroup']));
  });
});
