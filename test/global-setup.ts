/**
 * Starts DynamoDB Local and a local S3 once for the whole run and stops them at the end; tests create their
 * own tables and bucket under a unique prefix (test/support/dynamo.ts), so no test depends on another's data or order.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repositoryPath } from '../lib/project-paths.js';
import { startDynamoDbLocal, type DynamoDbLocal } from '../local/dynamodb-local.js';
import { startS3Local, type S3Local } from '../local/s3-local.js';
import { AWS_CALLS_TEMPLATE, awsCallsDir } from './support/aws-calls-dir.js';

let dynamo: DynamoDbLocal | undefined;
let s3: S3Local | undefined;
let synthesized: string | undefined;

/**
 * E2E_BUNDLES=1 (vitest.bundles.config.ts): the end-to-end hosts serve from the bundles of one `cdk synth`,
 * run here into a temporary directory; E2E_BUNDLES=<dir> serves an existing synth output instead.
 */
function bundlesDir(): string {
  const wanted = process.env.E2E_BUNDLES;
  if (!wanted) return '';
  if (wanted !== '1') {
    if (!existsSync(resolve(wanted))) throw new Error(`E2E_BUNDLES=${wanted}: no such directory`);
    keepTemplateForAwsCalls(resolve(wanted));
    return resolve(wanted);
  }
  synthesized = mkdtempSync(join(tmpdir(), 'hotel-api-bundles-'));
  const started = Date.now();
  execFileSync(repositoryPath('node_modules/.bin/cdk'), ['synth', '--quiet', '--no-notices', '-o', synthesized], {
    cwd: repositoryPath('.'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`cdk synth for the bundles host: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  keepTemplateForAwsCalls(synthesized);
  return synthesized;
}

/** The template the recorded AWS calls are checked against, beside them (it outlives this synth output). */
function keepTemplateForAwsCalls(cdkOut: string): void {
  const calls = awsCallsDir();
  const template = readdirSync(cdkOut).find((file) => file.endsWith('.template.json'));
  if (calls && template) copyFileSync(join(cdkOut, template), join(calls, AWS_CALLS_TEMPLATE));
}

export async function setup(project: TestProject): Promise<void> {
  [dynamo, s3] = await Promise.all([startDynamoDbLocal(), startS3Local()]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('bundlesDir', bundlesDir());
}

export async function teardown(): Promise<void> {
  await Promise.all([dynamo?.stop(), s3?.stop()]);
  if (synthesized) rmSync(synthesized, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    /** A synth output the e2e hosts serve from (E2E_BUNDLES); empty: the TypeScript sources in process. */
    bundlesDir: string;
  }
}
