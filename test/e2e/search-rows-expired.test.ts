/**
 * A stored search whose rows the bucket's lifecycle rule has removed (a day after they were written,
 * lib/search-rows-bucket.ts) is gone: its pages answer 410, search again. The search function learns it from
 * S3's NoSuchKey, which Amazon S3 answers only to a caller allowed s3:ListBucket on the bucket; any other gets
 * 403 Access Denied (Amazon S3 API Reference, GetObject, "Permissions"), which would reach the partner as an
 * error instead of 410. This file makes that GetObject happen; under `npm run test:bundles` the call is
 * recorded and test/aws-calls/ checks the search function's role for s3:ListBucket.
 */
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../functions/search/search-result.js';
import type { LocalHost } from '../../local/host.js';
import { inDays } from '../support/stay-dates.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
let token: string;
beforeAll(async () => {
  host = await startTestHost();
  token = await tokenFor(host, 'demo');
}, 120_000);
afterAll(() => host?.stop());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${host.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' },
  });

describe('a search whose rows expired', () => {
  it('answers its pages 410 once the lifecycle rule removed its rows', async () => {
    const searched = await api('/v1/hotels/search', {
      method: 'POST',
      body: JSON.stringify({
        destination: { type: 'city', code: 'RAK' },
        checkIn: inDays(40),
        checkOut: inDays(42),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        limit: 5,
      }),
    });
    expect(searched.status).toBe(200);
    const search = (await searched.json()) as SearchResponse;
    expect((await api(`/v1/hotels/searches/${search.searchId}?cursor=${search.next}`)).status).toBe(200);

    // What the lifecycle rule does a day later: the search's objects removed.
    const s3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: process.env.AWS_REGION });
    const bucket = process.env.SEARCH_ROWS_BUCKET!;
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `demo/${search.searchId}/` }));
    expect(listed.Contents?.length).toBeGreaterThan(0);
    for (const object of listed.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
    s3.destroy();

    const gone = await api(`/v1/hotels/searches/${search.searchId}?cursor=${search.next}`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { type: string }).type).toMatch(/gone$/);
  });
});
