/**
 * Where `npm run test:bundles` collects the AWS calls of the bundled functions (vitest.bundles.config.ts names
 * it in E2E_AWS_CALLS): one log per host (local/aws-call-log.ts) and the synthesized template the calls are
 * checked against (test/aws-calls/aws-calls.test.ts). Unset in the main run, which runs no bundles.
 */
export const AWS_CALLS_TEMPLATE = 'template.json';

export function awsCallsDir(): string | undefined {
  return process.env.E2E_AWS_CALLS || undefined;
}
