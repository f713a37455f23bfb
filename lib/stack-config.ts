/**
 * What distinguishes one deployment from another: the tenant (one stack per partner) and the stage
 * (sandbox or production). Read from CDK context so `cdk synth -c tenant=acme -c stage=production` and the
 * infra tests choose them the same way.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

export const STAGES = ['sandbox', 'production'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * Where the I/O-bound functions run (lib/managed-compute.ts): `on-demand` Lambda, billed per GB-second
 * including the time spent waiting for suppliers, or `managed` (Lambda Managed Instances), billed per
 * instance-hour with many invocations sharing one execution environment. `-c compute=managed`, production only.
 */
export const COMPUTES = ['on-demand', 'managed'] as const;
export type Compute = (typeof COMPUTES)[number];

export interface DeploymentConfig {
  readonly tenant: string;
  readonly stage: Stage;
  readonly compute: Compute;
}

export const DEFAULT_CONFIG: DeploymentConfig = { tenant: 'demo', stage: 'sandbox', compute: 'on-demand' };

/**
 * A tenant id ends up in stack, resource and metric names and in every stored key, so it is kept to what
 * all of those accept: lower-case letters, digits and inner hyphens.
 */
const TENANT_PATTERN = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;

export function deploymentConfigFrom(node: Node): DeploymentConfig {
  const tenant = contextString(node, 'tenant') ?? DEFAULT_CONFIG.tenant;
  const stage = contextString(node, 'stage') ?? DEFAULT_CONFIG.stage;
  if (!TENANT_PATTERN.test(tenant)) {
    throw new Error(`context tenant=${tenant}: use 2-32 lower-case letters, digits or hyphens, starting with a letter`);
  }
  if (!isStage(stage)) throw new Error(`context stage=${stage}: use one of ${STAGES.join(', ')}`);
  const compute = contextString(node, 'compute') ?? DEFAULT_CONFIG.compute;
  if (!(COMPUTES as readonly string[]).includes(compute)) throw new Error(`context compute=${compute}: use one of ${COMPUTES.join(', ')}`);
  // A sandbox stack's traffic is a partner's integration tests: a fleet kept warm for it would cost more
  // than the whole sandbox's on-demand bill (npm run bench:cost, "by volume").
  if (compute === 'managed' && stage !== 'production')
    throw new Error('context compute=managed: production stacks only; sandbox stacks run on demand');
  return { tenant, stage, compute: compute as Compute };
}

export function stackNameFor(config: DeploymentConfig): string {
  return `HotelApi-${config.tenant}-${config.stage}`;
}

/** Production keeps data and keys when a stack or resource is removed; a sandbox cleans up after itself. */
export function removalPolicyFor(stage: Stage): RemovalPolicy {
  return stage === 'production' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/** Logs carry request metadata only (no bodies); long enough to investigate a partner's dispute. */
export function logRetentionFor(stage: Stage): RetentionDays {
  return stage === 'production' ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS;
}

function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

/** A whole-number stack setting (`-c key=N`): the default when absent, refused naming it outside its bounds. */
export function wholeNumberContext(node: Node, key: string, bounds: { fallback: number; min: number; max: number; unit: string }): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return bounds.fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < bounds.min || number > bounds.max)
    throw new Error(`context ${key}=${String(value)}: use a whole number of ${bounds.unit} from ${bounds.min} to ${bounds.max}`);
  return number;
}
