/**
 * The one Lambda function CDK runs every AwsCustomResource of a stack on (the sandbox contracts' writes, the
 * first property mapping run). Its role has the basic execution managed policy, which writes its own logs
 * only; it runs on arm64 like every other function of the stack. Called after a construct made an
 * AwsCustomResource: a CDK upgrade that renames the singleton fails synthesis here instead of skipping it.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { Architecture, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/** The construct id CDK gives the AwsCustomResource provider Lambda (fixed in aws-cdk-lib). */
const AWS_CUSTOM_RESOURCE_SINGLETON_ID = 'AWS679f53fac002430cb0da5b7982bd2287';

export function settleCustomResourceSingleton(scope: IConstruct): void {
  const singleton = Stack.of(scope).node.tryFindChild(AWS_CUSTOM_RESOURCE_SINGLETON_ID);
  if (!singleton) throw new Error('AwsCustomResource singleton not found: check the CDK upgrade');
  Validations.of(singleton).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'CDK AwsCustomResource singleton: the managed policy grants CloudWatch Logs writes for its own log group only.',
  });
  const cfn = singleton.node.tryFindChild('Resource');
  if (!(cfn instanceof CfnFunction)) throw new Error('AwsCustomResource singleton function not found: check the CDK upgrade');
  cfn.addPropertyOverride('Architectures', [Architecture.ARM_64.name]);
}
