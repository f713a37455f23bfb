/**
 * On call for one deployment: the alarms (each with its threshold and why, README "On call: metrics,
 * alarms and dashboard" says what to do when it fires), the SNS topic they notify, and the stack's
 * dashboard. Our own metrics come from functions/shared/metric-names.ts, the same names the code emits.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SearchExpression,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Dim, FX_FEED_FAILURES, MetricName, metricNamespace, PENDING_AGE_BUCKETS } from '../functions/shared/metric-names.js';
import { TABLES, type TableId } from '../functions/shared/tables.js';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';

export interface ObservabilityProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
  readonly restApi: RestApi;
  readonly bookingStateMachine: StateMachine;
  /** The property mapping workflow (lib/property-mapping.ts): a run that fails as a whole keeps the last map. */
  readonly mappingStateMachine: StateMachine;
  readonly reconcilerFunction: IFunction;
  /** Where webhook outbox records go when the sender could not dispatch them (lib/webhook-sender.ts). */
  readonly webhookDeadLetters: IQueue;
}

const FIVE_MINUTES = Duration.minutes(5);
/** Bookings that reached any outcome, over the BookingFailureRate alarm's metrics c, p, k, x, f. */
const FINISHED = 'FILL(c, 0) + FILL(p, 0) + FILL(k, 0) + FILL(x, 0) + FILL(f, 0)';

/**
 * Every alarm's threshold and the reason for it, in one table: the alarms are built from it, the infra
 * test checks the template against it, and the README's alarm table says the same.
 */
export const ALARM_THRESHOLDS = {
  /** Share of search supplier calls that timed out, per 5 minutes, 2 of 3 periods. */
  supplierSearchTimeoutRate: 0.1,
  /** Share of API requests answered 5xx, per 5 minutes, 2 of 3 periods. */
  api5xxRate: 0.01,
  /** Share of finished bookings that failed, per 15 minutes, when at least 5 finished. */
  bookingFailureRate: 0.25,
  /** Compensations (supplier booking cancelled because we could not keep it) per 15 minutes. */
  bookingCompensations: 3,
  /** A supplier booking we could not cancel and did not save: any one. */
  compensationFailures: 1,
  /** Age in seconds of the oldest booking still pending after a reconciler pass. */
  oldestPendingBookingAgeSeconds: 15 * 60,
  /** Reconciler invocation errors per 5 minutes, two runs in a row. */
  reconcilerErrors: 1,
  /** Webhook events the sender could not dispatch after its retries (in the dead-letter queue): any one. */
  webhookDeadLetters: 1,
  /** Read + write throttle events of one table per 5 minutes, 2 periods in a row. */
  dynamoDbThrottles: 1,
  /** Share of booking executions that failed, per 15 minutes, when at least 5 started. */
  stateMachineFailureRate: 0.5,
  /** Booking executions that timed out: any one. */
  stateMachineTimeouts: 1,
  /** Hotels and rates the supplier boundary dropped (all suppliers) per 5 minutes, 2 of 3 periods. */
  supplierAnswersRefused: 100,
  /** Whole supplier answers refused as too large, redirected or carrying an XML DOCTYPE: any one in 5 minutes. */
  supplierAnswersRefusedWhole: 1,
  /** Working days published (by 16:00 UTC) and not stored, after two hourly feed runs in a row (a run missing counts). */
  fxFeedWorkingDaysBehind: 1,
  /** Feed runs whose figures were refused (a currency missing, a figure not positive or moved too far): any one. */
  fxFeedRejected: 1,
  /** Quotes refused for an FX figure past the maximum age, per 5 minutes: any one. */
  fxQuotesStale: 1,
  /** Property mapping runs that failed as a whole (or timed out), per hour. */
  mappingRunFailures: 1,
} as const;

/** The reasons the whole-answer alarm reads (functions/suppliers/refusal-reason.ts): a supplier out of its contract's shape. */
const WHOLE_ANSWER_REFUSALS = ['too_large', 'redirect', 'xml_doctype'] as const;

export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** By construct id, for the tests and the dashboard's alarm widget. */
  readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { config } = props;
    const namespace = metricNamespace(config.tenant, config.stage);
    const ours = (metricName: string, dimensionsMap: Record<string, string>, statistic: string, period = FIVE_MINUTES): Metric =>
      new Metric({ namespace, metricName, dimensionsMap, statistic, period });

    // Alarm notifications go through a customer managed key: AWS's own SNS key cannot let CloudWatch
    // publish (its policy is fixed), and cdk-nag (SNS2) wants the topic encrypted.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the on-call alarm topic of hotel-api ${config.tenant} ${config.stage}`,
      enableKeyRotation: true,
      removalPolicy: removalPolicyFor(config.stage),
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `hotel-api ${config.tenant} ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    const action = new SnsAction(this.topic);

    const alarms = new Map<string, Alarm>();
    const alarm = (
      alarmId: string,
      props: {
        metric: IMetric;
        threshold: number;
        evaluationPeriods: number;
        datapointsToAlarm?: number;
        comparison?: ComparisonOperator;
        /** How a period without data counts; by default it does not (no traffic is no trouble). */
        treatMissingData?: TreatMissingData;
        description: string;
      },
    ): Alarm => {
      const created = new Alarm(this, alarmId, {
        alarmName: `hotel-api-${config.tenant}-${config.stage}-${alarmId}`,
        alarmDescription: props.description,
        metric: props.metric,
        threshold: props.threshold,
        evaluationPeriods: props.evaluationPeriods,
        datapointsToAlarm: props.datapointsToAlarm ?? props.evaluationPeriods,
        comparisonOperator: props.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No traffic is no evidence of trouble: quiet hours must not page anyone.
        treatMissingData: props.treatMissingData ?? TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      alarms.set(alarmId, created);
      return created;
    };

    const t = ALARM_THRESHOLDS;
    alarm('SupplierSearchTimeoutRate', {
      metric: ours(MetricName.supplierTimeout, { [Dim.operation]: 'search' }, 'Average'),
      threshold: t.supplierSearchTimeoutRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description:
        'More than 10% of search calls to suppliers timed out in 2 of the last 3 five-minute periods: with up to ten suppliers that is at least one supplier out entirely, so searches are missing its offers. README: On call, SupplierSearchTimeoutRate.',
    });
    alarm('Api5xxRate', {
      metric: props.restApi.metricServerError({ statistic: 'Average', period: FIVE_MINUTES }),
      threshold: t.api5xxRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description:
        'More than 1% of API requests were answered 5xx in 2 of the last 3 five-minute periods: 5xx means our fault (or a supplier failure we answer 502/504), and partners retry into it. README: On call, Api5xxRate.',
    });

    alarm('SupplierAnswersRefused', {
      metric: ours(MetricName.supplierAnswerRefused, {}, 'Sum'),
      threshold: t.supplierAnswersRefused,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description:
        'The supplier boundary dropped 100 or more hotels or rates in 2 of the last 3 five-minute periods: a supplier is answering what was not asked (other hotels, other dates, other guests), free rooms, unknown currencies or one rate at two prices. Partners still get the rest of its answer. README: On call, SupplierAnswersRefused.',
    });
    alarm('SupplierAnswersRefusedWhole', {
      metric: new MathExpression({
        expression: WHOLE_ANSWER_REFUSALS.map((reason) => `FILL(${reason.replace('_', '')}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(
          WHOLE_ANSWER_REFUSALS.map((reason) => [
            reason.replace('_', ''),
            ours(MetricName.supplierAnswerRefused, { [Dim.reason]: reason }, 'Sum'),
          ]),
        ),
        period: FIVE_MINUTES,
        label: 'whole supplier answers refused (too large, redirect, XML DOCTYPE)',
      }),
      threshold: t.supplierAnswersRefusedWhole,
      evaluationPeriods: 1,
      description:
        'A supplier answer was refused whole: larger than the byte limit, a redirect to another host (our credentials were not sent there), or XML with a DOCTYPE (an XXE or entity-expansion attempt). That supplier is failing calls until it stops. README: On call, SupplierAnswersRefusedWhole.',
    });

    const outcome = (value: string) => ours(MetricName.bookingOutcome, { [Dim.outcome]: value }, 'Sum', Duration.minutes(15));
    alarm('BookingFailureRate', {
      metric: new MathExpression({
        // Below five finished bookings a quarter-hour the rate says nothing; the expression is 0 then.
        expression: `IF(${FINISHED} >= 5, FILL(f, 0) / (${FINISHED}), 0)`,
        usingMetrics: {
          c: outcome('confirmed'),
          p: outcome('pending'),
          k: outcome('compensated'),
          x: outcome('compensation-failed'),
          f: outcome('failed'),
        },
        period: Duration.minutes(15),
        label: 'failed / finished bookings',
      }),
      threshold: t.bookingFailureRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      description:
        'More than a quarter of the bookings that finished in the last 15 minutes (at least 5) failed: sold-out and price-changed answers happen, but not this often unless a supplier refuses bookings or our rate check is wrong. README: On call, BookingFailureRate.',
    });
    alarm('BookingCompensations', {
      metric: outcome('compensated'),
      threshold: t.bookingCompensations,
      evaluationPeriods: 1,
      description:
        "3 or more bookings were confirmed by a supplier and then cancelled there by us in 15 minutes (the save failed or the price broke the partner's tolerance): each may cost a cancellation penalty. README: On call, BookingCompensations.",
    });
    alarm('CompensationFailures', {
      metric: ours(MetricName.bookingOutcome, { [Dim.outcome]: 'compensation-failed' }, 'Sum'),
      threshold: t.compensationFailures,
      evaluationPeriods: 1,
      description:
        'A supplier holds a booking we neither saved nor managed to cancel: a guest may arrive to a room the partner does not know about, and we pay for it. Act now. README: On call, CompensationFailures.',
    });
    alarm('PendingBookingOlderThan15Minutes', {
      metric: ours(MetricName.oldestPendingBookingAge, {}, 'Maximum'),
      threshold: t.oldestPendingBookingAgeSeconds,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      description:
        'A booking is still pending more than 15 minutes after it was requested: the reconciler gives up on absent bookings after 15 minutes, so one still pending means the supplier cannot be asked at all. The partner is waiting on a 202. README: On call, PendingBookingOlderThan15Minutes.',
    });
    alarm('ReconcilerErrors', {
      metric: props.reconcilerFunction.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES }),
      threshold: t.reconcilerErrors,
      evaluationPeriods: 2,
      description:
        'The pending-booking reconciler failed in two runs in a row (it runs every five minutes): pending bookings are not being settled. README: On call, ReconcilerErrors.',
    });
    alarm('WebhookStreamDeadLetters', {
      metric: props.webhookDeadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: t.webhookDeadLetters,
      evaluationPeriods: 1,
      description:
        'A webhook event from the outbox could not be turned into deliveries after 10 retries or a day: partners miss it until it is replayed. README: On call, WebhookStreamDeadLetters.',
    });
    for (const definition of TABLES) {
      const table = props.tables.get(definition.id as TableId).table;
      // A global secondary index reports its throttles under its own dimension, and a throttled index
      // throttles the table's writes: the bookings table's listing indexes are a tenant's partition each.
      const indexMetrics = Object.fromEntries(
        (definition.globalIndexes ?? []).flatMap((index, i) => {
          const dimensionsMap = { TableName: table.tableName, GlobalSecondaryIndexName: index.name };
          return [
            [`r${i}`, table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES, dimensionsMap })],
            [`w${i}`, table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES, dimensionsMap })],
          ];
        }),
      );
      alarm(`DynamoDbThrottles${definition.id[0]!.toUpperCase()}${definition.id.slice(1)}`, {
        metric: new MathExpression({
          expression: ['r', 'w', ...Object.keys(indexMetrics)].map((id) => `FILL(${id}, 0)`).join(' + '),
          usingMetrics: {
            r: table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
            w: table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
            ...indexMetrics,
          },
          period: FIVE_MINUTES,
          label: `${definition.id} throttle events`,
        }),
        threshold: t.dynamoDbThrottles,
        evaluationPeriods: 2,
        description: `The ${definition.id} table or one of its indexes throttled requests in two five-minute periods in a row. It is on-demand, so this is a hot partition or the account's table limits: requests are failing or slowing. README: On call, DynamoDbThrottles.`,
      });
    }
    const quarterHour = { statistic: 'Sum', period: Duration.minutes(15) };
    alarm('BookingStateMachineFailureRate', {
      metric: new MathExpression({
        expression: 'IF(FILL(started, 0) >= 5, FILL(failed, 0) / started, 0)',
        usingMetrics: {
          failed: props.bookingStateMachine.metricFailed(quarterHour),
          started: props.bookingStateMachine.metricStarted(quarterHour),
        },
        period: Duration.minutes(15),
        label: 'failed / started booking executions',
      }),
      threshold: t.stateMachineFailureRate,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      description:
        'More than half of the booking executions of the last 15 minutes (at least 5) failed. A refused booking ends the execution failed too, so a few are normal; half is a broken supplier, table or function. README: On call, BookingStateMachineFailureRate.',
    });
    alarm('BookingStateMachineTimeouts', {
      metric: props.bookingStateMachine.metricTimedOut({ statistic: 'Sum', period: FIVE_MINUTES }),
      threshold: t.stateMachineTimeouts,
      evaluationPeriods: 1,
      description:
        'A booking execution ran past the state machine timeout: the partner got no answer and the booking is pending or failed with no step having said so. README: On call, BookingStateMachineTimeouts.',
    });
    const hourly = Duration.hours(1);
    alarm('FxFeedNotRead', {
      metric: new MathExpression({
        // A run that did not happen (the schedule or the function broken) counts as a day behind.
        expression: 'FILL(behind, 1)',
        usingMetrics: { behind: ours(MetricName.fxFeedWorkingDaysBehind, {}, 'Maximum', hourly) },
        period: hourly,
        label: 'working days of FX figures due and not stored',
      }),
      threshold: t.fxFeedWorkingDaysBehind,
      evaluationPeriods: 2,
      // The feed job runs every hour of every day: an hour without its metric is a job that did not run.
      treatMissingData: TreatMissingData.BREACHING,
      description:
        "The FX feed has not stored a working day's ECB reference rates that were due by 16:00 UTC, two hourly runs in a row (or the job did not run): quotes keep converting with the last stored figures until they pass the maximum age (4 days unless -c fxMaxAgeDays says otherwise), then answer 503 fx-unavailable. README: On call, FxFeedNotRead.",
    });
    alarm('FxFeedRejected', {
      metric: ours(MetricName.fxFeedFailures, { [Dim.reason]: 'rejected' }, 'Sum', hourly),
      threshold: t.fxFeedRejected,
      evaluationPeriods: 1,
      description:
        'The FX feed answered figures the job refused (a currency missing, a figure not positive, or one moved more than the allowed percentage in a day): nothing was stored, and every run refuses them again until a human looks. README: On call, FxFeedRejected.',
    });
    alarm('FxQuotesStale', {
      metric: ours(MetricName.fxQuotesStale, {}, 'Sum'),
      threshold: t.fxQuotesStale,
      evaluationPeriods: 1,
      description:
        'A search, rate check or booking was refused (503 fx-unavailable) or showed fewer rates because an FX figure it needed is older than the maximum age: partners cannot sell in that currency until the feed runs or an operator sets a rate. README: On call, FxQuotesStale.',
    });
    alarm('PropertyMappingRunFailed', {
      metric: new MathExpression({
        expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
        usingMetrics: {
          failed: props.mappingStateMachine.metricFailed({ statistic: 'Sum', period: Duration.hours(1) }),
          timedOut: props.mappingStateMachine.metricTimedOut({ statistic: 'Sum', period: Duration.hours(1) }),
        },
        period: Duration.hours(1),
      }),
      threshold: t.mappingRunFailures,
      evaluationPeriods: 1,
      description:
        "A property mapping run failed as a whole: the previous map stays, and a new contract or the day's changes are not mapped until a run succeeds. README: On call, PropertyMappingRunFailed.",
    });
    this.alarms = alarms;

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `hotel-api-${config.tenant}-${config.stage}`,
      defaultInterval: Duration.hours(3),
      widgets: dashboardRows(namespace, props, [...alarms.values()]),
    });
  }
}

/** The dashboard: alarms first, then the API, suppliers, bookings, the reconciler and the tables. */
function dashboardRows(namespace: string, props: ObservabilityProps, alarms: Alarm[]): IWidget[][] {
  const search = (expression: string, label: string, period = FIVE_MINUTES) => new SearchExpression({ expression, label, period });
  const quoted = `"${namespace}"`;
  const perSupplier = (metricName: string, operation: string, statistic: string) =>
    search(
      `SEARCH('{${quoted},${Dim.operation},${Dim.supplier}} MetricName="${metricName}" ${Dim.operation}="${operation}"', '${statistic}')`,
      '',
    );
  const ours = (metricName: string, dimensionsMap: Record<string, string>, statistic: string, label?: string) =>
    new Metric({ namespace, metricName, dimensionsMap, statistic, period: FIVE_MINUTES, ...(label ? { label } : {}) });
  const machine = props.bookingStateMachine;
  return [
    [new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24 })],
    [
      new GraphWidget({
        title: 'API requests and 5xx rate',
        left: [props.restApi.metricCount({ statistic: 'Sum', period: FIVE_MINUTES, label: 'requests' })],
        right: [
          props.restApi.metricServerError({ statistic: 'Average', period: FIVE_MINUTES, label: '5xx rate' }),
          props.restApi.metricClientError({ statistic: 'Average', period: FIVE_MINUTES, label: '4xx rate' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: '5xx and 4xx per route',
        left: [
          search(`SEARCH('{${quoted},service,${Dim.route}} MetricName="Status5xx"', 'Sum')`, ''),
          search(`SEARCH('{${quoted},service,${Dim.route}} MetricName="Status4xx"', 'Sum')`, ''),
        ],
        width: 12,
      }),
    ],
    [
      new GraphWidget({
        title: 'Supplier search latency p90 (ms)',
        left: [perSupplier(MetricName.supplierLatency, 'search', 'p90')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Supplier search timeout rate',
        left: [perSupplier(MetricName.supplierTimeout, 'search', 'Average')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Supplier search error rate',
        left: [perSupplier(MetricName.supplierError, 'search', 'Average')],
        width: 8,
      }),
    ],
    [
      new GraphWidget({ title: 'Offers per supplier', left: [perSupplier(MetricName.supplierOffers, 'search', 'Sum')], width: 8 }),
      new GraphWidget({
        title: 'Supplier booking calls: latency p90 (ms)',
        left: ['book', 'find-booking', 'cancel'].map((operation) => perSupplier(MetricName.supplierLatency, operation, 'p90')),
        width: 8,
      }),
      new GraphWidget({
        title: 'Supplier booking calls: timeouts and errors',
        left: ['book', 'find-booking', 'cancel'].flatMap((operation) => [
          perSupplier(MetricName.supplierTimeout, operation, 'Sum'),
          perSupplier(MetricName.supplierError, operation, 'Sum'),
        ]),
        width: 8,
      }),
    ],
    [
      new GraphWidget({
        title: 'Supplier answers refused, by supplier and reason',
        left: [search(`SEARCH('{${quoted},${Dim.supplier},${Dim.reason}} MetricName="${MetricName.supplierAnswerRefused}"', 'Sum')`, '')],
        width: 24,
      }),
    ],
    [
      new GraphWidget({
        title: 'Booking outcomes',
        left: ['confirmed', 'pending', 'compensated', 'compensation-failed', 'failed'].map((o) =>
          ours(MetricName.bookingOutcome, { [Dim.outcome]: o }, 'Sum', o),
        ),
        width: 8,
      }),
      new GraphWidget({
        title: 'Booking steps: errors by step',
        left: [
          search(`SEARCH('{${quoted},${Dim.step},${Dim.result}} MetricName="${MetricName.bookingStep}" ${Dim.result}="error"', 'Sum')`, ''),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Booking step duration p90 (ms)',
        left: [search(`SEARCH('{${quoted},${Dim.step}} MetricName="${MetricName.bookingStepDuration}"', 'p90')`, '')],
        width: 8,
      }),
    ],
    [
      new GraphWidget({
        title: 'Pending bookings by age (after each reconciler pass)',
        left: PENDING_AGE_BUCKETS.map((bucket) => ours(MetricName.pendingBookings, { [Dim.age]: bucket }, 'Maximum', bucket)),
        stacked: true,
        width: 8,
      }),
      new SingleValueWidget({
        title: 'Oldest pending booking (s)',
        metrics: [ours(MetricName.oldestPendingBookingAge, {}, 'Maximum', 'oldest pending')],
        width: 4,
      }),
      new GraphWidget({
        title: 'Reconciler: errors and unsettled attempts',
        left: [
          props.reconcilerFunction.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES, label: 'reconciler errors' }),
          ours(MetricName.reconcileFailures, {}, 'Sum', 'could not settle'),
        ],
        right: ['confirmed', 'failed'].map((o) => ours(MetricName.pendingSettled, { [Dim.outcome]: o }, 'Sum', `settled ${o}`)),
        width: 6,
      }),
      new GraphWidget({
        title: 'Idempotent replays per route',
        left: [search(`SEARCH('{${quoted},${Dim.route}} MetricName="${MetricName.idempotentReplay}"', 'Sum')`, '')],
        width: 6,
      }),
    ],
    [
      new GraphWidget({
        title: 'Booking state machine',
        left: [
          machine.metricStarted({ statistic: 'Sum', period: FIVE_MINUTES, label: 'started' }),
          machine.metricSucceeded({ statistic: 'Sum', period: FIVE_MINUTES, label: 'succeeded' }),
          machine.metricFailed({ statistic: 'Sum', period: FIVE_MINUTES, label: 'failed' }),
          machine.metricTimedOut({ statistic: 'Sum', period: FIVE_MINUTES, label: 'timed out' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'DynamoDB throttle events per table',
        // One graph shares one id space, so each table's pair has its own ids.
        left: TABLES.map((definition, i) => {
          const table = props.tables.get(definition.id as TableId).table;
          return new MathExpression({
            expression: `FILL(r${i}, 0) + FILL(w${i}, 0)`,
            usingMetrics: {
              [`r${i}`]: table.metric('ReadThrottleEvents', { statistic: 'Sum' }),
              [`w${i}`]: table.metric('WriteThrottleEvents', { statistic: 'Sum' }),
            },
            label: definition.id,
            period: FIVE_MINUTES,
          });
        }),
        width: 12,
      }),
    ],
    [
      new GraphWidget({
        title: 'FX feed: working days behind (after each hourly run) and failed runs',
        left: [ours(MetricName.fxFeedWorkingDaysBehind, {}, 'Maximum', 'working days behind')],
        right: FX_FEED_FAILURES.map((reason) => ours(MetricName.fxFeedFailures, { [Dim.reason]: reason }, 'Sum', `failed: ${reason}`)),
        width: 12,
      }),
      new GraphWidget({
        title: 'Quotes refused for a stale FX figure, per route',
        left: [search(`SEARCH('{${quoted},${Dim.route}} MetricName="${MetricName.fxQuotesStale}"', 'Sum')`, '')],
        width: 12,
      }),
    ],
    [
      new TextWidget({
        markdown: `Metrics: namespace \`${namespace}\` (functions/shared/metric-names.ts). What each alarm means and what to do: README, "On call: metrics, alarms and dashboard". Stack: ${Stack.of(props.restApi).stackName}.`,
        width: 24,
        height: 2,
      }),
    ],
  ];
}
