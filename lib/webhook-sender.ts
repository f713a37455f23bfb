/**
 * The webhook sender on AWS (functions/webhooks/sender-entry.ts), one function with two triggers:
 * - the webhooks table's stream, filtered to new outbox items: each event becomes its deliveries, tried at
 *   once. A batch that fails is split and retried (the record that failed and those after it, in order);
 *   a record still failing after the retries, or older than a day, goes to an SQS dead-letter queue, which
 *   an alarm watches (lib/observability.ts);
 * - an EventBridge schedule every minute: the deliveries whose next attempt is due are tried.
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Validations } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { OUTBOX_ITEM_KIND } from '../functions/stores/webhook-outbox.js';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import type { DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

export const WEBHOOK_SWEEP_SCHEDULE = Schedule.rate(Duration.minutes(1));

export class WebhookSender extends Construct {
  readonly job: HotelFunction;
  readonly deadLetters: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: { readonly config: DeploymentConfig; readonly tables: HotelTables; readonly key: IKey },
  ) {
    super(scope, id);
    const { config, tables } = props;
    const scheduled = new ScheduledJob(this, 'Scheduled', {
      config,
      entry: 'functions/webhooks/sender-entry.ts',
      description: 'Sends webhook events from the outbox (the webhooks table stream) and retries the deliveries due',
      serviceName: 'hotel-api-webhook-sender',
      memorySize: 512,
      // A sweep tries up to 100 deliveries, each within 10 s.
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.webhookSender),
      tables,
      tablesUsed: { webhooks: 'readWrite' },
      schedule: WEBHOOK_SWEEP_SCHEDULE,
      scheduleDescription: `Webhook retries for ${config.tenant} (${config.stage})`,
      retryAttempts: 0,
      maxEventAge: Duration.minutes(1),
    });
    this.job = scheduled.job;

    this.deadLetters = new Queue(this, 'DeadLetters', {
      // Failed stream batches: webhook events, under the stack's own key like the table they come from.
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.key,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is the dead-letter queue of the webhook stream; its messages are read by the on-call engineer, never consumed by a function.',
    });

    this.job.function.addEventSource(
      new DynamoEventSource(tables.get('webhooks').table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 10,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { kind: { S: FilterRule.isEqual(OUTBOX_ITEM_KIND) } } },
          }),
        ],
      }),
    );
    // The dead-letter destination's grant (SqsDlq: queue.grantSendMessages) names KMS's action families with a
    // wildcard on the one key of this stack; an SQS producer on a KMS queue needs exactly those families.
    for (const action of ['kms:GenerateDataKey*', 'kms:ReEncrypt*']) {
      Validations.of(this.job.role).acknowledge({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason:
          'SQS needs these KMS actions to send to the stack-key-encrypted dead-letter queue; the grant names that one key, never a wildcard resource.',
      });
    }
  }
}
