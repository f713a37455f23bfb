/**
 * The process killed between the supplier's confirmation and SaveBooking, for real: the local host runs in
 * a child process (test/support/host-process.ts) that SIGKILLs itself right after the supplier booked. The
 * sandbox suppliers run here and DynamoDB Local keeps its data in a directory, so both outlive the kill.
 * After a restart the pending-booking reconciler finds the booking at the supplier by our reference and
 * records it, and the partner's retry with the same Idempotency-Key answers that booking: one booking,
 * never forgotten, never made twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingIdFor } from '../../functions/booking/record/booking-id.js';
import { keys } from '../../functions/shared/keys.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { inDays } from '../support/stay-dates.js';

const CRASH_PREFIX = 'CRASH-';

interface RunningHost {
  readonly child: ChildProcess;
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly tables: Record<string, string>;
  readonly exited: Promise<NodeJS.Signals | null>;
}

let suppliers: RunningSandboxSupplier[];
let dataDir: string;
let sharedEnvironment: Record<string, string>;
let running: RunningHost | undefined;

async function startHostProcess(extra: Record<string, string> = {}): Promise<RunningHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', repositoryPath('test/support/host-process.ts')], {
    cwd: repositoryPath('.'),
    env: { ...process.env, ...sharedEnvironment, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ ready: string; dynamoEndpoint: string; tables: Record<string, string> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host process not ready in 60 s:\n${errors}`)), 60_000);
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as { ready: string; dynamoEndpoint: string; tables: Record<string, string> });
    });
    void exited.then(() => reject(new Error(`host process exited before it was ready:\n${errors}`)));
  });
  return { child, url: ready.ready, dynamoEndpoint: ready.dynamoEndpoint, tables: ready.tables, exited };
}

beforeAll(async () => {
  suppliers = await startSandboxSuppliers({ latency: NO_LATENCY });
  dataDir = mkdtempSync(join(tmpdir(), 'faults-crash-'));
  sharedEnvironment = {
    DATA_DIR: dataDir,
    HOST_SUPPLIERS: JSON.stringify(
      suppliers.map(({ supplierId, adapter, endpoint, credentials }) => ({ supplierId, adapter, endpoint, credentials })),
    ),
    // A deployment's rateId secret outlives any one container; so does this across the restart (the signing
    // keys are in DATA_DIR's tables, which the restart keeps).
    SEARCH_SECRET: randomBytes(32).toString('base64url'),
    RECONCILE_INTERVAL_MS: '500',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  };
}, 60_000);
afterAll(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  await Promise.all((suppliers ?? []).map((s) => s.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function tokenAt(url: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' });
  const response = await fetch(`${url}/v1/oauth/token`, { method: 'POST', body: form });
  return ((await response.json()) as { access_token: string }).access_token;
}

function call(host: RunningHost, token: string, path: string, init: RequestInit & { idempotencyKey?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Service-Tenant', 'demo');
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
  return fetch(`${host.url}${path}`, { ...init, headers });
}

describe('the process killed between the supplier confirmation and SaveBooking', () => {
  it('is recovered by the reconciler after a restart, and the retry with the same key answers that booking', async () => {
    running = await startHostProcess({ CRASH_AFTER_SUPPLIER_BOOKED: CRASH_PREFIX });
    let token = await tokenAt(running.url);
    const searched = await call(running, token, '/v1/hotels/search', {
      method: 'POST',
      body: JSON.stringify({
        destination: { type: 'city', code: 'RAK' },
        checkIn: inDays(40),
        checkOut: inDays(42),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        limit: 1000,
      }),
    });
    expect(searched.status).toBe(200);
    const search = (await searched.json()) as { searchId: string; properties: { cheapestRate: { rateId: string; supplierId: string } }[] };
    const rate = search.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === 'hotelbeds')!;
    const key = randomUUID();
    const body = JSON.stringify({
      rateId: rate.rateId,
      searchId: search.searchId,
      holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+44 20 0000 0000' },
      rooms: [
        {
          guests: [
            { type: 'adult', firstName: 'Ada', lastName: 'Byron' },
            { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
          ],
        },
      ],
      clientReference: `${CRASH_PREFIX}${randomUUID().slice(0, 8)}`,
    });

    // The booking request dies with the process: the partner sees a dropped connection, not an answer.
    await expect(call(running, token, '/v1/hotels/bookings', { method: 'POST', body, idempotencyKey: key })).rejects.toThrow();
    expect(await running.exited).toBe('SIGKILL');
    const bookingId = bookingIdFor('demo', 'demo-client', key);
    const hotelbeds = suppliers.find((s) => s.supplierId === 'hotelbeds')!;
    expect(hotelbeds.bookingsUnder(bookingId)).toBe(1);

    // Restarted on the same data: the reconciler (every 500 ms here) finds the booking by our reference.
    running = await startHostProcess();
    const table = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: running.dynamoEndpoint }));
    let record: Record<string, unknown> | undefined;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      record = (await table.send(new GetCommand({ TableName: running.tables.bookings!, Key: keys.booking('demo', bookingId) }))).Item;
      if (record?.status !== 'pending') break;
    }
    table.destroy();
    expect(record?.status).toBe('confirmed');
    const history = record!.history as { event: string; detail?: string }[];
    expect(history.map((e) => e.event)).toEqual(['requested', 'confirmed']);
    expect(history[1]!.detail).toContain('under our reference');

    // The partner retries with the same key (a new token: the old one died with nothing, it is still valid).
    token = await tokenAt(running.url);
    let retried: Response;
    for (const deadline = Date.now() + 45_000; ; ) {
      retried = await call(running, token, '/v1/hotels/bookings', { method: 'POST', body, idempotencyKey: key });
      // The killed request's in-progress mark lasts until its own time limit would have passed.
      if (retried.status !== 409 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, Number(retried.headers.get('retry-after') ?? 1) * 1000));
    }
    const answer = (await retried.json()) as { bookingId: string; status: string };
    expect(retried.status, JSON.stringify(answer)).toBe(201);
    expect(answer).toMatchObject({ bookingId, status: 'confirmed' });
    expect(hotelbeds.bookingsUnder(bookingId)).toBe(1);
  }, 150_000);
});
