import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { createHotelApiApp } from '../../lib/hotel-api-app.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { STAGES } from '../../lib/stack-config.js';
import { synthesize, type ValidationReport } from './synthesize.js';

describe('cdk-nag AWS Solutions checks', () => {
  it.each(STAGES)('report no unacknowledged finding for a %s stack', (stage) => {
    // cdk-nag 3 is a CDK validation plugin: a finding fails synthesis and is written to
    // <outdir>/validation-report.json. Synthesis returning is the first half; an empty report the second.
    const synthesis = synthesize({ tenant: 'acme', stage });
    try {
      const violations = synthesis.validationReport.pluginReports.flatMap((report) => report.violations ?? []);
      expect(violations).toEqual([]);
    } finally {
      synthesis.cleanUp();
    }
  });

  it('are live: an unacknowledged wildcard policy fails synthesis and is named in the report', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'hotel-api-nag-'));
    try {
      const cdkJson = JSON.parse(readFileSync(repositoryPath('cdk.json'), 'utf8')) as { context: Record<string, unknown> };
      const { app, stack } = createHotelApiApp({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }, outdir });
      const rogue = new Role(stack, 'RogueRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
      rogue.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }));

      expect(() => app.synth()).toThrow(/AwsSolutions-IAM5\[Resource::\*\]/);
      const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
      const findings = report.pluginReports.flatMap(
        (r) => (r.violations ?? []) as { ruleName: string; violatingConstructs: { constructPath: string }[] }[],
      );
      const rogueFindings = findings.filter((f) => f.violatingConstructs.some((c) => c.constructPath.includes('/RogueRole/')));
      expect(rogueFindings.map((f) => f.ruleName)).toEqual(expect.arrayContaining([expect.stringContaining('AwsSolutions-IAM5')]));
      // Nothing but the rogue role is reported: the stack's own acknowledgements still hold.
      expect(findings.filter((f) => !rogueFindings.includes(f))).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
