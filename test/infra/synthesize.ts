/**
 * Synthesizes the real CDK app in memory, the way `cdk synth` does (cdk.json's feature flags, the
 * tenant/stage context, cdk-nag registered), into a throw-away directory. Bundling is off unless asked:
 * template assertions do not need the code, and esbuild for eight functions costs seconds.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createHotelApiApp } from '../../lib/hotel-api-app.js';
import type { HotelApiStack } from '../../lib/hotel-api-stack.js';
import { repositoryPath } from '../../lib/project-paths.js';
import type { Stage } from '../../lib/stack-config.js';

export interface SynthesisOptions {
  readonly tenant?: string;
  readonly stage?: Stage;
  readonly bundle?: boolean;
  /** More CDK context, as `cdk synth -c key=value` gives it. */
  readonly context?: Record<string, unknown>;
}

export interface Synthesis {
  readonly stack: HotelApiStack;
  readonly template: Template;
  readonly assembly: CloudAssembly;
  /** <outdir>/validation-report.json as CDK wrote it (cdk-nag's findings and acknowledgements). */
  readonly validationReport: ValidationReport;
  readonly cleanUp: () => void;
}

export interface ValidationReport {
  readonly pluginReports: readonly PluginReport[];
}

export interface PluginReport {
  readonly summary: { readonly pluginName: string; readonly status: string; readonly ruleCount?: number };
  readonly violations?: readonly unknown[];
  readonly suppressedViolations?: readonly unknown[];
  readonly [key: string]: unknown;
}

const cdkJson = JSON.parse(readFileSync(repositoryPath('cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export function synthesize(options: SynthesisOptions = {}): Synthesis {
  const outdir = mkdtempSync(join(tmpdir(), 'hotel-api-cdk-'));
  const context: Record<string, unknown> = {
    ...cdkJson.context,
    // As the CLI's synth writes it: each resource's construct path (aws:cdk:path), which the local host and the
    // AWS call checks find resources by.
    'aws:cdk:enable-path-metadata': true,
    ...(options.tenant ? { tenant: options.tenant } : {}),
    ...(options.stage ? { stage: options.stage } : {}),
    ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    ...options.context,
  };
  const { app, stack } = createHotelApiApp({ context, outdir });
  const assembly = app.synth();
  const template = Template.fromJSON(assembly.getStackByName(stack.stackName).template as Record<string, unknown>);
  const validationReport = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as ValidationReport;
  return { stack, template, assembly, validationReport, cleanUp: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** The CloudFormation logical id of a construct's main resource (a Function's CfnFunction, and so on). */
export function logicalIdOf(construct: IConstruct): string {
  const element = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(element instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(element).getLogicalId(element);
}
