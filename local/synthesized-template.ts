/**
 * The CloudFormation template of a `cdk synth` output directory, as the local host reads what it mirrors from
 * it: the REST API's settings (api-gateway-model.ts), each function's package, handler, timeout, memory and
 * environment (cdk-bundles.ts), the IAM policies the recorded AWS calls are checked against (test/aws-calls/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TemplateResource {
  readonly logicalId: string;
  readonly type: string;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface SynthesizedTemplate {
  readonly resources: ReadonlyMap<string, TemplateResource>;
  resourcesOfType(type: string): TemplateResource[];
  /** The resource whose construct path (aws:cdk:path metadata) ends with `suffix`. */
  byPathSuffix(suffix: string): TemplateResource | undefined;
}

interface RawTemplate {
  readonly Resources?: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
}

export function templateOf(json: unknown): SynthesizedTemplate {
  const resources = new Map<string, TemplateResource>(
    Object.entries((json as RawTemplate).Resources ?? {}).map(([logicalId, raw]) => [
      logicalId,
      { logicalId, type: raw.Type, properties: raw.Properties ?? {}, metadata: raw.Metadata ?? {} },
    ]),
  );
  return {
    resources,
    resourcesOfType: (type) => [...resources.values()].filter((resource) => resource.type === type),
    byPathSuffix: (suffix) => [...resources.values()].find((resource) => String(resource.metadata['aws:cdk:path'] ?? '').endsWith(suffix)),
  };
}

/** The one stack template of a synth output directory. */
export function readSynthesizedTemplate(cdkOut: string): SynthesizedTemplate {
  const file = readdirSync(cdkOut).find((name) => name.endsWith('.template.json'));
  if (!file) throw new Error(`${cdkOut} holds no synthesized template: run cdk synth first`);
  return templateOf(JSON.parse(readFileSync(join(cdkOut, file), 'utf8')));
}
