/**
 * `-c compute=managed`: the search function on Lambda Managed Instances in the tenant's own capacity provider
 * and VPC, the rest on demand; the default stays on demand, and a sandbox stack refuses the option.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGED_SEARCH } from '../../lib/managed-compute.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType } from './template-queries.js';

let managed: Synthesis;
let onDemand: Synthesis;
beforeAll(() => {
  managed = synthesize({ tenant: 'acme', stage: 'production', context: { compute: 'managed' } });
  onDemand = synthesize({ tenant: 'acme', stage: 'production' });
});
afterAll(() => {
  managed?.cleanUp();
  onDemand?.cleanUp();
});

const functionsOf = (synthesis: Synthesis) => resourcesOfType(synthesis.template, 'AWS::Lambda::Function');

describe('compute=managed (production)', () => {
  it('puts the search function, and only it, on the stack’s own capacity provider with the measured concurrency', () => {
    const providers = resourcesOfType(managed.template, 'AWS::Lambda::CapacityProvider');
    expect(Object.keys(providers)).toHaveLength(1);
    const providerId = Object.keys(providers)[0]!;
    const searchId = logicalIdOf(managed.stack.functions.groups.search.function);
    const attached = Object.entries(functionsOf(managed)).filter(([, f]) => f.Properties.CapacityProviderConfig !== undefined);
    expect(attached.map(([id]) => id)).toEqual([searchId]);
    const search = functionsOf(managed)[searchId]!.Properties;
    expect(search.CapacityProviderConfig).toEqual({
      LambdaManagedInstancesCapacityProviderConfig: {
        CapacityProviderArn: { 'Fn::GetAtt': [providerId, 'Arn'] },
        PerExecutionEnvironmentMaxConcurrency: MANAGED_SEARCH.perEnvironmentMaxConcurrency,
        ExecutionEnvironmentMemoryGiBPerVCpu: MANAGED_SEARCH.memoryGiBPerVCpu,
      },
    });
    expect(search.MemorySize).toBe(MANAGED_SEARCH.memorySize);
    expect(search.FunctionScalingConfig).toEqual({
      MinExecutionEnvironments: MANAGED_SEARCH.minEnvironments,
      MaxExecutionEnvironments: MANAGED_SEARCH.maxEnvironments,
    });
    // Booking stays on demand, outside the VPC.
    const booking = functionsOf(managed)[logicalIdOf(managed.stack.functions.groups.booking.function)]!.Properties;
    expect(booking.CapacityProviderConfig).toBeUndefined();
    expect(booking.VpcConfig).toBeUndefined();
  });

  it('the capacity provider: arm64 M7g in the private subnets, a vCPU cap, CPU-target scaling, HTTPS-only egress', () => {
    const provider = Object.values(resourcesOfType(managed.template, 'AWS::Lambda::CapacityProvider'))[0]!.Properties;
    expect(provider.InstanceRequirements).toEqual({ AllowedInstanceTypes: ['m7g.large', 'm7g.xlarge'], Architectures: ['arm64'] });
    expect(provider.CapacityProviderScalingConfig).toEqual({
      MaxVCpuCount: MANAGED_SEARCH.maxVCpus,
      ScalingMode: 'Manual',
      ScalingPolicies: [
        { PredefinedMetricType: 'LambdaCapacityProviderAverageCPUUtilization', TargetValue: MANAGED_SEARCH.targetCpuPercent },
      ],
    });
    const privateSubnets = managed.stack.managedCompute!.vpc.privateSubnets.map((s) => ({
      Ref: logicalIdOf(s.node.defaultChild as never),
    }));
    expect((provider.VpcConfig as { SubnetIds: unknown[] }).SubnetIds).toEqual(privateSubnets);
    const groups = resourcesOfType(managed.template, 'AWS::EC2::SecurityGroup');
    const group = groups[logicalIdOf(managed.stack.managedCompute!.securityGroup)]!.Properties;
    expect(group.SecurityGroupEgress).toEqual([
      expect.objectContaining({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443, CidrIp: '0.0.0.0/0' }),
    ]);
    expect(group.SecurityGroupIngress).toBeUndefined();
  });

  it('the VPC: a NAT gateway per zone for the suppliers, gateway endpoints for DynamoDB and S3', () => {
    expect(Object.keys(resourcesOfType(managed.template, 'AWS::EC2::NatGateway'))).toHaveLength(MANAGED_SEARCH.natGateways);
    const endpoints = Object.values(resourcesOfType(managed.template, 'AWS::EC2::VPCEndpoint')).map((e) => e.Properties);
    expect(endpoints.map((e) => e.VpcEndpointType)).toEqual(['Gateway', 'Gateway']);
    expect(endpoints.map((e) => JSON.stringify(e.ServiceName))).toEqual([
      expect.stringContaining('.dynamodb'),
      expect.stringContaining('.s3'),
    ]);
    expect(Object.keys(resourcesOfType(managed.template, 'AWS::EC2::FlowLog'))).toHaveLength(1);
  });

  it('alarms on throttles, fleet CPU and NAT port allocation, to the on-call topic', () => {
    const topicId = logicalIdOf(managed.stack.observability.topic);
    const alarms = Object.values(resourcesOfType(managed.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const ours = alarms.filter((a) => /ManagedThrottles|ManagedFleetCpu|NatPortAllocationErrors/.test(String(a.AlarmName)));
    expect(ours.map((a) => a.MetricName ?? 'a metric math expression').sort()).toEqual([
      'ErrorPortAllocation',
      'ErrorPortAllocation',
      'Throttles',
      'a metric math expression',
    ]);
    for (const alarm of ours) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it("watches the fleet's CPU by the dimensions AWS publishes it with: capacity provider and instance type together", () => {
    // AWS Lambda "Monitoring Lambda Managed Instances": capacity provider level metrics (CPUUtilization among
    // them) use the dimensions CapacityProviderName and InstanceType. An alarm on another set sees no data.
    const published = ['CapacityProviderName', 'InstanceType'];
    const fleet = Object.values(resourcesOfType(managed.template, 'AWS::CloudWatch::Alarm'))
      .map((a) => a.Properties)
      .find((a) => String(a.AlarmName).endsWith('ManagedFleetCpu'))!;
    const metrics = [
      ...(fleet.MetricName ? [{ namespace: fleet.Namespace, name: fleet.MetricName, dimensions: fleet.Dimensions }] : []),
      ...(
        (fleet.Metrics as { MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown } } }[] | undefined) ?? []
      )
        .filter((m) => m.MetricStat)
        .map((m) => ({
          namespace: m.MetricStat!.Metric.Namespace,
          name: m.MetricStat!.Metric.MetricName,
          dimensions: m.MetricStat!.Metric.Dimensions,
        })),
    ];
    expect(metrics.length).toBe(MANAGED_SEARCH.instanceTypes.length);
    for (const metric of metrics) {
      expect(metric).toMatchObject({ namespace: 'AWS/Lambda', name: 'CPUUtilization' });
      expect((metric.dimensions as { Name: string }[]).map((d) => d.Name).sort()).toEqual(published);
    }
    const types = metrics.map((m) => (m.dimensions as { Name: string; Value: string }[]).find((d) => d.Name === 'InstanceType')!.Value);
    expect(types.sort()).toEqual(MANAGED_SEARCH.instanceTypes.map(String).sort());
  });

  it('synthesizes with no cdk-nag finding', () => {
    const violations = managed.validationReport.pluginReports.flatMap((report) => report.violations ?? []);
    expect(violations).toEqual([]);
  });
});

describe('compute on demand (the default)', () => {
  it('has no capacity provider, VPC or NAT, and the search function at its on-demand memory', () => {
    expect(resourcesOfType(onDemand.template, 'AWS::Lambda::CapacityProvider')).toEqual({});
    expect(resourcesOfType(onDemand.template, 'AWS::EC2::VPC')).toEqual({});
    expect(onDemand.stack.managedCompute).toBeUndefined();
    const search = functionsOf(onDemand)[logicalIdOf(onDemand.stack.functions.groups.search.function)]!.Properties;
    expect(search.CapacityProviderConfig).toBeUndefined();
    expect(search.MemorySize).toBe(1769);
  });

  it('a sandbox stack refuses compute=managed', () => {
    expect(() => synthesize({ tenant: 'acme', stage: 'sandbox', context: { compute: 'managed' } })).toThrow(/production stacks only/);
  });
});
