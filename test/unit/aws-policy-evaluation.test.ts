/**
 * The policy evaluator the AWS call checks stand on (test/support/aws-iam/), against the rules and examples of
 * AWS's "Policy evaluation logic" and "IAM JSON policy elements" pages: wildcards, NotAction, an explicit Deny
 * winning, condition operators with a missing key and set qualifiers, resource policies by principal, and a
 * KMS key policy that delegates to IAM.
 */
import { describe, expect, it } from 'vitest';
import { templateOf } from '../../local/synthesized-template.js';
import { principalMatch, statementApplies, wildcardMatch, type AuthorizationRequest } from '../support/aws-iam/policy-evaluation.js';
import { StackPermissions } from '../support/aws-iam/stack-permissions.js';
import { DEPLOYED, TemplateValues } from '../support/aws-iam/template-values.js';

const request = (action: string, resource: string, context: AuthorizationRequest['context'] = {}): AuthorizationRequest => ({
  action,
  resource,
  context,
});

describe('statements', () => {
  it('match actions case-insensitively with wildcards, and resources case-sensitively', () => {
    expect(wildcardMatch('dynamodb:Get*', 'DynamoDB:GetItem', true)).toBe(true);
    expect(wildcardMatch('arn:aws:s3:::bucket/demo/*', 'arn:aws:s3:::bucket/demo/a/b')).toBe(true);
    expect(wildcardMatch('arn:aws:s3:::bucket/demo/*', 'arn:aws:s3:::bucket/Demo/a')).toBe(false);
    expect(wildcardMatch('kms:GenerateDataKey?', 'kms:GenerateDataKeyX', true)).toBe(true);
    const notAction = { Effect: 'Allow' as const, NotAction: 'iam:*', Resource: '*' };
    expect(statementApplies(notAction, request('s3:GetObject', 'arn:aws:s3:::b/k'))).toBe(true);
    expect(statementApplies(notAction, request('iam:PassRole', 'arn:aws:iam::1:role/r'))).toBe(false);
  });

  it("hold DynamoDB's leading-keys condition for every key the request touches (ForAllValues)", () => {
    const outbox = {
      Effect: 'Allow' as const,
      Action: 'dynamodb:PutItem',
      Resource: 'arn:aws:dynamodb:us-east-1:1:table/webhooks',
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['*#events#*'] } },
    };
    const put = (keys: string[]) =>
      request('dynamodb:PutItem', 'arn:aws:dynamodb:us-east-1:1:table/webhooks', { 'dynamodb:LeadingKeys': keys });
    expect(statementApplies(outbox, put(['demo#events#2026']))).toBe(true);
    expect(statementApplies(outbox, put(['demo#events#2026', 'demo#endpoint#1']))).toBe(false);
  });

  it('treat a missing condition key as AWS does: no match, but for IfExists, negated operators and ForAllValues', () => {
    const statement = (operator: string) => ({
      Effect: 'Allow' as const,
      Action: '*',
      Resource: '*',
      Condition: { [operator]: { 'aws:SourceVpc': 'vpc-1' } },
    });
    expect(statementApplies(statement('StringEquals'), request('s3:GetObject', 'x'))).toBe(false);
    expect(statementApplies(statement('StringEqualsIfExists'), request('s3:GetObject', 'x'))).toBe(true);
    expect(statementApplies(statement('StringNotEquals'), request('s3:GetObject', 'x'))).toBe(true);
    expect(() => statementApplies(statement('DateGreaterThan'), request('s3:GetObject', 'x', { 'aws:SourceVpc': 'v' }))).toThrow(
      /not evaluated/,
    );
  });

  it('tell a principal named in a resource policy from its account, which only delegates to IAM', () => {
    const principal = { arn: 'arn:aws:iam::111122223333:role/r', account: '111122223333' };
    expect(principalMatch({ Effect: 'Allow', Principal: { AWS: principal.arn } }, principal)).toBe('principal');
    expect(principalMatch({ Effect: 'Allow', Principal: '*' }, principal)).toBe('principal');
    expect(principalMatch({ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111122223333:root' } }, principal)).toBe('account');
    expect(principalMatch({ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } }, principal)).toBe('none');
  });
});

describe('a stack', () => {
  const account = `arn:aws:iam::${DEPLOYED.account}:root`;
  const template = templateOf({
    Resources: {
      Key: {
        Type: 'AWS::KMS::Key',
        Properties: { KeyPolicy: { Statement: [{ Effect: 'Allow', Principal: { AWS: account }, Action: 'kms:*', Resource: '*' }] } },
      },
      Table: {
        Type: 'AWS::DynamoDB::Table',
        Properties: { SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: { 'Fn::GetAtt': ['Key', 'Arn'] } } },
      },
      Bucket: { Type: 'AWS::S3::Bucket', Properties: {} },
      BucketPolicy: {
        Type: 'AWS::S3::BucketPolicy',
        Properties: {
          Bucket: { Ref: 'Bucket' },
          PolicyDocument: {
            Statement: [
              {
                Effect: 'Deny',
                Principal: { AWS: '*' },
                Action: 's3:*',
                Resource: [{ 'Fn::GetAtt': ['Bucket', 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Bucket', 'Arn'] }, '/*']] }],
                Condition: { Bool: { 'aws:SecureTransport': 'false' } },
              },
            ],
          },
        },
      },
      Writer: { Type: 'AWS::IAM::Role', Properties: {} },
      WriterPolicy: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'Writer' }],
          PolicyDocument: {
            Statement: [
              { Effect: 'Allow', Action: 'dynamodb:PutItem', Resource: { 'Fn::GetAtt': ['Table', 'Arn'] } },
              {
                Effect: 'Allow',
                Action: ['s3:GetObject', 's3:PutObject'],
                Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Bucket', 'Arn'] }, '/demo/*']] },
              },
            ],
          },
        },
      },
    },
  });
  const values = new TemplateValues(template, 'Stack');
  const permissions = new StackPermissions(values);
  const table = values.getAtt('Table', 'Arn');
  const key = values.getAtt('Key', 'Arn');

  it('allows what the role is granted, on the resources it is granted, and nothing else', () => {
    expect(permissions.decide('Writer', request('dynamodb:PutItem', table)).allowed).toBe(true);
    expect(permissions.decide('Writer', request('dynamodb:DeleteItem', table)).allowed).toBe(false);
    expect(permissions.decide('Writer', request('s3:GetObject', `${values.getAtt('Bucket', 'Arn')}/demo/a`)).allowed).toBe(true);
    expect(permissions.decide('Writer', request('s3:GetObject', `${values.getAtt('Bucket', 'Arn')}/acme/a`)).allowed).toBe(false);
  });

  it("refuses the table key to a role its policy does not grant it, though the key policy delegates to the account's IAM", () => {
    expect(permissions.encryptionKeyOf(table)).toBe(key);
    const decision = permissions.decide('Writer', request('kms:Decrypt', key));
    expect(decision).toEqual({ allowed: false, reason: expect.stringMatching(/delegates to IAM/) });
  });

  it('lets an explicit Deny of a bucket policy win, when its condition holds', () => {
    const object = `${values.getAtt('Bucket', 'Arn')}/demo/a`;
    expect(permissions.decide('Writer', request('s3:PutObject', object, { 'aws:SecureTransport': 'false' })).allowed).toBe(false);
    expect(permissions.decide('Writer', request('s3:PutObject', object)).allowed).toBe(true);
  });
});
