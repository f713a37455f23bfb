/** The one part of s3rver's internals the local S3 uses: its account registry (local/s3-local.ts). */
declare module 's3rver/lib/models/account.js' {
  export const DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}
