/**
 * `npm run check:templates`: AWS's CloudFormation linter (cfn-lint) and checkov over the synthesized templates
 * of a sandbox, a production and a production-with-managed-compute stack. A cfn-lint error fails the check; every
 * other finding must be fixed or acknowledged with its reason in lib/template-checks.json (as cdk-nag's are in
 * the constructs), and an acknowledgement that matches nothing any more fails it too, so the file stays true.
 *
 * The tools are Python packages, pinned in .ci/template-checks.requirements.txt and installed by .ci/run into
 * .venv (TEMPLATE_CHECKS_VENV names another). Both run side by side, offline (checkov with --skip-download).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHotelApiApp } from '../lib/hotel-api-app.js';
import { repositoryPath } from '../lib/project-paths.js';
import { answerHelp, refuseArguments } from './cli-help.js';

const USAGE = `usage: npm run check:templates

Synthesizes the sandbox, production and production (-c compute=managed) templates and runs cfn-lint and
checkov over them. Fails on a cfn-lint error, on any finding not acknowledged in lib/template-checks.json, and
on an acknowledgement that matches no finding. Takes no arguments.

Environment: TEMPLATE_CHECKS_VENV (default .venv: the virtualenv .ci/run installs the pinned tools into).

Exit codes: 0 clean, 1 a finding or a stale acknowledgement (each printed), 2 usage or the tools missing.`;
answerHelp(USAGE);
refuseArguments(USAGE);

interface Finding {
  readonly tool: 'cfn-lint' | 'checkov';
  readonly rule: string;
  /** cfn-lint's Error, Warning or Informational; checkov's failed checks are `Failed`. */
  readonly level: string;
  readonly template: string;
  readonly resource: string;
  readonly message: string;
}

interface Acknowledgement {
  readonly tool: Finding['tool'];
  readonly rule: string;
  readonly resources?: readonly string[];
  readonly reason: string;
}

const STACKS = [
  { name: 'sandbox', context: { stage: 'sandbox' } },
  { name: 'production', context: { stage: 'production' } },
  { name: 'production-managed', context: { stage: 'production', compute: 'managed' } },
] as const;

const venv = repositoryPath(process.env.TEMPLATE_CHECKS_VENV ?? '.venv');
const tool = (name: string) => join(venv, 'bin', name);

function synthesizeTemplates(dir: string): string[] {
  const cdkJson = JSON.parse(readFileSync(repositoryPath('cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return STACKS.map(({ name, context }) => {
    // As `cdk synth` does, without bundling the functions: the templates are what the tools read.
    const { app, stack } = createHotelApiApp({
      context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] },
      outdir: join(dir, `cdk.out-${name}`),
    });
    const template = app.synth().getStackByName(stack.stackName).template as unknown;
    const file = join(dir, `${name}.template.json`);
    writeFileSync(file, JSON.stringify(template, null, 1));
    return file;
  });
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // Both tools exit non-zero when they find something; their JSON on stdout is what counts.
    execFile(command, args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout.trim().startsWith('[') || stdout.trim().startsWith('{')) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed: ${error?.message ?? ''}\n${stderr}`));
    });
  });
}

const templateName = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace('.template.json', '');

async function cfnLint(files: readonly string[]): Promise<Finding[]> {
  const results = JSON.parse(await run(tool('cfn-lint'), ['--format', 'json', ...files])) as {
    Rule: { Id: string };
    Level: string;
    Filename: string;
    Message: string;
    Location?: { Path?: (string | number)[] };
  }[];
  return results.map((result) => ({
    tool: 'cfn-lint',
    rule: result.Rule.Id,
    level: result.Level,
    template: templateName(result.Filename),
    resource: String(result.Location?.Path?.[0] === 'Resources' ? result.Location.Path[1] : (result.Location?.Path?.[0] ?? '')),
    message: result.Message,
  }));
}

async function checkov(files: readonly string[]): Promise<Finding[]> {
  const output = JSON.parse(
    await run(tool('checkov'), [
      ...files.flatMap((file) => ['-f', file]),
      '--framework',
      'cloudformation',
      '--output',
      'json',
      '--quiet',
      '--compact',
      '--skip-download',
    ]),
  ) as unknown;
  const reports = (Array.isArray(output) ? output : [output]) as {
    results?: { failed_checks?: { check_id: string; check_name: string; file_path: string; resource: string }[] };
  }[];
  return reports.flatMap((report) =>
    (report.results?.failed_checks ?? []).map((check) => ({
      tool: 'checkov' as const,
      rule: check.check_id,
      level: 'Failed',
      template: templateName(check.file_path),
      // `AWS::S3::Bucket.SearchRowsBucket302863EA`: the logical id after the type.
      resource: check.resource.slice(check.resource.lastIndexOf('.') + 1),
      message: check.check_name,
    })),
  );
}

function matches(acknowledgement: Acknowledgement, finding: Finding): boolean {
  if (acknowledgement.tool !== finding.tool || acknowledgement.rule !== finding.rule) return false;
  return !acknowledgement.resources || acknowledgement.resources.some((pattern) => new RegExp(pattern).test(finding.resource));
}

async function main(): Promise<number> {
  if (!existsSync(tool('cfn-lint')) || !existsSync(tool('checkov'))) {
    console.error(
      `cfn-lint and checkov are not in ${venv}: .ci/run installs them (python3 -m venv .venv && .venv/bin/pip install -r .ci/template-checks.requirements.txt)`,
    );
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'hotel-api-template-checks-'));
  try {
    const started = performance.now();
    const files = synthesizeTemplates(dir);
    const synthesized = performance.now();
    const [linted, checked] = await Promise.all([cfnLint(files), checkov(files)]);
    const findings = [...linted, ...checked];
    const { acknowledged } = JSON.parse(readFileSync(repositoryPath('lib/template-checks.json'), 'utf8')) as {
      acknowledged: Acknowledgement[];
    };
    const errors = findings.filter((finding) => finding.tool === 'cfn-lint' && finding.level === 'Error');
    const open = findings.filter((finding) => !errors.includes(finding) && !acknowledged.some((a) => matches(a, finding)));
    const stale = acknowledged.filter((a) => !findings.some((finding) => matches(a, finding)));

    const count = (tool: Finding['tool']) => findings.filter((finding) => finding.tool === tool).length;
    console.log(
      `templates: ${STACKS.map((s) => s.name).join(', ')} (synthesized in ${((synthesized - started) / 1000).toFixed(1)} s, checked in ${((performance.now() - synthesized) / 1000).toFixed(1)} s)`,
    );
    console.log(`cfn-lint: ${count('cfn-lint')} findings, ${errors.length} errors; checkov: ${count('checkov')} failed checks`);
    const line = (finding: Finding) => `  ${finding.tool} ${finding.rule} ${finding.template} ${finding.resource}: ${finding.message}`;
    if (errors.length > 0) console.log(`\ncfn-lint errors (fix them; they cannot be acknowledged):\n${errors.map(line).join('\n')}`);
    if (open.length > 0)
      console.log(`\nNot acknowledged in lib/template-checks.json (fix, or acknowledge with the reason):\n${open.map(line).join('\n')}`);
    if (stale.length > 0)
      console.log(
        `\nAcknowledged but no longer found (remove them):\n${stale.map((a) => `  ${a.tool} ${a.rule} ${a.resources?.join(' ') ?? ''}`).join('\n')}`,
      );
    const ok = errors.length === 0 && open.length === 0 && stale.length === 0;
    console.log(ok ? `\nEvery finding is acknowledged with its reason (${findings.length}).` : '');
    return ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
