import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, resourcesOfType, statementsOfRole } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => synthesis?.cleanUp());

describe("the search rows' bucket", () => {
  it('is private, encrypted, TLS only, kept in production, and expires objects after a day', () => {
    const bucketId = logicalIdOf(synthesis.stack.searchRows.bucket);
    const bucket = resourcesOfType(synthesis.template, 'AWS::S3::Bucket')[bucketId]!;
    expect(bucket.Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' })] },
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    const policy = Object.values(resourcesOfType(synthesis.template, 'AWS::S3::BucketPolicy')).find((p) =>
      JSON.stringify(p.Properties.Bucket).includes(bucketId),
    )!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('is read and written by the search function alone, the rows of every account (a stack serves the accounts created in it), which is told its name and may list it (a removed object is NoSuchKey, not 403)', () => {
    const bucketId = logicalIdOf(synthesis.stack.searchRows.bucket);
    const search = synthesis.stack.functions.groups.search;
    const variables = (
      resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(search.function)]!.Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
    expect(variables.SEARCH_ROWS_BUCKET).toEqual({ Ref: bucketId });
    const grants = Object.keys(resourcesOfType(synthesis.template, 'AWS::IAM::Role')).flatMap((roleId) =>
      statementsOfRole(synthesis.template, roleId)
        .filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')) && JSON.stringify(s.Resource).includes(bucketId))
        .map((s) => ({ roleId, statement: s })),
    );
    expect(grants).toEqual([
      {
        roleId: logicalIdOf(search.role),
        statement: {
          Effect: 'Allow',
          Action: ['s3:GetObject', 's3:PutObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] },
        },
      },
      {
        roleId: logicalIdOf(search.role),
        statement: { Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] } },
      },
    ]);
  });
});
