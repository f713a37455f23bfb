/**
 * On call, as CloudFormation will create it: each alarm watches the metric the code emits (names from
 * functions/shared/metric-names.ts, the namespace the functions are given), with the threshold, period and
 * evaluation written down in lib/observability.ts, and notifies the one encrypted, SSL-only topic; the
 * stack has one dashboard with every widget on-call reads.
 */
import { TABLES } from '../../functions/shared/tables.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_THRESHOLDS } from '../../lib/observability.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { referencedId, resourcesOfType, type CfnResource } from './template-queries.js';

let synthesis: Synthesis;
let alarmsById: Map<string, Record<string, unknown>>;
let topicId: string;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production' });
  topicId = logicalIdOf(synthesis.stack.observability.topic);
  alarmsById = new Map(
    [...synthesis.stack.observability.alarms].map(([id, alarm]) => [
      id,
      resourcesOfType(synthesis.template, 'AWS::CloudWatch::Alarm')[logicalIdOf(alarm)]!.Properties,
    ]),
  );
});
afterAll(() => synthesis?.cleanUp());

const NAMESPACE = 'HotelApi/acme/production';

interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: {
    Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
    Period: number;
    Stat: string;
  };
}

function alarmProps(id: string): Record<string, unknown> {
  const props = alarmsById.get(id);
  if (!props) throw new Error(`no alarm ${id}; there are ${[...alarmsById.keys()].join(', ')}`);
  return props;
}

function dimensionsOf(dimensions: { Name: string; Value: unknown }[] | undefined): Record<string, unknown> {
  return Object.fromEntries((dimensions ?? []).map((d) => [d.Name, d.Value]));
}

/** The alarm notifies the topic both when it fires and when it clears. */
function expectNotifiesTopic(props: Record<string, unknown>): void {
  expect((props.AlarmActions as unknown[]).map(referencedId)).toEqual([topicId]);
  expect((props.OKActions as unknown[]).map(referencedId)).toEqual([topicId]);
  expect(props.TreatMissingData).toBe('notBreaching');
}

/** A single-metric alarm: its metric, statistic, period and threshold. */
function expectSingleMetricAlarm(
  id: string,
  expected: {
    namespace: unknown;
    metricName: string;
    dimensions: Record<string, unknown>;
    statistic: string;
    period: number;
    threshold: number;
    comparison: string;
    evaluationPeriods: number;
    datapoints: number;
  },
): void {
  const props = alarmProps(id);
  expect(props).toMatchObject({
    Namespace: expected.namespace,
    MetricName: expected.metricName,
    Statistic: expected.statistic,
    Period: expected.period,
    Threshold: expected.threshold,
    ComparisonOperator: expected.comparison,
    EvaluationPeriods: expected.evaluationPeriods,
    DatapointsToAlarm: expected.datapoints,
  });
  expect(dimensionsOf(props.Dimensions as { Name: string; Value: unknown }[])).toEqual(expected.dimensions);
  expectNotifiesTopic(props);
}

function queriesOf(id: string): MetricQuery[] {
  return alarmProps(id).Metrics as MetricQuery[];
}

describe('alarms', () => {
  it('are the ones on-call needs, no more and no fewer', () => {
    const tableAlarms = [
      'Bookings',
      'Clients',
      'Contracts',
      'FxRates',
      'Guests',
      'Idempotency',
      'Properties',
      'RateLimits',
      'Searches',
      'SigningKeys',
      'Wallets',
      'Webhooks',
    ].map((t) => `DynamoDbThrottles${t}`);
    expect([...alarmsById.keys()].sort()).toEqual(
      [
        'SupplierSearchTimeoutRate',
        'Api5xxRate',
        'BookingFailureRate',
        'BookingCompensations',
        'CompensationFailures',
        'PendingBookingOlderThan15Minutes',
        'ReconcilerErrors',
        'BookingStateMachineFailureRate',
        'BookingStateMachineTimeouts',
        'PropertyMappingRunFailed',
        'WebhookStreamDeadLetters',
        'SupplierAnswersRefused',
        'SupplierAnswersRefusedWhole',
        'FxFeedNotRead',
        'FxFeedRejected',
        'FxQuotesStale',
        ...tableAlarms,
      ].sort(),
    );
    for (const props of alarmsById.values()) expect(String(props.AlarmDescription)).toMatch(/README: On call, \w+\./);
  });

  it('supplier search timeout rate: the average of SupplierTimeout over all suppliers above 10%, 2 of 3 five-minute periods', () => {
    expectSingleMetricAlarm('SupplierSearchTimeoutRate', {
      namespace: NAMESPACE,
      metricName: 'SupplierTimeout',
      dimensions: { operation: 'search' },
      statistic: 'Average',
      period: 300,
      threshold: 0.1,
      comparison: 'GreaterThanThreshold',
      evaluationPeriods: 3,
      datapoints: 2,
    });
  });

  it('supplier answers refused: 100 or more hotels and rates dropped over all suppliers, 2 of 3 five-minute periods', () => {
    expectSingleMetricAlarm('SupplierAnswersRefused', {
      namespace: NAMESPACE,
      metricName: 'SupplierAnswerRefused',
      dimensions: {},
      statistic: 'Sum',
      period: 300,
      threshold: ALARM_THRESHOLDS.supplierAnswersRefused,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 3,
      datapoints: 2,
    });
  });

  it('whole supplier answers refused (too large, a redirect, an XML DOCTYPE): any one in five minutes', () => {
    const props = alarmProps('SupplierAnswersRefusedWhole');
    expect(props).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1 });
    const queries = queriesOf('SupplierAnswersRefusedWhole');
    const reasons = queries
      .filter((q) => q.MetricStat)
      .map((q) => {
        const stat = q.MetricStat!;
        expect(stat.Metric.MetricName).toBe('SupplierAnswerRefused');
        expect(stat).toMatchObject({ Stat: 'Sum', Period: 300 });
        return dimensionsOf(stat.Metric.Dimensions as { Name: string; Value: unknown }[]).reason;
      });
    expect(reasons.sort()).toEqual(['redirect', 'too_large', 'xml_doctype']);
    expect(queries.find((q) => q.Expression)!.Expression).toBe('FILL(toolarge, 0) + FILL(redirect, 0) + FILL(xmldoctype, 0)');
    expectNotifiesTopic(props);
  });

  it('5xx rate: API Gateway 5XXError average above 1%, 2 of 3 five-minute periods', () => {
    const props = alarmProps('Api5xxRate');
    expectSingleMetricAlarm('Api5xxRate', {
      namespace: 'AWS/ApiGateway',
      metricName: '5XXError',
      dimensions: dimensionsOf(props.Dimensions as never),
      statistic: 'Average',
      period: 300,
      threshold: 0.01,
      comparison: 'GreaterThanThreshold',
      evaluationPeriods: 3,
      datapoints: 2,
    });
    expect(dimensionsOf(props.Dimensions as never).ApiName).toBe('hotel-api-acme-production');
  });

  it('booking failure rate: failed over all outcomes in 15 minutes, above a quarter once at least 5 finished', () => {
    const props = alarmProps('BookingFailureRate');
    expect(props).toMatchObject({
      Threshold: ALARM_THRESHOLDS.bookingFailureRate,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
    });
    const queries = queriesOf('BookingFailureRate');
    const expression = queries.find((q) => q.ReturnData !== false)!;
    expect(expression.Expression).toBe(
      'IF(FILL(c, 0) + FILL(p, 0) + FILL(k, 0) + FILL(x, 0) + FILL(f, 0) >= 5, FILL(f, 0) / (FILL(c, 0) + FILL(p, 0) + FILL(k, 0) + FILL(x, 0) + FILL(f, 0)), 0)',
    );
    const byId = Object.fromEntries(queries.filter((q) => q.MetricStat).map((q) => [q.Id, q.MetricStat!]));
    expect(Object.keys(byId).sort()).toEqual(['c', 'f', 'k', 'p', 'x']);
    const outcomes = { c: 'confirmed', p: 'pending', k: 'compensated', x: 'compensation-failed', f: 'failed' };
    for (const [id, outcome] of Object.entries(outcomes)) {
      expect(byId[id]).toMatchObject({ Metric: { Namespace: NAMESPACE, MetricName: 'BookingOutcome' }, Period: 900, Stat: 'Sum' });
      expect(dimensionsOf(byId[id]!.Metric.Dimensions)).toEqual({ outcome });
    }
    expectNotifiesTopic(props);
  });

  it('compensations: 3 in 15 minutes; a compensation that failed: any one', () => {
    expectSingleMetricAlarm('BookingCompensations', {
      namespace: NAMESPACE,
      metricName: 'BookingOutcome',
      dimensions: { outcome: 'compensated' },
      statistic: 'Sum',
      period: 900,
      threshold: 3,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
    expectSingleMetricAlarm('CompensationFailures', {
      namespace: NAMESPACE,
      metricName: 'BookingOutcome',
      dimensions: { outcome: 'compensation-failed' },
      statistic: 'Sum',
      period: 300,
      threshold: 1,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
  });

  it('a pending booking older than 15 minutes: the oldest pending age above 900 s', () => {
    expectSingleMetricAlarm('PendingBookingOlderThan15Minutes', {
      namespace: NAMESPACE,
      metricName: 'OldestPendingBookingAge',
      dimensions: {},
      statistic: 'Maximum',
      period: 300,
      threshold: 900,
      comparison: 'GreaterThanThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
  });

  it('reconciler errors: the reconciler function failing two runs in a row', () => {
    const props = alarmProps('ReconcilerErrors');
    expectSingleMetricAlarm('ReconcilerErrors', {
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      dimensions: dimensionsOf(props.Dimensions as never),
      statistic: 'Sum',
      period: 300,
      threshold: 1,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 2,
      datapoints: 2,
    });
    expect(referencedId(dimensionsOf(props.Dimensions as never).FunctionName)).toBe(
      logicalIdOf(synthesis.stack.pendingReconciler.job.function),
    );
  });

  it('DynamoDB throttles: read plus write throttle events of each table and each of its indexes, two periods in a row', () => {
    for (const id of ['bookings', 'idempotency'] as const) {
      const name = `DynamoDbThrottles${id[0]!.toUpperCase()}${id.slice(1)}`;
      const props = alarmProps(name);
      expect(props).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 2,
        DatapointsToAlarm: 2,
      });
      const queries = queriesOf(name);
      const indexes = (TABLES.find((t) => t.id === id)!.globalIndexes ?? []).map((index) => index.name);
      const ids = ['r', 'w', ...indexes.flatMap((_, i) => [`r${i}`, `w${i}`])];
      expect(queries.find((q) => q.Expression)?.Expression).toBe(ids.map((q) => `FILL(${q}, 0)`).join(' + '));
      // CloudWatch allows an alarm ten metrics: the bookings table's four indexes take it to the limit.
      expect(queries.filter((q) => q.MetricStat).length).toBeLessThanOrEqual(10);
      const stats = queries.filter((q) => q.MetricStat).map((q) => q.MetricStat!);
      expect(stats.map((s) => s.Metric.MetricName).sort()).toEqual(
        ids.map((q) => (q.startsWith('r') ? 'ReadThrottleEvents' : 'WriteThrottleEvents')).sort(),
      );
      for (const stat of stats) {
        expect(stat).toMatchObject({ Metric: { Namespace: 'AWS/DynamoDB' }, Period: 300, Stat: 'Sum' });
        expect(referencedId(dimensionsOf(stat.Metric.Dimensions).TableName)).toBe(logicalIdOf(synthesis.stack.tables.get(id).table));
      }
      expect(
        stats
          .map((s) => dimensionsOf(s.Metric.Dimensions).GlobalSecondaryIndexName)
          .filter(Boolean)
          .sort(),
      ).toEqual(indexes.flatMap((name) => [name, name]).sort());
      expectNotifiesTopic(props);
    }
  });

  it('state machine failures: more than half of 5+ executions failed in 15 minutes, or any one timed out', () => {
    const machine = logicalIdOf(synthesis.stack.bookingWorkflow.stateMachine);
    const rate = alarmProps('BookingStateMachineFailureRate');
    expect(rate).toMatchObject({ Threshold: 0.5, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const queries = queriesOf('BookingStateMachineFailureRate');
    expect(queries.find((q) => q.Expression)?.Expression).toBe('IF(FILL(started, 0) >= 5, FILL(failed, 0) / started, 0)');
    const stats = Object.fromEntries(queries.filter((q) => q.MetricStat).map((q) => [q.Id, q.MetricStat!]));
    expect(stats.failed).toMatchObject({ Metric: { Namespace: 'AWS/States', MetricName: 'ExecutionsFailed' }, Period: 900, Stat: 'Sum' });
    expect(stats.started).toMatchObject({ Metric: { Namespace: 'AWS/States', MetricName: 'ExecutionsStarted' }, Period: 900, Stat: 'Sum' });
    expect(referencedId(dimensionsOf(stats.failed!.Metric.Dimensions).StateMachineArn)).toBe(machine);
    expectNotifiesTopic(rate);
    const timeouts = alarmProps('BookingStateMachineTimeouts');
    expectSingleMetricAlarm('BookingStateMachineTimeouts', {
      namespace: 'AWS/States',
      metricName: 'ExecutionsTimedOut',
      dimensions: dimensionsOf(timeouts.Dimensions as never),
      statistic: 'Sum',
      period: 300,
      threshold: 1,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
    expect(referencedId(dimensionsOf(timeouts.Dimensions as never).StateMachineArn)).toBe(machine);

    // The mapping workflow: a run that failed or timed out as a whole, within the hour.
    const mapping = alarmProps('PropertyMappingRunFailed');
    expect(mapping).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1 });
    const mappingQueries = queriesOf('PropertyMappingRunFailed');
    expect(mappingQueries.find((q) => q.Expression)?.Expression).toBe('FILL(failed, 0) + FILL(timedOut, 0)');
    const mappingStats = mappingQueries.filter((q) => q.MetricStat).map((q) => q.MetricStat!);
    expect(mappingStats.map((m) => m.Metric.MetricName).sort()).toEqual(['ExecutionsFailed', 'ExecutionsTimedOut']);
    for (const m of mappingStats) {
      expect(m).toMatchObject({ Period: 3600, Stat: 'Sum' });
      expect(referencedId(dimensionsOf(m.Metric.Dimensions).StateMachineArn)).toBe(
        logicalIdOf(synthesis.stack.propertyMapping.stateMachine),
      );
    }
    expectNotifiesTopic(mapping);
  });

  it('FX: a working day not read by two hourly feed runs (a run missing counts), a refused feed, any stale quote', () => {
    const notRead = alarmProps('FxFeedNotRead');
    expect(notRead).toMatchObject({
      Threshold: ALARM_THRESHOLDS.fxFeedWorkingDaysBehind,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      // The job runs every hour of every day: an hour without its metric is a job that did not run.
      TreatMissingData: 'breaching',
    });
    const queries = queriesOf('FxFeedNotRead');
    expect(queries.find((q) => q.Expression)?.Expression).toBe('FILL(behind, 1)');
    expect(queries.find((q) => q.Id === 'behind')!.MetricStat).toMatchObject({
      Metric: { Namespace: NAMESPACE, MetricName: 'FxFeedWorkingDaysBehind' },
      Period: 3600,
      Stat: 'Maximum',
    });
    expect((notRead.AlarmActions as unknown[]).map(referencedId)).toEqual([topicId]);
    expectSingleMetricAlarm('FxFeedRejected', {
      namespace: NAMESPACE,
      metricName: 'FxFeedFailures',
      dimensions: { reason: 'rejected' },
      statistic: 'Sum',
      period: 3600,
      threshold: ALARM_THRESHOLDS.fxFeedRejected,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
    expectSingleMetricAlarm('FxQuotesStale', {
      namespace: NAMESPACE,
      metricName: 'FxQuotesStale',
      dimensions: {},
      statistic: 'Sum',
      period: 300,
      threshold: ALARM_THRESHOLDS.fxQuotesStale,
      comparison: 'GreaterThanOrEqualToThreshold',
      evaluationPeriods: 1,
      datapoints: 1,
    });
  });

  it('notify one topic, encrypted with a rotated key CloudWatch may use, and reachable over TLS only', () => {
    const topics = resourcesOfType(synthesis.template, 'AWS::SNS::Topic');
    expect(Object.keys(topics)).toEqual([topicId]);
    const keyId = referencedId(topics[topicId]!.Properties.KmsMasterKeyId)!;
    const key = resourcesOfType(synthesis.template, 'AWS::KMS::Key')[keyId]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const statements = (key.Properties.KeyPolicy as { Statement: { Principal: { Service?: string }; Action: string[] }[] }).Statement;
    expect(statements.find((s) => s.Principal.Service === 'cloudwatch.amazonaws.com')?.Action).toEqual([
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    ]);
    const policies = Object.values(resourcesOfType(synthesis.template, 'AWS::SNS::TopicPolicy')).filter((p: CfnResource) =>
      (p.Properties.Topics as unknown[]).some((t) => referencedId(t) === topicId),
    );
    const denies = policies
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Effect: string; Condition?: unknown }[] }).Statement)
      .filter((s) => s.Effect === 'Deny');
    expect(denies).toContainEqual(expect.objectContaining({ Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });
});

describe('dashboard', () => {
  /** The dashboard body as JSON, with the stack's references (table names, ARNs) as placeholders. */
  function dashboardBody(): {
    widgets: { type: string; properties: { title?: string; markdown?: string; metrics?: unknown[][]; alarms?: unknown[] } }[];
  } {
    const dashboards = resourcesOfType(synthesis.template, 'AWS::CloudWatch::Dashboard');
    expect(Object.keys(dashboards)).toHaveLength(1);
    const body = Object.values(dashboards)[0]!.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] } | string;
    const text = typeof body === 'string' ? body : body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : 'REF')).join('');
    return JSON.parse(text) as ReturnType<typeof dashboardBody>;
  }

  it('is one per stack, with every widget on-call reads', () => {
    const widgets = dashboardBody().widgets;
    expect(widgets.map((w) => w.properties.title ?? `${w.type}`)).toEqual([
      'Alarms',
      'API requests and 5xx rate',
      '5xx and 4xx per route',
      'Supplier search latency p90 (ms)',
      'Supplier search timeout rate',
      'Supplier search error rate',
      'Offers per supplier',
      'Supplier booking calls: latency p90 (ms)',
      'Supplier booking calls: timeouts and errors',
      'Supplier answers refused, by supplier and reason',
      'Booking outcomes',
      'Booking steps: errors by step',
      'Booking step duration p90 (ms)',
      'Pending bookings by age (after each reconciler pass)',
      'Oldest pending booking (s)',
      'Reconciler: errors and unsettled attempts',
      'Idempotent replays per route',
      'Booking state machine',
      'DynamoDB throttle events per table',
      'FX feed: working days behind (after each hourly run) and failed runs',
      'Quotes refused for a stale FX figure, per route',
      'text',
    ]);
    const byTitle = new Map(widgets.map((w) => [w.properties.title, w.properties]));
    expect(byTitle.get('Alarms')!.alarms).toHaveLength(alarmsById.size);
    const metricsText = (title: string) => JSON.stringify(byTitle.get(title)!.metrics);
    expect(metricsText('Supplier search timeout rate')).toContain(
      `SEARCH('{\\"${NAMESPACE}\\",operation,supplier} MetricName=\\"SupplierTimeout\\" operation=\\"search\\"', 'Average')`,
    );
    expect(metricsText('Supplier search latency p90 (ms)')).toContain(`MetricName=\\"SupplierLatency\\" operation=\\"search\\"', 'p90'`);
    expect(metricsText('5xx and 4xx per route')).toContain('MetricName=\\"Status5xx\\"');
    for (const outcome of ['confirmed', 'pending', 'compensated', 'compensation-failed', 'failed']) {
      expect(metricsText('Booking outcomes')).toContain(`"BookingOutcome","outcome","${outcome}"`);
    }
    for (const bucket of ['under-5m', '5m-15m', 'over-15m'])
      expect(metricsText('Pending bookings by age (after each reconciler pass)')).toContain(`"PendingBookings","age","${bucket}"`);
    expect(metricsText('Oldest pending booking (s)')).toContain('"OldestPendingBookingAge"');
    expect(metricsText('Reconciler: errors and unsettled attempts')).toContain('"PendingSettled","outcome","failed"');
    expect(metricsText('Idempotent replays per route')).toContain('MetricName=\\"IdempotentReplay\\"');
    expect(metricsText('Booking state machine')).toContain('"ExecutionsTimedOut"');
    expect(metricsText('FX feed: working days behind (after each hourly run) and failed runs')).toContain(
      '"FxFeedFailures","reason","rejected"',
    );
    expect(metricsText('Quotes refused for a stale FX figure, per route')).toContain('MetricName=\\"FxQuotesStale\\"');
    expect(metricsText('DynamoDB throttle events per table').match(/FILL\(r\d+, 0\) \+ FILL\(w\d+, 0\)/g)).toHaveLength(TABLES.length);
  });
});
