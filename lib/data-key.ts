/**
 * The tenant stack's own KMS key for what it holds of people and secrets (issue 27, docs/personal-data.md):
 * every DynamoDB table (the guests' personal data, the clients' secret hashes, the signing keys, the webhook
 * endpoints' secrets, the bookings), the finance export bucket and its Athena results, and the webhook
 * stream's dead-letter queue. One key per tenant stack, its own security boundary: disabling or scheduling
 * its deletion makes that tenant's data unreadable at once (crypto-shredding on exit), and CloudTrail records
 * every use of it.
 *
 * Rotation is on (yearly, by KMS). The key policy delegates to IAM, as AWS's default key policy does, and
 * IAM grants the key to exactly the roles that read or write those stores (lib/table-grants.ts grants it
 * with every table grant; test/infra/data-key.test.ts lists who holds it). Log groups are not under it: no
 * log line carries personal data or a secret (test/capture-logs.ts holds every test to that), and a
 * customer key on every function's log group would cost a key grant per group for nothing.
 */
import { Duration } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export class DataKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig }) {
    super(scope, id);
    const { tenant, stage } = props.config;
    this.key = new Key(this, 'Key', {
      alias: `alias/hotel-api/${tenant}-${stage}/data`,
      description: `hotel-api ${tenant} (${stage}): personal data and secrets at rest`,
      enableKeyRotation: true,
      // A production key outlives its stack: the backups and exports it encrypted may still be needed.
      removalPolicy: removalPolicyFor(stage),
      pendingWindow: Duration.days(stage === 'production' ? 30 : 7),
    });
  }
}
