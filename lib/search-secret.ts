/**
 * The secret behind search's signed identifiers (rateIds, paging cursors): generated once by
 * CloudFormation, read by the functions that issue or verify them (functions/shared/search-secret.ts
 * derives one key per use from it). Its own secret, not the token signing key, so search code never holds
 * a key that could mint access tokens.
 */
import { Validations } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export class SearchSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: { config: DeploymentConfig }) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: `Signs rateIds and search cursors for tenant ${props.config.tenant}`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: removalPolicyFor(props.config.stage),
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating it would invalidate every outstanding rateId and cursor mid-search; they live 30 minutes, and replacing the secret is a deliberate operation.',
    });
  }

  /** GetSecretValue on this secret only. */
  grantRead(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
  }
}
