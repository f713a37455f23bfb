/**
 * The webhook sender on AWS: the webhooks table's stream (new images) feeds the sender through an event source
 * mapping filtered to new outbox items, batches split and retried, what still fails going to an encrypted
 * dead-letter queue; a one-minute schedule retries the deliveries due; the sender touches the webhooks table only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, referencedId, referencedIds, resourcesOfType, statementsOfRole } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => synthesis?.cleanUp());

const sender = () => logicalIdOf(synthesis.stack.webhookSender.job.function);
const webhooksTable = () => logicalIdOf(synthesis.stack.tables.get('webhooks').table);

describe('webhook sender', () => {
  it('reads the webhooks table stream, new images, from its start', () => {
    const table = resourcesOfType(synthesis.template, 'AWS::DynamoDB::Table')[webhooksTable()]!;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const mappings = Object.values(resourcesOfType(synthesis.template, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => referencedId(m.Properties.FunctionName) === sender(),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(JSON.stringify(mapping.EventSourceArn)).toContain(webhooksTable());
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 86_400,
    });
    // Only new outbox items wake it: deliveries and endpoints written to the same table do not.
    const pattern = JSON.parse((mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]!.Pattern);
    expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['webhook-event'] } } } });
  });

  it('sends what still fails to an encrypted, TLS-only dead-letter queue kept 14 days, watched by an alarm', () => {
    const queueId = logicalIdOf(synthesis.stack.webhookSender.deadLetters);
    const queue = resourcesOfType(synthesis.template, 'AWS::SQS::Queue')[queueId]!;
    // Under the stack's own key, like the table its events come from (test/infra/data-key.test.ts).
    expect(queue.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 86_400 });
    expect(queue.Properties.KmsMasterKeyId).toBeDefined();
    const policy = Object.values(resourcesOfType(synthesis.template, 'AWS::SQS::QueuePolicy')).find((p) =>
      JSON.stringify(p.Properties.Queues).includes(queueId),
    )!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    const mapping = Object.values(resourcesOfType(synthesis.template, 'AWS::Lambda::EventSourceMapping')).find(
      (m) => referencedId(m.Properties.FunctionName) === sender(),
    )!;
    expect(JSON.stringify(mapping.Properties.DestinationConfig)).toContain(queueId);
    const alarm = Object.values(resourcesOfType(synthesis.template, 'AWS::CloudWatch::Alarm')).find((a) =>
      String(a.Properties.AlarmName).endsWith('WebhookStreamDeadLetters'),
    )!;
    expect(JSON.stringify(alarm.Properties.Dimensions)).toContain(queueId);
  });

  it('retries the deliveries due every minute, knowing its tenant', () => {
    const rules = Object.values(resourcesOfType(synthesis.template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => referencedId(t.Arn) === sender()),
    );
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const fn = resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[sender()]!;
    // No reservation: the stream's batches never wait behind a sweep, and a new account can take the stack.
    expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.TENANT).toBe('acme');
    expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOK_URL_POLICY).toBeUndefined();
  });

  it('touches the webhooks table (and its stream) only', () => {
    const touched = new Set<string>();
    for (const statement of statementsOfRole(synthesis.template, logicalIdOf(synthesis.stack.webhookSender.job.role))) {
      if (!actionsOf(statement).some((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:ListStreams')) continue;
      for (const id of referencedIds(statement.Resource)) if (!id.startsWith('AWS::')) touched.add(id);
    }
    expect([...touched]).toEqual([webhooksTable()]);
  });
});
