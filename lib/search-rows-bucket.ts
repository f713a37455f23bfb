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

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig }) {
    super(scope, id);
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
   * GetObject and PutObject on the bucket's objects, and ListBucket on the bucket: without it a GetObject of an
   * object the lifecycle rule removed is 403 Access Denied, not NoSuchKey, and the expired search's 410 never
   * happens (Amazon S3 API Reference, GetObject, "Permissions"). Every key starts with the calling account's
   * tenant, and a stack serves every account an operator creates in it (`admin account create`) besides its
   * own: a grant on the stack tenant's prefix alone refused another account's search rows (the AWS-call check
   * of the end-to-end suite, an acme search on the demo stack). The bucket is this stack's alone.
   */
  grantReadWrite(grantee: IGrantable & IConstruct): void {
    const objects = '*';
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [this.bucket.arnForObjects(objects)] }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    Validations.of(grantee).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${objects}]`,
      reason:
        "Each search's rows are objects of their own under the calling account's tenant, named by a searchId made at run time, and accounts are created at run time too: the stack's own bucket is as narrow as the grant can be.",
    });
  }
}
