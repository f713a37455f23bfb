/**
 * Production contracts name a Secrets Manager secret holding the supplier's credentials, written at
 * onboarding, after the stack exists. The functions that call suppliers may read secrets under the
 * tenant's supplier prefix only (functions/suppliers/contracts.ts refuses a contract naming any other),
 * so onboarding a supplier never needs a redeploy and no function can read another tenant's credentials.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { supplierSecretPrefix } from '../functions/suppliers/contracts.js';
import type { DeploymentConfig } from './stack-config.js';

export function grantSupplierCredentials(scope: IConstruct, config: DeploymentConfig, roles: readonly IRole[]): void {
  const stack = Stack.of(scope);
  // Secrets Manager appends six random characters to a secret's ARN; `*` after the prefix covers them.
  const resource = `arn:${stack.partition}:secretsmanager:${stack.region}:${stack.account}:secret:${supplierSecretPrefix(config.tenant)}*`;
  for (const role of roles) {
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [resource] }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${supplierSecretPrefix(config.tenant)}*]`,
      reason:
        "Supplier credentials are onboarded after deployment; the wildcard is limited to this tenant's supplier secret prefix, which contracts are required to use.",
    });
  }
}
