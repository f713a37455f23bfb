import type { CdkCustomResourceEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handleSigningKeyEvent, type SigningKeyResourceProperties } from '../../functions/auth/signing-key-initializer.js';
import { signingKeyFromJwk } from '../../functions/auth/signing-key.js';

const secretArn = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:SigningKey-abc';
const base = {
  ServiceToken: 'arn:aws:lambda:eu-west-1:111122223333:function:provider',
  ResponseURL: 'https://example.invalid/response',
  StackId: 'arn:aws:cloudformation:eu-west-1:111122223333:stack/HotelApi-acme-sandbox/uuid',
  RequestId: 'request-1',
  LogicalResourceId: 'SigningKey',
  ResourceType: 'Custom::SigningKey',
  ResourceProperties: { ServiceToken: 'token', SecretArn: secretArn },
};

function recorder() {
  const writes: { secretArn: string; value: string }[] = [];
  return { writes, put: async (arn: string, value: string) => void writes.push({ secretArn: arn, value }) };
}

describe('signing key initializer', () => {
  it('writes a usable private ES256 JWK into the secret on Create', async () => {
    const { writes, put } = recorder();
    const event = { ...base, RequestType: 'Create' } as CdkCustomResourceEvent<SigningKeyResourceProperties>;
    const response = await handleSigningKeyEvent(event, put);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.secretArn).toBe(secretArn);
    const key = await signingKeyFromJwk(JSON.parse(writes[0]!.value));
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.PhysicalResourceId).toBe(`signing-key:${secretArn}`);
  });

  it('leaves the key alone on an Update of the same secret, so tokens in flight stay valid', async () => {
    const { writes, put } = recorder();
    const event = {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: `signing-key:${secretArn}`,
      OldResourceProperties: { ServiceToken: 'token', SecretArn: secretArn },
    } as CdkCustomResourceEvent<SigningKeyResourceProperties>;
    const response = await handleSigningKeyEvent(event, put);
    expect(writes).toEqual([]);
    expect(response.PhysicalResourceId).toBe(`signing-key:${secretArn}`);
  });

  it('fills a replacement secret, which holds only the placeholder', async () => {
    const { writes, put } = recorder();
    const newArn = `${secretArn}-replaced`;
    const event = {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: `signing-key:${secretArn}`,
      ResourceProperties: { ServiceToken: 'token', SecretArn: newArn },
      OldResourceProperties: { ServiceToken: 'token', SecretArn: secretArn },
    } as CdkCustomResourceEvent<SigningKeyResourceProperties>;
    const response = await handleSigningKeyEvent(event, put);
    expect(writes.map((w) => w.secretArn)).toEqual([newArn]);
    expect(response.PhysicalResourceId).toBe(`signing-key:${newArn}`);
  });

  it('does nothing on Delete (the secret removal policy decides)', async () => {
    const { writes, put } = recorder();
    const event = { ...base, RequestType: 'Delete', PhysicalResourceId: `signing-key:${secretArn}` } as CdkCustomResourceEvent<SigningKeyResourceProperties>;
    await handleSigningKeyEvent(event, put);
    expect(writes).toEqual([]);
  });
});
