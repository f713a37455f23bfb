/**
 * Lambda Managed Instances for the search function (`-c compute=managed`, production stacks only): a search
 * spends ~98 % of its time waiting for suppliers (npm run bench:cost), which on-demand Lambda bills per
 * GB-second. On managed instances one execution environment serves many searches at once, and the bill is
 * the instances (EC2 price + Lambda's 15 % management fee) plus $0.20 per million requests, whatever the wait.
 *
 * What it builds, per tenant stack (the capacity provider is the security boundary between functions, so no
 * two tenants ever share one):
 * - a VPC over two Availability Zones: public subnets holding one NAT gateway each (egress to the suppliers,
 *   whose published endpoints are IPv4: Hotelbeds, Expedia Rapid, OpenTravel partners), private subnets for
 *   the instances, gateway endpoints for DynamoDB and S3 (free, and the bulk of our AWS traffic: the search
 *   header and rows) so that traffic never pays the NAT's per-GB charge; reject flow logs;
 * - a security group that allows HTTPS out and nothing in;
 * - the capacity provider: arm64 (the functions' architecture), Graviton M7g instances (the price bench:cost
 *   reads), a vCPU cap that bounds one tenant's spend, scaling on a CPU target with headroom for bursts;
 * - the search function attached with its concurrency per execution environment, measured by
 *   `npm run bench:cost` (how many searches one vCPU holds while staying within the overhead target);
 * - alarms to the on-call topic: throttles (the fleet did not scale in time), CPU high on the fleet, and NAT
 *   port exhaustion (supplier calls failing to connect). docs/on-call.md says what to do.
 *
 * Booking, its flow and the rest stay on demand: a booking costs $0.00005 in Lambda (bench:cost), so moving
 * them buys nothing and would put them behind the NAT.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import {
  CfnNatGateway,
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  InstanceClass,
  InstanceSize,
  InstanceType,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import {
  Architecture,
  CapacityProvider,
  InstanceTypeFilter,
  ScalingOptions,
  TargetTrackingScalingPolicy,
  type CfnFunction,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { HotelFunction } from './hotel-function.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';

/** The managed-instances settings, one place: the construct, its infra test and bench:cost read them. */
export const MANAGED_SEARCH = {
  /** The instances bench:cost prices (us-east-1 on-demand list price there). */
  instanceTypes: [InstanceType.of(InstanceClass.M7G, InstanceSize.LARGE), InstanceType.of(InstanceClass.M7G, InstanceSize.XLARGE)],
  /**
   * 2 GiB per vCPU (the least Lambda allows) and 2,048 MB: one vCPU per execution environment, the CPU the
   * search function has on demand at 1,769 MB, so the merge's latency is unchanged.
   */
  memoryGiBPerVCpu: 2,
  memorySize: 2048,
  /**
   * Searches one execution environment (one vCPU) takes at once. bench:cost (bench/search-capacity.ts, one
   * pinned core, 2026-11-25, two runs): 24-28 ms of CPU a search that lasts ~2.1 s, so one vCPU at the 50 %
   * CPU target holds 38-42; 32 leaves room for the larger cities' merges (docs/benchmarks.md, "Cost").
   */
  perEnvironmentMaxConcurrency: 32,
  /** Two environments, one per Availability Zone, kept warm: the floor of the fleet and of the bill. */
  minEnvironments: 2,
  maxEnvironments: 40,
  /** Caps one tenant's fleet (Lambda's minimum is 12): 64 vCPUs of M7g, ~$3/hour with the fee. */
  maxVCpus: 64,
  /** CPU target: searches are I/O-bound, so CPU that high means the merge is queuing; scale well before. */
  targetCpuPercent: 50,
  /** NAT gateways: one per Availability Zone, so losing a zone does not cut the other's searches off. */
  natGateways: 2,
} as const;

export interface ManagedComputeProps {
  readonly config: DeploymentConfig;
  /** The I/O-bound functions moved onto the instances (search). */
  readonly functions: readonly HotelFunction[];
  /** The on-call topic (lib/observability.ts). */
  readonly alarmTopic: ITopic;
}

export class ManagedCompute extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;
  readonly capacityProvider: CapacityProvider;
  readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: ManagedComputeProps) {
    super(scope, id);
    const { config } = props;
    const settings = MANAGED_SEARCH;

    const flowLogs = new LogGroup(this, 'FlowLogs', {
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });
    this.vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: settings.natGateways,
      subnetConfiguration: [
        { name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 },
        // /20: the instances and their ENIs; thousands of addresses per zone before a subnet runs dry.
        { name: 'instances', subnetType: SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
      ],
      gatewayEndpoints: {
        DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
        S3: { service: GatewayVpcEndpointAwsService.S3 },
      },
      // Rejected traffic only: accepted flows are every supplier call, which would cost more to log than to run.
      flowLogs: { rejected: { destination: FlowLogDestination.toCloudWatchLogs(flowLogs), trafficType: FlowLogTrafficType.REJECT } },
    });

    this.securityGroup = new SecurityGroup(this, 'Instances', {
      vpc: this.vpc,
      description: `hotel-api ${config.tenant} ${config.stage}: managed instances; HTTPS out to suppliers and AWS APIs, nothing in`,
      allowAllOutbound: false,
    });
    this.securityGroup.addEgressRule(
      Peer.anyIpv4(),
      Port.tcp(443),
      'HTTPS to suppliers and AWS APIs (DynamoDB and S3 through the gateway endpoints)',
    );

    this.capacityProvider = new CapacityProvider(this, 'CapacityProvider', {
      subnets: this.vpc.selectSubnets({ subnetType: SubnetType.PRIVATE_WITH_EGRESS }).subnets,
      securityGroups: [this.securityGroup],
      architectures: [Architecture.ARM_64],
      instanceTypeFilter: InstanceTypeFilter.allow([...settings.instanceTypes]),
      maxVCpuCount: settings.maxVCpus,
      scalingOptions: ScalingOptions.manual([TargetTrackingScalingPolicy.cpuUtilization(settings.targetCpuPercent)]),
    });
    const operatorRole = this.capacityProvider.node.tryFindChild('OperatorRole');
    if (operatorRole) {
      Validations.of(operatorRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AWSLambdaManagedEC2ResourceOperator]',
        reason:
          "Lambda's own operator policy for a capacity provider: what Lambda needs to launch, patch and retire the instances in this stack's VPC, kept current by AWS as the service changes.",
      });
    }

    for (const hotelFunction of props.functions) {
      this.capacityProvider.addFunction(hotelFunction.function, {
        perExecutionEnvironmentMaxConcurrency: settings.perEnvironmentMaxConcurrency,
        executionEnvironmentMemoryGiBPerVCpu: settings.memoryGiBPerVCpu,
        latestPublishedScalingConfig: {
          minExecutionEnvironments: settings.minEnvironments,
          maxExecutionEnvironments: settings.maxEnvironments,
        },
      });
      (hotelFunction.function.node.defaultChild as CfnFunction).memorySize = settings.memorySize;
    }

    this.alarms = this.buildAlarms(props);
  }

  private buildAlarms(props: ManagedComputeProps): ReadonlyMap<string, Alarm> {
    const { config } = props;
    const action = new SnsAction(props.alarmTopic);
    const alarms = new Map<string, Alarm>();
    const period = Duration.minutes(5);
    const add = (alarmId: string, metric: IMetric, threshold: number, evaluationPeriods: number, description: string) => {
      const alarm = new Alarm(this, alarmId, {
        alarmName: `hotel-api-${config.tenant}-${config.stage}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods,
        datapointsToAlarm: evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      alarms.set(alarmId, alarm);
    };
    for (const hotelFunction of props.functions) {
      const name = hotelFunction.node.id;
      add(
        `${name}ManagedThrottles`,
        hotelFunction.function.metricThrottles({ period, statistic: 'Sum' }),
        1,
        2,
        `${name} on managed instances refused invocations (429) in two five-minute periods running: traffic grew faster than the fleet scales (it scales on CPU, asynchronously), or the fleet is at its vCPU cap. docs/on-call.md: ManagedThrottles.`,
      );
    }
    // The fleet's CPU is published per capacity provider and instance type together (AWS Lambda "Monitoring
    // Lambda Managed Instances": CapacityProviderName and InstanceType); an alarm on the provider alone matches
    // no published series and never fires. The hottest instance type is what queues searches.
    const cpuByType = Object.fromEntries(
      MANAGED_SEARCH.instanceTypes.map((type, index) => [
        `cpu${index}`,
        new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'CPUUtilization',
          dimensionsMap: { CapacityProviderName: this.capacityProvider.capacityProviderName, InstanceType: type.toString() },
          statistic: 'Average',
          period,
        }),
      ]),
    );
    add(
      'ManagedFleetCpu',
      new MathExpression({
        expression: `MAX([${Object.keys(cpuByType).join(', ')}])`,
        usingMetrics: cpuByType,
        label: 'Fleet CPU, hottest instance type',
        period,
      }),
      80,
      3,
      `The managed-instance fleet averaged 80% CPU or more for 15 minutes: searches queue for the merge (overhead grows) and the fleet cannot scale past its vCPU cap (${MANAGED_SEARCH.maxVCpus}). docs/on-call.md: ManagedFleetCpu.`,
    );
    this.vpc.publicSubnets.forEach((subnet, index) => {
      const nat = subnet.node.tryFindChild('NATGateway');
      if (!(nat instanceof CfnNatGateway)) return;
      add(
        `NatPortAllocationErrors${index + 1}`,
        new Metric({
          namespace: 'AWS/NATGateway',
          metricName: 'ErrorPortAllocation',
          dimensionsMap: { NatGatewayId: nat.ref },
          statistic: 'Sum',
          period,
        }),
        1,
        1,
        'A NAT gateway could not open a connection (port allocation error): supplier calls from the managed instances in its zone fail. docs/on-call.md: NatPortAllocationErrors.',
      );
    });
    return alarms;
  }
}
