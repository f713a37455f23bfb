/**
 * The booking flow as a Step Functions Express state machine, run synchronously (StartSyncExecution) by
 * the booking function. The definition is statemachines/booking.asl.json, the same file the local host
 * executes; only the task function's ARN is substituted here.
 */
import { readFileSync } from 'node:fs';
import { Aws, Fn, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { BOOKING_FLOW_BUDGET } from '../functions/shared/time-budgets.js';
import { repositoryPath } from './project-paths.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export const BOOKING_DEFINITION_PATH = 'statemachines/booking.asl.json';

export interface BookingWorkflowProps {
  readonly config: DeploymentConfig;
  readonly flowFunction: IFunction;
}

export class BookingWorkflow extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, props: BookingWorkflowProps) {
    super(scope, id);
    const { config } = props;

    // Under /aws/vendedlogs/ so log delivery does not add each tenant's log group to the account's one
    // CloudWatch Logs resource policy (5,120 characters, shared by every stack in the region). The stack's
    // id ends the name so a retained production group never blocks re-creating the stack.
    const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/hotel-api-${config.tenant}-${config.stage}-booking-${stackUuid}`,
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });

    const definition = readFileSync(repositoryPath(BOOKING_DEFINITION_PATH), 'utf8');
    assertMachineTimeout(definition);
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.EXPRESS,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: { BookingFlowFunctionArn: props.flowFunction.functionArn },
      tracingEnabled: true,
      logs: {
        destination: logGroup,
        level: LogLevel.ALL,
        // Execution data is the booking request and each step's output: guest names, holder contact,
        // supplier references. Kept out of CloudWatch Logs so personal data lives only in the bookings
        // table (its own retention, PITR, finance export); the flow function logs ids with the
        // correlation id, and ALL events still show every state transition and error.
        includeExecutionData: false,
      },
      removalPolicy: removalPolicyFor(config.stage),
    });

    // A definition from a string is opaque to CDK, which therefore grants nothing for its Task states.
    // The ASL invokes the unqualified function ARN only, so that is all the role may invoke.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.flowFunction.functionArn] }),
    );

    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'CloudWatch Logs delivery for Step Functions (logs:CreateLogDelivery, GetLogDelivery, ListLogDeliveries, PutResourcePolicy, DescribeResourcePolicies, DescribeLogGroups) and X-Ray (PutTraceSegments, PutTelemetryRecords, GetSamplingRules, GetSamplingTargets) support no resource-level permissions.',
    });
  }
}

/**
 * The ASL file states its own TimeoutSeconds (the local runner executes the same file); the time budgets
 * (functions/shared/time-budgets.ts) state what the booking chain was sized for. A file edited apart from the
 * budgets fails synthesis instead of deploying a chain that no longer fits API Gateway's 29 s.
 */
function assertMachineTimeout(definition: string): void {
  const { TimeoutSeconds } = JSON.parse(definition) as { TimeoutSeconds?: number };
  if (TimeoutSeconds !== BOOKING_FLOW_BUDGET.machineSeconds) {
    throw new Error(
      `${BOOKING_DEFINITION_PATH} has TimeoutSeconds ${String(TimeoutSeconds)}; the time budgets say ${BOOKING_FLOW_BUDGET.machineSeconds}`,
    );
  }
}
