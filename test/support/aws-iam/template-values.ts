/**
 * A synthesized template's values as they would be once deployed, in one made-up account and region: every
 * Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select and Fn::Split resolved to the name or ARN AWS would give the
 * resource (a name the template sets, else one made from the stack and the logical id). Policies and the
 * recorded calls are then compared as strings, the way IAM compares them.
 */
import type { SynthesizedTemplate, TemplateResource } from '../../../local/synthesized-template.js';

export const DEPLOYED = {
  account: '111122223333',
  region: 'us-east-1',
  partition: 'aws',
  urlSuffix: 'amazonaws.com',
} as const;

/** Where each type keeps the name a template may set. */
const NAME_PROPERTY: Readonly<Record<string, string>> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::StepFunctions::StateMachine': 'StateMachineName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Logs::LogGroup': 'LogGroupName',
};

export class TemplateValues {
  constructor(
    readonly template: SynthesizedTemplate,
    private readonly stackName: string,
  ) {}

  resource(logicalId: string): TemplateResource {
    const found = this.template.resources.get(logicalId);
    if (!found) throw new Error(`the template has no resource ${logicalId}`);
    return found;
  }

  /** The name AWS gives the resource: the template's own, else the stack name and logical id as CloudFormation does. */
  physicalName(logicalId: string): string {
    const resource = this.resource(logicalId);
    const property = NAME_PROPERTY[resource.type];
    const named = property ? resource.properties[property] : undefined;
    if (named !== undefined) return String(this.resolve(named));
    const made = `${this.stackName}-${logicalId}-1A2B3C4D5E6F`;
    return resource.type === 'AWS::S3::Bucket' ? made.toLowerCase().slice(0, 63) : made;
  }

  ref(logicalId: string): string {
    switch (logicalId) {
      case 'AWS::AccountId':
        return DEPLOYED.account;
      case 'AWS::Region':
        return DEPLOYED.region;
      case 'AWS::Partition':
        return DEPLOYED.partition;
      case 'AWS::URLSuffix':
        return DEPLOYED.urlSuffix;
      case 'AWS::StackName':
        return this.stackName;
      case 'AWS::StackId':
        return `arn:aws:cloudformation:${DEPLOYED.region}:${DEPLOYED.account}:stack/${this.stackName}/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d`;
      case 'AWS::NoValue':
        return '';
    }
    const resource = this.resource(logicalId);
    const name = this.physicalName(logicalId);
    switch (resource.type) {
      case 'AWS::KMS::Key':
        return `key-${logicalId}`;
      case 'AWS::SecretsManager::Secret':
        return this.arn('secretsmanager', `secret:${name}-AbCdEf`);
      case 'AWS::StepFunctions::StateMachine':
        return this.arn('states', `stateMachine:${name}`);
      case 'AWS::SNS::Topic':
        return this.arn('sns', name);
      case 'AWS::SQS::Queue':
        return `https://sqs.${DEPLOYED.region}.${DEPLOYED.urlSuffix}/${DEPLOYED.account}/${name}`;
      default:
        return name;
    }
  }

  getAtt(logicalId: string, attribute: string): string {
    const resource = this.resource(logicalId);
    const name = this.physicalName(logicalId);
    const key = `${resource.type}.${attribute}`;
    switch (key) {
      case 'AWS::DynamoDB::Table.Arn':
        return this.arn('dynamodb', `table/${name}`);
      case 'AWS::DynamoDB::Table.StreamArn':
        return this.arn('dynamodb', `table/${name}/stream/2026-01-01T00:00:00.000`);
      case 'AWS::Lambda::Function.Arn':
        return this.arn('lambda', `function:${name}`);
      case 'AWS::IAM::Role.Arn':
        return `arn:${DEPLOYED.partition}:iam::${DEPLOYED.account}:role/${name}`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:${DEPLOYED.partition}:s3:::${name}`;
      case 'AWS::KMS::Key.Arn':
        return this.arn('kms', `key/${this.ref(logicalId)}`);
      case 'AWS::SQS::Queue.Arn':
        return this.arn('sqs', name);
      case 'AWS::SQS::Queue.QueueName':
        return name;
      case 'AWS::Logs::LogGroup.Arn':
        return this.arn('logs', `log-group:${name}:*`);
      case 'AWS::StepFunctions::StateMachine.Arn':
        return this.ref(logicalId);
      case 'AWS::StepFunctions::StateMachine.Name':
        return name;
      case 'AWS::SNS::Topic.TopicArn':
        return this.ref(logicalId);
      default:
        return `${name}.${attribute}`;
    }
  }

  arn(service: string, resource: string): string {
    return `arn:${DEPLOYED.partition}:${service}:${DEPLOYED.region}:${DEPLOYED.account}:${resource}`;
  }

  /** Every intrinsic in `value` replaced by what it becomes once deployed. */
  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [fn, args] = entries[0]!;
      switch (fn) {
        case 'Ref':
          return this.ref(String(args));
        case 'Fn::GetAtt': {
          const [id, attribute] = Array.isArray(args) ? args : String(args).split('.');
          return this.getAtt(String(id), String(attribute));
        }
        case 'Fn::Join': {
          const [separator, parts] = args as [string, unknown[]];
          return (this.resolve(parts) as unknown[]).map(String).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = args as [number, unknown];
          return (this.resolve(list) as unknown[])[Number(this.resolve(index))];
        }
        case 'Fn::Split': {
          const [separator, text] = args as [string, unknown];
          return String(this.resolve(text)).split(separator);
        }
        case 'Fn::GetAZs':
          return [`${DEPLOYED.region}a`, `${DEPLOYED.region}b`];
        case 'Fn::Sub': {
          const [text, variables] = Array.isArray(args) ? (args as [string, Record<string, unknown>]) : [String(args), {}];
          return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
            if (name in variables) return String(this.resolve(variables[name]));
            const [id, attribute] = name.split('.');
            return attribute ? this.getAtt(id!, attribute) : this.ref(id!);
          });
        }
      }
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, this.resolve(item)]));
  }
}
