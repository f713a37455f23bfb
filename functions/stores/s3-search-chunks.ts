/**
 * A stored search's ranked rows, in S3: one object per zstd chunk, under the tenant and the searchId
 * (`<tenant>/<searchId>/<chunk>`). S3 bills a write per request where DynamoDB bills one per KB: a search's
 * ~100 KB of rows cost $0.000005 as one PUT and $0.0000625 as 100 write units (npm run bench:cost). The
 * search's header, its expiry and so the 410 rule stay in DynamoDB; the bucket's lifecycle rule removes
 * the objects a day later (lib/search-rows-bucket.ts).
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { searchRowsBucket } from '../shared/config.js';
import { s3Client } from '../shared/s3.js';

export class S3SearchChunks {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: { readonly client?: S3Client; readonly bucket?: string } = {}) {
    this.client = options.client ?? s3Client();
    this.bucket = options.bucket ?? searchRowsBucket();
  }

  async put(tenant: string, searchId: string, index: number, rows: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: chunkKey(tenant, searchId, index), Body: rows, ContentType: 'application/zstd' }),
    );
  }

  /** undefined once the object is gone (the lifecycle rule removed it): the search is gone, 410. */
  async get(tenant: string, searchId: string, index: number): Promise<Uint8Array | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: chunkKey(tenant, searchId, index) }));
      if (!object.Body) throw new Error(`search chunk ${chunkKey(tenant, searchId, index)} has no body`);
      return await object.Body.transformToByteArray();
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}

function chunkKey(tenant: string, searchId: string, index: number): string {
  return `${tenant}/${searchId}/${String(index).padStart(5, '0')}`;
}
