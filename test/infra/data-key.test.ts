/**
 * The tenant stack's own KMS key (lib/data-key.ts): rotated, and named by every store that holds personal data
 * or secrets (every table, the finance export bucket and its Athena results, the webhook dead-letter queue).
 * Prints each store with the key it is under, and who may use the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../functions/shared/tables.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedIds, resourcesOf, resourcesOfType, type PolicyStatementJson } from './template-queries.js';

let synthesis: Synthesis;
let keyId: string;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
  keyId = logicalIdOf(synthesis.stack.dataKey.key);
});
afterAll(() => synthesis?.cleanUp());

const namesKey = (value: unknown): boolean => referencedIds(value).has(keyId);

describe("the tenant stack's own key", () => {
  it('is a customer managed key with rotation on, kept when a production stack is deleted', () => {
    const key = resourcesOfType(synthesis.template, 'AWS::KMS::Key')[keyId]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
  });

  it('encrypts every store that holds personal data or secrets', () => {
    const stores: [string, boolean][] = [];
    for (const definition of TABLES) {
      const table = resourcesOfType(synthesis.template, 'AWS::DynamoDB::Table')[
        logicalIdOf(synthesis.stack.tables.get(definition.id).table)
      ]!;
      const sse = table.Properties.SSESpecification as { SSEEnabled: boolean; SSEType: string; KMSMasterKeyId: unknown };
      stores.push([`table ${definition.id}`, sse.SSEEnabled && sse.SSEType === 'KMS' && namesKey(sse.KMSMasterKeyId)]);
    }
    const bucket = resourcesOfType(synthesis.template, 'AWS::S3::Bucket')[logicalIdOf(synthesis.stack.financeLedger.bucket)]!;
    const rule = (
      bucket.Properties.BucketEncryption as {
        ServerSideEncryptionConfiguration: { ServerSideEncryptionByDefault: { SSEAlgorithm: string; KMSMasterKeyID: unknown } }[];
      }
    ).ServerSideEncryptionConfiguration[0]!.ServerSideEncryptionByDefault;
    stores.push(['finance export bucket', rule.SSEAlgorithm === 'aws:kms' && namesKey(rule.KMSMasterKeyID)]);
    const workGroup = synthesis.stack.financeLedger.workGroup;
    const results = (
      resourcesOfType(synthesis.template, 'AWS::Athena::WorkGroup')[logicalIdOf(workGroup)]!.Properties.WorkGroupConfiguration as {
        ResultConfiguration: { EncryptionConfiguration: { EncryptionOption: string; KmsKey: unknown } };
      }
    ).ResultConfiguration.EncryptionConfiguration;
    stores.push(['finance Athena results', results.EncryptionOption === 'SSE_KMS' && namesKey(results.KmsKey)]);
    const queue = resourcesOfType(synthesis.template, 'AWS::SQS::Queue')[logicalIdOf(synthesis.stack.webhookSender.deadLetters)]!;
    stores.push(['webhook stream dead letters', namesKey(queue.Properties.KmsMasterKeyId)]);

    console.log(
      `stores of personal data and secrets, and their key:\n${stores.map(([store, ok]) => `  ${store.padEnd(32)} ${ok ? 'the stack key (customer managed, rotated)' : 'NOT under the stack key'}`).join('\n')}`,
    );
    expect(stores.filter(([, ok]) => !ok).map(([store]) => store)).toEqual([]);
  });

  it('may be used only by the roles that read or write those stores', () => {
    const roles = resourcesOfType(synthesis.template, 'AWS::IAM::Role');
    const users = new Set<string>();
    for (const policy of Object.values(resourcesOfType(synthesis.template, 'AWS::IAM::Policy'))) {
      const statements = (policy.Properties.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement;
      const usesKey = statements.some((s) => actionsOf(s).some((a) => a.startsWith('kms:')) && resourcesOf(s).some(namesKey));
      if (!usesKey) continue;
      for (const role of policy.Properties.Roles as unknown[]) for (const id of referencedIds(role)) users.add(id);
    }
    // Every role that may use the key has a DynamoDB, S3 or SQS grant on a store under it (nothing else needs it).
    const storeIds = new Set([
      ...TABLES.map((t) => logicalIdOf(synthesis.stack.tables.get(t.id).table)),
      logicalIdOf(synthesis.stack.financeLedger.bucket),
      logicalIdOf(synthesis.stack.webhookSender.deadLetters),
    ]);
    for (const role of users) {
      expect(roles[role], role).toBeDefined();
      const statements = Object.values(resourcesOfType(synthesis.template, 'AWS::IAM::Policy'))
        .filter((p) => (p.Properties.Roles as unknown[]).some((r) => referencedIds(r).has(role)))
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement);
      const touchesStore = statements.some(
        (s) => !actionsOf(s).some((a) => a.startsWith('kms:')) && [...referencedIds(s.Resource)].some((id) => storeIds.has(id)),
      );
      expect(touchesStore, `${role} may use the key but touches no store under it`).toBe(true);
    }
    console.log(`roles that may use the key: ${users.size}`);
    expect(users.size).toBeGreaterThan(5);
  });
});
