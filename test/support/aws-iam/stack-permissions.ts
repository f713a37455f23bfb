/**
 * Who may do what in a synthesized stack, as AWS would decide it once deployed (AWS "Policy evaluation logic",
 * same-account requests): an explicit Deny in any applicable policy wins; otherwise a request is allowed when a
 * statement of the role's identity policies allows it, or the resource's own policy allows the role by name.
 * A KMS key is the exception: its key policy must allow the request, itself or by delegating to the account's
 * IAM policies, which must then allow it too (AWS KMS "Key policies in AWS KMS": "Unless the key policy
 * explicitly allows it, you cannot use IAM policies to allow access to a KMS key").
 *
 * What uses a key on the caller's behalf is named by `encryptionKeyOf`: a table, a bucket, a queue or a topic
 * under a customer managed key. The checks (test/aws-calls/) add the key's use to each call on such a resource.
 */
import type { TemplateResource } from '../../../local/synthesized-template.js';
import { principalMatch, statementApplies, type AuthorizationRequest, type PolicyStatement, type Principal } from './policy-evaluation.js';
import { DEPLOYED, type TemplateValues } from './template-values.js';

export interface Decision {
  readonly allowed: boolean;
  /** Why, in a sentence a failing test can print. */
  readonly reason: string;
}

interface ResourcePolicy {
  /** ARNs (and ARN patterns) the policy is attached to. */
  readonly attachedTo: readonly string[];
  readonly statements: readonly PolicyStatement[];
}

export class StackPermissions {
  private readonly identity = new Map<string, PolicyStatement[]>();
  private readonly resourcePolicies: ResourcePolicy[] = [];
  private readonly keyPolicies = new Map<string, PolicyStatement[]>();
  private readonly encryption = new Map<string, string>();

  constructor(private readonly values: TemplateValues) {
    for (const resource of values.template.resources.values()) this.read(resource);
  }

  private statementsOf(document: unknown): PolicyStatement[] {
    const resolved = this.values.resolve(document) as { Statement?: PolicyStatement | PolicyStatement[] };
    return resolved.Statement === undefined ? [] : Array.isArray(resolved.Statement) ? resolved.Statement : [resolved.Statement];
  }

  private addIdentity(roleName: string, statements: PolicyStatement[]): void {
    this.identity.set(roleName, [...(this.identity.get(roleName) ?? []), ...statements]);
  }

  private read(resource: TemplateResource): void {
    const { properties, logicalId } = resource;
    switch (resource.type) {
      case 'AWS::IAM::Policy':
        for (const role of (this.values.resolve(properties.Roles) as string[] | undefined) ?? [])
          this.addIdentity(role, this.statementsOf(properties.PolicyDocument));
        break;
      case 'AWS::IAM::Role':
        for (const policy of (properties.Policies as { PolicyDocument: unknown }[] | undefined) ?? [])
          this.addIdentity(this.values.physicalName(logicalId), this.statementsOf(policy.PolicyDocument));
        break;
      case 'AWS::KMS::Key':
        this.keyPolicies.set(this.values.getAtt(logicalId, 'Arn'), this.statementsOf(properties.KeyPolicy));
        break;
      case 'AWS::S3::BucketPolicy': {
        const bucket = `arn:${DEPLOYED.partition}:s3:::${String(this.values.resolve(properties.Bucket))}`;
        this.resourcePolicies.push({ attachedTo: [bucket, `${bucket}/*`], statements: this.statementsOf(properties.PolicyDocument) });
        break;
      }
      case 'AWS::SQS::QueuePolicy':
      case 'AWS::SNS::TopicPolicy': {
        const targets = (this.values.resolve(properties.Queues ?? properties.Topics) as string[]).map((target) =>
          target.startsWith('https://sqs.') ? this.values.arn('sqs', target.split('/').pop()!) : target,
        );
        this.resourcePolicies.push({ attachedTo: targets, statements: this.statementsOf(properties.PolicyDocument) });
        break;
      }
      case 'AWS::DynamoDB::Table': {
        const arn = this.values.getAtt(logicalId, 'Arn');
        const sse = properties.SSESpecification as { SSEEnabled?: boolean; KMSMasterKeyId?: unknown } | undefined;
        if (sse?.SSEEnabled && sse.KMSMasterKeyId) this.encryption.set(arn, String(this.values.resolve(sse.KMSMasterKeyId)));
        const policy = (properties.ResourcePolicy as { PolicyDocument?: unknown } | undefined)?.PolicyDocument;
        if (policy) this.resourcePolicies.push({ attachedTo: [arn, `${arn}/*`], statements: this.statementsOf(policy) });
        break;
      }
      case 'AWS::S3::Bucket': {
        const rules = (properties.BucketEncryption as { ServerSideEncryptionConfiguration?: unknown[] } | undefined)
          ?.ServerSideEncryptionConfiguration as { ServerSideEncryptionByDefault?: { KMSMasterKeyID?: unknown } }[] | undefined;
        const key = rules?.find((rule) => rule.ServerSideEncryptionByDefault?.KMSMasterKeyID)?.ServerSideEncryptionByDefault
          ?.KMSMasterKeyID;
        if (key) this.encryption.set(this.values.getAtt(logicalId, 'Arn'), String(this.values.resolve(key)));
        break;
      }
      case 'AWS::SQS::Queue':
      case 'AWS::SNS::Topic': {
        const key = properties.KmsMasterKeyId;
        const arn = resource.type === 'AWS::SQS::Queue' ? this.values.getAtt(logicalId, 'Arn') : this.values.ref(logicalId);
        if (key) this.encryption.set(arn, String(this.values.resolve(key)));
        break;
      }
    }
  }

  /** The customer managed key a table, bucket (or its objects), queue or topic is encrypted under, if any. */
  encryptionKeyOf(resourceArn: string): string | undefined {
    for (const [arn, key] of this.encryption) {
      if (resourceArn === arn || resourceArn.startsWith(`${arn}/`))
        return key.startsWith('arn:') ? key : this.values.arn('kms', `key/${key}`);
    }
    return undefined;
  }

  /** The principal a role is once deployed. */
  principalOf(roleLogicalId: string): Principal {
    return { arn: this.values.getAtt(roleLogicalId, 'Arn'), account: DEPLOYED.account };
  }

  decide(roleLogicalId: string, request: AuthorizationRequest): Decision {
    const roleName = this.values.physicalName(roleLogicalId);
    const principal = this.principalOf(roleLogicalId);
    const context = {
      'aws:SecureTransport': 'true',
      'aws:PrincipalArn': principal.arn,
      'aws:PrincipalAccount': principal.account,
      ...request.context,
    };
    const withContext = { ...request, context };
    const identity = (this.identity.get(roleName) ?? []).filter((statement) => statementApplies(statement, withContext));
    const resourceStatements = this.resourcePolicies
      .filter(
        (policy) =>
          policy.attachedTo.includes(request.resource) ||
          policy.attachedTo.some((arn) => arn.endsWith('/*') && request.resource.startsWith(arn.slice(0, -1))),
      )
      .flatMap((policy) => policy.statements)
      .filter((statement) => principalMatch(statement, principal) !== 'none' && statementApplies(statement, withContext));
    const keyPolicy = request.action.toLowerCase().startsWith('kms:') ? this.keyPolicies.get(request.resource) : undefined;
    const keyStatements = (keyPolicy ?? []).filter(
      (statement) => principalMatch(statement, principal) !== 'none' && statementApplies(statement, withContext),
    );

    const denied = [...identity, ...resourceStatements, ...keyStatements].find((statement) => statement.Effect === 'Deny');
    if (denied) return { allowed: false, reason: `explicitly denied (${denied.Sid ?? 'a Deny statement'})` };
    const identityAllows = identity.some((statement) => statement.Effect === 'Allow');

    if (keyPolicy) {
      const allows = keyStatements.filter((statement) => statement.Effect === 'Allow');
      if (allows.some((statement) => principalMatch(statement, principal) === 'principal'))
        return { allowed: true, reason: 'the key policy allows the role' };
      if (allows.some((statement) => principalMatch(statement, principal) === 'account')) {
        return identityAllows
          ? { allowed: true, reason: "the key policy delegates to IAM and the role's policy allows it" }
          : { allowed: false, reason: "the key policy delegates to IAM, and no statement of the role's policies allows it" };
      }
      return { allowed: false, reason: 'the key policy does not allow it' };
    }
    if (identityAllows) return { allowed: true, reason: "the role's policy allows it" };
    if (resourceStatements.some((statement) => statement.Effect === 'Allow' && principalMatch(statement, principal) === 'principal'))
      return { allowed: true, reason: "the resource's policy allows the role" };
    return { allowed: false, reason: "no statement of the role's policies or the resource's policy allows it" };
  }
}
