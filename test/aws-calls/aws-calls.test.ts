/**
 * Every AWS call the end-to-end suite made from the bundled functions (`npm run test:bundles`, which runs this
 * file after the suite: vitest.bundles.config.ts) is allowed on AWS by the synthesized template: the role of the
 * function that made it, the resource's own policy, and the key policy of the key a table, bucket, queue or
 * topic is encrypted under (test/support/aws-iam/). A call the template does not allow fails here, naming the
 * function, the action and the resource. So do the calls the functions make on AWS where this machine hands
 * them the value instead (the secrets read from Secrets Manager, local/cdk-bundles.ts), and the calls of the
 * stack's custom resources.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AwsCallLogLine, LocalResourceNames, RecordedAwsCall } from '../../local/aws-call-log.js';
import { templateOf } from '../../local/synthesized-template.js';
import { callRequests } from '../support/aws-iam/call-requests.js';
import { customResourceCalls } from '../support/aws-iam/custom-resource-calls.js';
import { stackCheck } from '../support/aws-iam/stack-check.js';
import { AWS_CALLS_TEMPLATE, awsCallsDir } from '../support/aws-calls-dir.js';

const dir = awsCallsDir();
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface HostCalls {
  readonly names: LocalResourceNames;
  readonly calls: { readonly function: string; readonly call: RecordedAwsCall }[];
}

function readLogs(): HostCalls[] {
  return readdirSync(dir!)
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => {
      const lines = readFileSync(join(dir!, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AwsCallLogLine);
      const host = lines.find((line) => line.kind === 'host');
      if (host?.kind !== 'host') throw new Error(`${file} does not start with the host's names`);
      return { names: host.names, calls: lines.flatMap((line) => (line.kind === 'call' ? [line] : [])) };
    });
}

/** Secrets the template names by ARN, which this machine hands the function inline: on AWS it reads them. */
const SECRET_VARIABLES = ['TOKEN_SIGNING_KEY_SECRET_ARN', 'SEARCH_SECRET_ARN'];

describe.skipIf(!dir)('the AWS calls of the end-to-end suite, against the synthesized template', () => {
  const template = () => JSON.parse(readFileSync(join(dir!, AWS_CALLS_TEMPLATE), 'utf8')) as { Description?: string };
  const check = () => {
    const json = template();
    const stackName = /tenant (\S+) \((\w+)\)/.exec(json.Description ?? '');
    return stackCheck(templateOf(json), stackName ? `HotelApi-${stackName[1]}-${stackName[2]}` : 'HotelApi');
  };

  it('covers the functions that reach AWS', () => {
    const made = new Set(readLogs().flatMap((host) => host.calls.map((entry) => entry.function)));
    for (const fn of ['Auth', 'Authorizer', 'Search', 'Booking', 'BookingFlow', 'Vouchers', 'Webhooks'])
      expect([...made], fn).toContain(fn);
  });

  it('are each allowed by the role that makes it, the resource and the key', () => {
    const stack = check();
    const refused = new Set<string>();
    let checked = 0;
    const madeBy = new Set<string>();
    for (const host of readLogs()) {
      for (const { function: fn, call } of host.calls) {
        madeBy.add(fn);
        const role = stack.namer.roleOfFunction(fn);
        for (const refusal of stack.refusals(role, callRequests(stack.namer, host.names, call))) refused.add(`${fn}: ${refusal}`);
        checked += 1;
      }
    }
    for (const fn of madeBy) {
      const resource = stack.values.template.byPathSuffix(`/${fn}/Function/Resource`)!;
      const variables = ((resource.properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ??
        {}) as Record<string, unknown>;
      for (const variable of SECRET_VARIABLES.filter((name) => name in variables)) {
        const secret = String(stack.values.resolve(variables[variable]));
        const named = { requests: [{ action: 'secretsmanager:GetSecretValue', resource: secret, context: {} }] };
        for (const refusal of stack.refusals(stack.namer.roleOfFunction(fn), named)) refused.add(`${fn} (${variable}): ${refusal}`);
      }
    }
    expect([...refused].sort()).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("include the stack's custom resources' calls", () => {
    const stack = check();
    const refused = customResourceCalls(stack.values, stack.namer).flatMap((call) =>
      stack.refusals(call.role, call.named).map((refusal) => `${call.name}: ${refusal}`),
    );
    expect(refused).toEqual([]);
  });
});
