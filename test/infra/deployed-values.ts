/**
 * What CloudFormation puts in a function's environment for the values a template gives as references: each
 * Ref, Fn::GetAtt and Fn::Join resolved to a value of the shape AWS gives (a table's generated name, a
 * secret's ARN, a state machine's ARN, a function's name), so a function's configuration schema can be
 * checked against the template as it will be deployed. A reference of a kind not known here fails, naming
 * it: resolving it needs a line below.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { resourcesOfType } from './template-queries.js';

const REGION = 'eu-west-1';
const ACCOUNT = '123456789012';
const PSEUDO: Readonly<Record<string, string>> = {
  'AWS::Region': REGION,
  'AWS::AccountId': ACCOUNT,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
};

/** A generated physical name: the stack's, the resource's logical id and a random suffix, within AWS's length. */
function generatedName(stackName: string, logicalId: string, maxLength: number, suffix = 'AbCdEf012345'): string {
  return `${`${stackName}-${logicalId}`.slice(0, maxLength - suffix.length - 1)}-${suffix}`;
}

export function deployedValue(template: Template, stackName: string, value: unknown): string {
  const types = Object.fromEntries(
    Object.entries(template.toJSON().Resources as Record<string, { Type: string }>).map(([id, r]) => [id, r.Type]),
  );
  const resolve = (item: unknown): string => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number') return String(item);
    if (item && typeof item === 'object' && 'Ref' in item) {
      const id = String((item as { Ref: string }).Ref);
      if (id in PSEUDO) return PSEUDO[id]!;
      switch (types[id]) {
        case 'AWS::DynamoDB::Table':
          return generatedName(stackName, id, 255);
        case 'AWS::S3::Bucket':
          return generatedName(stackName, id, 63, 'abcdef012345').toLowerCase();
        case 'AWS::SecretsManager::Secret':
          return `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${id}-AbCdEf`;
        case 'AWS::StepFunctions::StateMachine':
          return `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${generatedName(stackName, id, 80)}`;
        case 'AWS::Lambda::Function':
          return generatedName(stackName, id, 64);
        case 'AWS::ApiGateway::RestApi':
          return 'a1b2c3d4e5';
      }
      throw new Error(`a Ref to ${id} (${types[id] ?? 'not a resource'}): say what it resolves to`);
    }
    if (item && typeof item === 'object' && 'Fn::GetAtt' in item) {
      const [id, attribute] = (item as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      if (attribute === 'Arn' && types[id] === 'AWS::Lambda::Function')
        return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${generatedName(stackName, id, 64)}`;
      // A function URL: https://<url-id>.lambda-url.<region>.on.aws/, ending in a slash (the sandbox ECB feed's).
      if (attribute === 'FunctionUrl' && types[id] === 'AWS::Lambda::Url')
        return `https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.${REGION}.on.aws/`;
      throw new Error(`Fn::GetAtt ${id}.${attribute} (${types[id] ?? 'not a resource'}): say what it resolves to`);
    }
    if (item && typeof item === 'object' && 'Fn::Join' in item) {
      const [separator, parts] = (item as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      return parts.map(resolve).join(separator);
    }
    throw new Error(`${JSON.stringify(item)}: say what it resolves to`);
  };
  return resolve(value);
}

/** A Lambda function's environment in the template, every value resolved as deployed. */
export function deployedEnvironment(template: Template, stackName: string, logicalId: string): Record<string, string> {
  const resource = resourcesOfType(template, 'AWS::Lambda::Function')[logicalId];
  if (!resource) throw new Error(`no function ${logicalId}`);
  const variables = (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  return Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, deployedValue(template, stackName, value)]));
}
