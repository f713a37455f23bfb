/**
 * Where stored searches keep their ranked rows (functions/stores/s3-search-chunks.ts): S3 bills a write per
 * request where DynamoDB bills one per KB, and a search's rows are ~100 KB (npm run bench:cost). Private,
 * encrypted, TLS only. Objects expire a day after they are written (a lifecycle rule's finest step): the
 * search itself expires after 30 minutes by its header in DynamoDB, which answers 410 first; the rule only
 * clears what no one can read any more. Read and written by the search function alone.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export class SearchRowsBucket extends Construct {
  readonly bucket: Bucket;
  private readonly tenant: string;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig }) {
    super(scope, id);
    this.tenant = props.config.tenant;
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      lifecycleRules: [{ id: 'expire-search-rows', expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: removalPolicyFor(props.config.stage),
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Transient search results that expire within a day, written and read only by the search function under its own role; a server access log bucket would cost more than the data it watches.',
    });
  }

  /**
   * GetObject and PutObject on the stack's tenant's objects (every key starts with the tenant), and ListBucket on
   * the bucket: without it a GetObject of an object the lifecycle rule removed is 403 Access Denied, not
   * NoSuchKey, and the expired search's 410 never happens (Amazon S3 API Reference, GetObject, "Permissions").
   * The bucket is this tenant stack's alone, so listing it shows no other tenant's keys.
   */
  grantReadWrite(grantee: IGrantable & IConstruct): void {
    const objects = `${this.tenant}/*`;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [this.bucket.arnForObjects(objects)] }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    Validations.of(grantee).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${objects}]`,
      reason:
        "Each search's rows are objects of their own under the tenant's prefix, named by a searchId made at run time: the prefix is as narrow as the grant can be.",
    });
  }
}
