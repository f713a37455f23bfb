/**
 * The S3 client. Where it points comes from the function's configuration (config.ts): nowhere on Lambda
 * (the regional endpoint), S3_ENDPOINT under the local host (a local S3-compatible server, addressed by
 * path: it has no bucket subdomains). One client per container, reused for its kept-alive connections.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { awsEndpoint } from './config.js';
import { tracer } from './observability.js';

let made: { readonly endpoint: string | undefined; readonly client: S3Client } | undefined;

export function s3Client(): S3Client {
  const endpoint = awsEndpoint('s3');
  if (!made || made.endpoint !== endpoint) {
    made = { endpoint, client: tracer.captureAWSv3Client(new S3Client(endpoint ? { endpoint, forcePathStyle: true } : {})) };
  }
  return made.client;
}
