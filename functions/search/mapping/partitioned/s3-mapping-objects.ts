/**
 * The partitioned mapping job's work objects in the stack's mapping bucket (lib/property-mapping.ts): each
 * run's files under `runs/<runId>/` (the bucket's lifecycle rule removes them after a month) and the
 * manifest under `state/`.
 */
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { MappingObjects } from './mapping-objects.js';
import { s3Client } from '../../../shared/s3.js';

export class S3MappingObjects implements MappingObjects {
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    options: { readonly client?: S3Client } = {},
  ) {
    this.client = options.client ?? s3Client();
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
}
