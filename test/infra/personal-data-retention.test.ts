/**
 * Every store of a stack that holds personal data (or did: exports made before the guests table held whole
 * bookings), with its retention in days, read from the synthesized template: each one finite. The figures
 * are printed, so a reviewer or a data-protection officer reads them from the test output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_BACKSTOP_DAYS } from '../../functions/booking/personal-data/personal-data-retention.js';
import { IDEMPOTENCY_TTL_SECONDS } from '../../functions/booking/idempotent-operation.js';
import { SEARCH_TTL_SECONDS } from '../../functions/search/search-store.js';
import { WEBHOOK_RETENTION_DAYS } from '../../functions/stores/webhook-outbox.js';
import type { TableId } from '../../functions/shared/tables.js';
import { FINANCE_BUCKET_RETENTION } from '../../lib/finance-ledger.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ tenant: 'acme', stage: 'production', context: { personalDataRetentionDays: 60 } });
}, 180_000);
afterAll(() => synthesis?.cleanUp());

const DAY = 86_400;

function tableTtl(id: TableId): string | undefined {
  const table = resourcesOfType(synthesis.template, 'AWS::DynamoDB::Table')[logicalIdOf(synthesis.stack.tables.get(id).table)]!;
  const spec = table.Properties.TimeToLiveSpecification as { AttributeName: string; Enabled: boolean } | undefined;
  return spec?.Enabled ? spec.AttributeName : undefined;
}

describe('personal data retention', () => {
  it('is finite in every store that holds personal data, and printed', () => {
    const retention = synthesis.stack.personalDataRetention;
    const jobVariables = (
      resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(retention.job.function)]!.Properties.Environment as {
        Variables: Record<string, string>;
      }
    ).Variables;
    const days = Number(jobVariables.PERSONAL_DATA_RETENTION_DAYS);
    expect(days).toBe(60);
    // Every function that writes guest details computes their expiry backstop from the same setting.
    for (const writer of [synthesis.stack.functions.groups.booking, synthesis.stack.functions.bookingFlow]) {
      const variables = (
        resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(writer.function)]!.Properties.Environment as {
          Variables: Record<string, string>;
        }
      ).Variables;
      expect(variables.PERSONAL_DATA_RETENTION_DAYS).toBe('60');
    }
    const schedule = resourcesOfType(synthesis.template, 'AWS::Events::Rule')[logicalIdOf(retention.schedule)]!;
    expect(schedule.Properties.ScheduleExpression).toBe('rate(1 day)');

    const bucket = resourcesOfType(synthesis.template, 'AWS::S3::Bucket')[logicalIdOf(synthesis.stack.financeLedger.bucket)]!;
    const rules = (
      bucket.Properties.LifecycleConfiguration as {
        Rules: { Prefix?: string; ExpirationInDays?: number; NoncurrentVersionExpiration?: { NoncurrentDays: number } }[];
      }
    ).Rules;
    const exportsDays = rules.find((r) => r.Prefix === 'exports/')?.ExpirationInDays;
    const noncurrentDays = rules.find((r) => r.NoncurrentVersionExpiration)?.NoncurrentVersionExpiration?.NoncurrentDays;

    const logGroups = Object.entries(resourcesOfType(synthesis.template, 'AWS::Logs::LogGroup')).map(
      ([id, group]) => [id, group.Properties.RetentionInDays as number | undefined] as const,
    );

    const stores: [string, number | undefined, string][] = [
      [
        'guests table (holder, guests, contact, cancel reason)',
        tableTtl('guests') ? days : undefined,
        `erased ${days} days after check-out by the daily job; items expire ${EXPIRY_BACKSTOP_DAYS} days later (TTL ${tableTtl('guests')})`,
      ],
      [
        'idempotency table (request hashes; answers hold no names)',
        tableTtl('idempotency') ? IDEMPOTENCY_TTL_SECONDS / DAY : undefined,
        `TTL ${tableTtl('idempotency')}`,
      ],
      [
        'webhooks table (events, deliveries: booking summaries)',
        tableTtl('webhooks') ? WEBHOOK_RETENTION_DAYS : undefined,
        `TTL ${tableTtl('webhooks')}, after the event`,
      ],
      [
        "searches table (occupancies: children's ages)",
        tableTtl('searches') ? SEARCH_TTL_SECONDS / DAY : undefined,
        `TTL ${tableTtl('searches')}`,
      ],
      [
        'finance export bucket, exports/ (older exports hold whole bookings)',
        exportsDays,
        `lifecycle; noncurrent versions ${noncurrentDays} days`,
      ],
      ['finance export bucket, noncurrent versions', noncurrentDays, 'lifecycle'],
      ...logGroups.map(
        ([id, retentionDays]) =>
          [
            `log group ${id}`,
            retentionDays,
            'no guest data is logged (test/e2e/faults-guest-data.test.ts); kept anyway no longer than this',
          ] as [string, number | undefined, string],
      ),
    ];
    console.info(
      `stores of personal data, retention in days (personalDataRetentionDays=${days}):\n${stores.map(([store, d, how]) => `  ${(d === undefined ? 'FOREVER' : Number.isInteger(d) ? String(d) : d.toFixed(2)).padStart(8)}  ${store}: ${how}`).join('\n')}`,
    );
    for (const [store, d] of stores) {
      expect(d, store).toBeTypeOf('number');
      expect(Number.isFinite(d) && d! > 0, store).toBe(true);
    }
    expect(exportsDays).toBe(FINANCE_BUCKET_RETENTION.exportsDays);
    expect(noncurrentDays).toBe(FINANCE_BUCKET_RETENTION.noncurrentVersionDays);
    expect(logGroups.length).toBeGreaterThan(0);
  });

  it('keeps the bookings table, which finance exports, without an expiry: it holds no personal data', () => {
    expect(tableTtl('bookings')).toBeUndefined();
    expect(synthesis.stack.tables.get('guests').definition.purpose).toMatch(/personal data/);
  });
});
