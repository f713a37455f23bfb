/**
 * The bundles host reads a synthesized template as Lambda would get it (local/cdk-bundles.ts): a function's
 * package directory and handler, and the template's environment with every AWS reference given its local
 * value. A made-up synth output, so the rules are checked without a synth.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSynthesizedFunctions } from '../../local/cdk-bundles.js';

const cdkOut = mkdtempSync(join(tmpdir(), 'cdk-bundles-'));
afterAll(() => rmSync(cdkOut, { recursive: true, force: true }));

function fn(name: string, variables: Record<string, unknown>) {
  mkdirSync(join(cdkOut, `asset.${name}`), { recursive: true });
  return {
    Type: 'AWS::Lambda::Function',
    Properties: { Handler: 'index.handler', MemorySize: 1024, Environment: { Variables: variables } },
    Metadata: { 'aws:cdk:path': `Stack/Functions/${name}/Function/Resource`, 'aws:asset:path': `asset.${name}` },
  };
}

writeFileSync(
  join(cdkOut, 'Stack.template.json'),
  JSON.stringify({
    Resources: {
      Vouchers: fn('Vouchers', { STAGE: 'sandbox', VOUCHER_FONT_DIR: '/var/task/fonts', BOOKINGS_TABLE: { Ref: 'Tablesbookings' } }),
      Auth: fn('Auth', { TOKEN_SIGNING_KEY_SECRET_ARN: { Ref: 'SigningKeySecret' }, SEARCH_SECRET_ARN: { Ref: 'SearchSecret' } }),
      Odd: fn('Odd', { SOMETHING_NEW: { 'Fn::GetAtt': ['Thing', 'Arn'] } }),
      Role: { Type: 'AWS::IAM::Role', Properties: {} },
    },
  }),
);

const local = {
  BOOKINGS_TABLE: 'local-bookings',
  TOKEN_SIGNING_KEY: '{"kty":"EC"}',
  SEARCH_SECRET: 'local-secret',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
  AWS_REGION: 'us-east-1',
  UNRELATED: 'not passed on',
};

describe('a synthesized function, made local', () => {
  it('runs from its package directory, with /var/task paths under it and references given their local values', () => {
    const vouchers = readSynthesizedFunctions(cdkOut, ['Vouchers'], local).get('Vouchers')!;
    expect(vouchers.taskRoot).toBe(join(cdkOut, 'asset.Vouchers'));
    expect(vouchers.handler).toBe('index.handler');
    expect(vouchers.memoryMb).toBe(1024);
    expect(vouchers.environment).toMatchObject({
      STAGE: 'sandbox',
      VOUCHER_FONT_DIR: join(cdkOut, 'asset.Vouchers', 'fonts'),
      BOOKINGS_TABLE: 'local-bookings',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      AWS_LAMBDA_FUNCTION_NAME: 'Vouchers',
      TZ: 'UTC',
    });
    expect(vouchers.environment).not.toHaveProperty('UNRELATED');
  });

  it('gets a secret inline instead of its ARN, which the code would read from Secrets Manager', () => {
    const auth = readSynthesizedFunctions(cdkOut, ['Auth'], local).get('Auth')!;
    expect(auth.environment).toMatchObject({ TOKEN_SIGNING_KEY: '{"kty":"EC"}', SEARCH_SECRET: 'local-secret' });
    expect(auth.environment).not.toHaveProperty('TOKEN_SIGNING_KEY_SECRET_ARN');
    expect(auth.environment).not.toHaveProperty('SEARCH_SECRET_ARN');
  });

  it('refuses a reference the host has no local value for, naming the function and the variable', () => {
    expect(() => readSynthesizedFunctions(cdkOut, ['Odd'], local)).toThrow(
      /Odd: the template sets SOMETHING_NEW .* no local SOMETHING_NEW/,
    );
  });

  it('refuses a function the synth output does not have', () => {
    expect(() => readSynthesizedFunctions(cdkOut, ['Search'], local)).toThrow(/has no function Search/);
  });
});
