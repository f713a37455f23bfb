/**
 * Custom resource (CDK Provider framework, onEvent) that puts the ES256 signing key into its Secrets
 * Manager secret exactly once per secret. CloudFormation cannot generate an EC private JWK itself, and the
 * key must never sit in a template, so the secret is created with a throw-away placeholder and this
 * function overwrites it at Create.
 *
 * It never regenerates: a stack update that leaves the secret in place is a no-op (regenerating would
 * invalidate every token in flight and the key id partners may have cached), and Delete is a no-op (the
 * secret's own removal policy decides what happens to it). The one Update that writes is when the secret
 * itself was replaced (a different ARN): the new secret holds only the placeholder, so it needs a key.
 */
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CdkCustomResourceEvent, CdkCustomResourceResponse } from 'aws-lambda';
import { generateSigningKeyJwk } from './signing-key.js';

export interface SigningKeyResourceProperties {
  /** ARN of the secret that receives the private JWK. */
  readonly SecretArn: string;
}

/** Writes a secret value; the Lambda handler wires Secrets Manager, tests a recorder. */
export type PutSecret = (secretArn: string, secretString: string) => Promise<void>;

export async function handleSigningKeyEvent(
  event: CdkCustomResourceEvent<SigningKeyResourceProperties>,
  putSecret: PutSecret,
): Promise<CdkCustomResourceResponse> {
  const secretArn = event.ResourceProperties.SecretArn;
  if (!secretArn) throw new Error('SecretArn property is required');
  // The physical id names the secret the key was written to, so a replaced secret shows as a replacement.
  const physicalResourceId = `signing-key:${secretArn}`;

  switch (event.RequestType) {
    case 'Create':
      await putSecret(secretArn, JSON.stringify(await generateSigningKeyJwk()));
      return { PhysicalResourceId: physicalResourceId };
    case 'Update':
      if (event.OldResourceProperties.SecretArn !== secretArn) {
        await putSecret(secretArn, JSON.stringify(await generateSigningKeyJwk()));
        return { PhysicalResourceId: physicalResourceId };
      }
      return { PhysicalResourceId: event.PhysicalResourceId };
    case 'Delete':
      return { PhysicalResourceId: event.PhysicalResourceId };
  }
}

const secretsManager = new SecretsManagerClient({});

const putSecretValue: PutSecret = async (secretArn, secretString) => {
  await secretsManager.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: secretString }));
};

export async function handler(event: CdkCustomResourceEvent<SigningKeyResourceProperties>): Promise<CdkCustomResourceResponse> {
  // Nothing is logged or returned as Data: the only payload is the private key, and it stays in the secret.
  return handleSigningKeyEvent(event, putSecretValue);
}
