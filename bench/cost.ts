/**
 * `npm run bench:cost`: what a search and a booking cost on AWS, from quantities measured on the local
 * host: DynamoDB write and read units as DynamoDB Local reports them (every call metered by a proxy,
 * bench/support/dynamodb-meter.ts), S3 requests and bytes where the search's rows go, each function's
 * duration as the local gateway and the state machine runner time it at the memory CDK configures
 * (lib/functions.ts), requests, and Step Functions executions; priced at the us-east-1 list prices below.
 *
 * BENCH_SEARCHES (default 40, over the sandbox cities below), BENCH_BOOKINGS (default 12). The sandbox
 * suppliers answer with their default latency: a search's function waits for them, and that wait is billed.
 *
 * Then both computes by daily volume: on demand as measured, and Lambda Managed Instances priced from the
 * same run plus bench/search-capacity.ts (run first, alone: how many searches one pinned core holds, and the
 * suppliers' bytes a search pulls through the NAT). Prints figures; asserts nothing.
 */
import { inDays } from './support/city-availability.js';
import './support/quiet-powertools.js';
import { randomUUID } from 'node:crypto';
import { startDynamoDbLocal } from '../local/dynamodb-local.js';
import { startLocalHost } from '../local/host.js';
import { execFileSync } from 'node:child_process';
import { BOOKING_FLOW_PLAN, GROUP_PLANS } from '../lib/functions.js';
import { MANAGED_SEARCH } from '../lib/managed-compute.js';
import type { CapacityReport } from './search-capacity.js';
import { s3Client } from '../functions/shared/s3.js';
import { startDynamoMeter, type OperationTally } from './support/dynamodb-meter.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:cost

What a search and a booking cost on AWS, from quantities measured on the local host, and both computes
by daily volume. Environment: BENCH_SEARCHES (default 40), BENCH_BOOKINGS (12). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 40);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 12);
/** Sandbox cities from the largest market to the smallest, so the stored rows span what partners see. */
const CITIES = ['PAR', 'LON', 'NYC', 'ROM', 'BCN', 'AMS', 'PRG', 'LIS', 'DUB', 'REK'];

/**
 * us-east-1 list prices, November 2026. DynamoDB on-demand: aws.amazon.com/dynamodb/pricing/on-demand;
 * Lambda (arm64): aws.amazon.com/lambda/pricing; API Gateway REST API: aws.amazon.com/api-gateway/pricing;
 * Step Functions Express: aws.amazon.com/step-functions/pricing; S3 Standard: aws.amazon.com/s3/pricing;
 * CloudWatch Logs ingestion: aws.amazon.com/cloudwatch/pricing; X-Ray: aws.amazon.com/xray/pricing.
 */
const PRICE = {
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  apiGatewayRestRequest: 3.5 / 1e6,
  expressRequest: 1.0 / 1e6,
  /** Express workflows bill duration in 64 MB, 100 ms steps. */
  expressGbSecond: 0.00001667,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  logsIngestedGb: 0.5,
  /** Recorded traces; the default sampling rule records 1 a second plus 5 % of the rest. */
  xrayTrace: 5 / 1e6,
  xraySampled: 0.05,
} as const;
/**
 * Lambda Managed Instances (lib/managed-compute.ts), us-east-1, November 2026:
 * - m7g.large (2 vCPU, 8 GiB) on-demand $0.0816 an hour: AWS's EC2 on-demand price list as quoted for June
 *   2026 (factualminds.com/blog/amazon-ec2-on-demand-pricing-instance-families-2026; aws.amazon.com/ec2/pricing/on-demand
 *   renders its table in the browser);
 * - management fee 15 % of the instance's EC2 on-demand price, and $0.20 per million requests: aws.amazon.com/lambda/pricing
 *   ("Lambda Managed Instances"); no GB-second charge;
 * - a fleet of at least 3 instances: Lambda launches three by default for Availability Zone resiliency
 *   (docs.aws.amazon.com/lambda/latest/dg/lambda-managed-instances-best-practices.html);
 * - NAT gateway $0.045 an hour and $0.045 per GB processed, two of them (one per zone): aws.amazon.com/vpc/pricing.
 *   DynamoDB and S3 go through the free gateway endpoints, so only the suppliers' traffic is processed.
 */
const MANAGED_PRICE = {
  instanceHour: 0.0816,
  instanceVCpus: 2,
  managementFee: 0.15,
  request: 0.2 / 1e6,
  minInstances: 3,
  natHour: 0.045,
  natGb: 0.045,
} as const;
/** Searches a day the comparison is printed for, and the busiest hour against the day's mean. */
const DAILY_VOLUMES = [10_000, 100_000, 1_000_000, 10_000_000];
/** A request's log and EMF lines: 3.3 KB a search (npm run bench:metrics-volume), about 2 KB for other calls. */
const LOG_BYTES = { search: 3300, other: 2000 };

// First, alone: how many searches one pinned core holds (bench/search-capacity.ts prints its own table too).
console.log('search capacity on one core (bench/search-capacity.ts):');
const capacityOutput = execFileSync(process.execPath, ['--import', 'tsx', 'bench/search-capacity.ts'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 64 * 1024 * 1024,
});
const capacityLines = capacityOutput.trimEnd().split('\n');
for (const line of capacityLines.slice(0, -1)) if (!line.startsWith('{')) console.log(line);
const capacity = JSON.parse(capacityLines.at(-1)!) as CapacityReport;

const dynamo = await startDynamoDbLocal();
const meter = await startDynamoMeter(dynamo.endpoint);
const durations = new Map<string, number[]>();
const stepDurations: number[] = [];
const host = await startLocalHost({
  dynamoEndpoint: meter.endpoint,
  tablePrefix: `benchcost${Date.now()}`,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
  onResponse: ({ method, path, ms }) => {
    const route = `${method} ${path
      .replace(/\/searches\/[^/?]+/, '/searches/{id}')
      .replace(/\/rates\/[^/]+/, '/rates/{id}')
      .replace(/\/bookings\/[^/]+/, '/bookings/{id}')
      .replace(/\/properties\/[^/]+/, '/properties/{id}')
      .replace(/\?.*$/, '')}`;
    (durations.get(route) ?? durations.set(route, []).get(route)!).push(ms);
  },
  interceptFlowStep: async (_invocation, run) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      stepDurations.push(performance.now() - started);
    }
  },
});

// S3 requests and bytes, counted on the client the search function uses (the same module instance).
let s3 = { puts: 0, gets: 0, putBytes: 0 };
s3Client().middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { Body?: Uint8Array };
    if (context.commandName === 'PutObjectCommand') {
      s3.puts += 1;
      s3.putBytes += input.Body?.length ?? 0;
    } else if (context.commandName === 'GetObjectCommand') s3.gets += 1;
    return next(args);
  },
  { step: 'initialize', name: 'costMeter' },
);

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : sum(values) / values.length);
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const totals = (tallies: Map<string, OperationTally>) => {
  const all = [...tallies.values()];
  return {
    writeUnits: sum(all.map((t) => t.writeUnits)),
    readUnits: sum(all.map((t) => t.readUnits)),
    calls: sum(all.map((t) => t.calls)),
    bytes: sum(all.map((t) => t.requestBytes)),
  };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

try {
  const token = (
    (await (
      await fetch(`${host.url}/v1/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' };
  /** Of each search's time: waiting for the suppliers, and our own work (Server-Timing). */
  const waitMs: number[] = [];
  const ownMs: number[] = [];
  const search = async (city: string, offset: number) => {
    const response = await fetch(`${host.url}/v1/hotels/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        destination: { type: 'city', code: city },
        checkIn: inDays(offset),
        checkOut: inDays(offset + 3),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        limit: 50,
      }),
    });
    const timing = Object.fromEntries(
      (response.headers.get('server-timing') ?? '').split(',').map((part) => {
        const [name = '', duration = ''] = part.trim().split(';dur=');
        return [name, Number(duration)];
      }),
    );
    waitMs.push(timing.suppliers ?? 0);
    ownMs.push((timing.setup ?? 0) + (timing.merge ?? 0) + (timing.rank ?? 0) + (timing.store ?? 0));
    return (await response.json()) as {
      searchId: string;
      totalProperties: number;
      properties: { propertyId: string; cheapestRate: { rateId: string } }[];
    };
  };

  await search('REK', 20); // warm-up: first imports, caches; not counted
  await settle();
  waitMs.length = 0;
  ownMs.length = 0;

  // Searches.
  meter.reset();
  durations.clear();
  s3 = { puts: 0, gets: 0, putBytes: 0 };
  const properties: number[] = [];
  const searched: Awaited<ReturnType<typeof search>>[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const result = await search(CITIES[i % CITIES.length]!, 15 + i);
    properties.push(result.totalProperties);
    searched.push(result);
  }
  await settle(); // the rows are written after each answer
  const searchDynamo = totals(meter.snapshot());
  const searchTallies = meter.snapshot();
  const searchMs = durations.get('POST /v1/hotels/search') ?? [];
  const searchS3 = { ...s3 };

  // A later page and a property's rates, each once per search.
  meter.reset();
  durations.clear();
  s3 = { puts: 0, gets: 0, putBytes: 0 };
  for (const result of searched) {
    await fetch(`${host.url}/v1/hotels/searches/${result.searchId}?offset=50`, { headers });
    const property = result.properties[0];
    if (property) await fetch(`${host.url}/v1/hotels/searches/${result.searchId}/properties/${property.propertyId}/rates`, { headers });
  }
  const readsDynamo = totals(meter.snapshot());
  const readsS3 = { ...s3 };
  const pageMs = durations.get('GET /v1/hotels/searches/{id}') ?? [];
  const ratesMs = durations.get('GET /v1/hotels/searches/{id}/properties/{id}/rates') ?? [];

  // Bookings: rate check, book (the flow, the voucher issued after the answer), then retrieve.
  const rated = searched.filter((s) => s.properties.length > 0).slice(0, BOOKINGS);
  meter.reset();
  durations.clear();
  stepDurations.length = 0;
  let booked = 0;
  for (const result of rated) {
    const rateId = result.properties[0]!.cheapestRate.rateId;
    await fetch(`${host.url}/v1/hotels/rates/${encodeURIComponent(rateId)}/check`, { method: 'POST', headers, body: '{}' });
    const response = await fetch(`${host.url}/v1/hotels/bookings`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        rateId,
        searchId: result.searchId,
        clientReference: `COST-${randomUUID().slice(0, 8)}`,
        holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Ada', lastName: 'Byron' },
              { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
            ],
          },
        ],
      }),
    });
    const booking = (await response.json()) as { bookingId?: string };
    if (response.status === 201 && booking.bookingId) {
      booked += 1;
      await settle(); // the voucher issue, handed to the vouchers function
      await fetch(`${host.url}/v1/hotels/bookings/${booking.bookingId}`, { headers });
      await fetch(`${host.url}/v1/hotels/bookings/${booking.bookingId}/voucher`, { headers });
    }
  }
  const bookingDynamo = totals(meter.snapshot());
  const checkMs = durations.get('POST /v1/hotels/rates/{id}/check') ?? [];
  const bookMs = durations.get('POST /v1/hotels/bookings') ?? [];
  const getMs = durations.get('GET /v1/hotels/bookings/{id}') ?? [];
  const voucherMs = durations.get('GET /v1/hotels/bookings/{id}/voucher') ?? [];

  const gb = (mb: number) => mb / 1024;
  const lambda = (memoryMb: number, ms: number) => PRICE.lambdaRequest + gb(memoryMb) * (ms / 1000) * PRICE.lambdaGbSecondArm;
  const apiCall = (memoryMb: number, ms: number, logBytes: number) =>
    PRICE.apiGatewayRestRequest + lambda(memoryMb, ms) + (logBytes / 1e9) * PRICE.logsIngestedGb + PRICE.xraySampled * PRICE.xrayTrace;

  // Per search.
  const perSearch = {
    api: PRICE.apiGatewayRestRequest,
    lambda: lambda(GROUP_PLANS.search.memorySize, mean(searchMs)),
    dynamoWrites: (searchDynamo.writeUnits / SEARCHES) * PRICE.dynamoWriteUnit,
    dynamoReads: (searchDynamo.readUnits / SEARCHES) * PRICE.dynamoReadUnit,
    s3: (searchS3.puts / SEARCHES) * PRICE.s3Put + (searchS3.gets / SEARCHES) * PRICE.s3Get,
    logsAndTraces: (LOG_BYTES.search / 1e9) * PRICE.logsIngestedGb + PRICE.xraySampled * PRICE.xrayTrace,
  };
  const searchTotal = sum(Object.values(perSearch));
  const perPage =
    apiCall(GROUP_PLANS.search.memorySize, mean(pageMs), LOG_BYTES.other) +
    (readsDynamo.readUnits / (2 * SEARCHES)) * PRICE.dynamoReadUnit +
    (readsS3.gets / (2 * SEARCHES)) * PRICE.s3Get;
  const perRates = apiCall(GROUP_PLANS.search.memorySize, mean(ratesMs), LOG_BYTES.other);

  // Per booking: rate check, book (+ the flow's task steps and the Express execution), retrieve, the voucher issue.
  const bookingCalls =
    apiCall(GROUP_PLANS.booking.memorySize, mean(checkMs), LOG_BYTES.other) +
    apiCall(GROUP_PLANS.booking.memorySize, mean(bookMs), LOG_BYTES.other) +
    apiCall(GROUP_PLANS.booking.memorySize, mean(getMs), LOG_BYTES.other);
  const stepsPerBooking = stepDurations.length / Math.max(1, booked);
  const flowSteps = stepsPerBooking * lambda(BOOKING_FLOW_PLAN.memorySize, mean(stepDurations));
  const express = PRICE.expressRequest + (64 / 1024) * (Math.ceil(mean(bookMs) / 100) / 10) * PRICE.expressGbSecond;
  const voucherIssue = lambda(GROUP_PLANS.vouchers.memorySize, mean(voucherMs)) + PRICE.lambdaRequest;
  const bookingDynamoCost =
    (bookingDynamo.writeUnits / Math.max(1, booked)) * PRICE.dynamoWriteUnit +
    (bookingDynamo.readUnits / Math.max(1, booked)) * PRICE.dynamoReadUnit;
  const bookingTotal = bookingCalls + flowSteps + express + voucherIssue + bookingDynamoCost;

  const usd = (value: number, digits = 4) => `$${value.toFixed(digits)}`;
  console.log(
    `\nbench:cost on Node ${process.version}, ${new Date().toISOString()}: ${SEARCHES} searches over ${CITIES.join(' ')}, ${booked} bookings`,
  );
  console.log(
    `searches: ${median(properties)} properties median (${Math.min(...properties)}-${Math.max(...properties)}); search function ${GROUP_PLANS.search.memorySize} MB, ${mean(searchMs).toFixed(0)} ms mean (median ${median(searchMs)} ms)`,
  );
  console.log(
    `S3 per search: ${(searchS3.puts / SEARCHES).toFixed(2)} PUT of ${(searchS3.putBytes / Math.max(1, searchS3.puts) / 1024).toFixed(1)} KB mean`,
  );
  console.log(
    `DynamoDB per search: ${(searchDynamo.writeUnits / SEARCHES).toFixed(1)} write units, ${(searchDynamo.readUnits / SEARCHES).toFixed(1)} read units, ${(searchDynamo.bytes / SEARCHES / 1024).toFixed(1)} KB sent in ${(searchDynamo.calls / SEARCHES).toFixed(1)} calls`,
  );
  for (const [operation, t] of [...searchTallies].sort((a, b) => b[1].writeUnits + b[1].readUnits - a[1].writeUnits - a[1].readUnits)) {
    console.log(
      `  ${operation.padEnd(16)} ${(t.calls / SEARCHES).toFixed(2).padStart(6)} calls  ${(t.writeUnits / SEARCHES).toFixed(1).padStart(7)} WRU  ${(t.readUnits / SEARCHES).toFixed(1).padStart(6)} RRU  ${(t.requestBytes / SEARCHES / 1024).toFixed(1).padStart(7)} KB`,
    );
  }
  console.log('\nper 1,000 searches (list prices, us-east-1):');
  const rows: [string, number, string][] = [
    ['API Gateway REST requests', perSearch.api, `$3.50 per million`],
    [
      'Lambda (search function)',
      perSearch.lambda,
      `${GROUP_PLANS.search.memorySize} MB x ${mean(searchMs).toFixed(0)} ms at $0.0000133334 per GB-s (arm64) + $0.20 per million`,
    ],
    ['DynamoDB writes', perSearch.dynamoWrites, `$0.625 per million write units`],
    ['DynamoDB reads', perSearch.dynamoReads, `$0.125 per million read units`],
    ['S3 requests', perSearch.s3, `$0.005 per 1,000 PUT, $0.0004 per 1,000 GET; a day of storage is negligible`],
    ['CloudWatch Logs, X-Ray', perSearch.logsAndTraces, `3.3 KB of lines at $0.50 per GB; 5 % of traces at $5 per million`],
  ];
  for (const [what, cost, basis] of rows.sort((a, b) => b[1] - a[1]))
    console.log(`  ${what.padEnd(28)} ${usd(cost * 1000).padStart(9)}  ${basis}`);
  console.log(
    `  ${'total'.padEnd(28)} ${usd(searchTotal * 1000).padStart(9)}  (goal $0.0200); dominated by ${rows.sort((a, b) => b[1] - a[1])[0]![0]}`,
  );
  // What the search function would cost at other sizes: Lambda gives CPU in proportion to memory (one vCPU
  // at 1,769 MB), so our own work stretches as memory shrinks; the wait for the suppliers does not.
  const ownAtConfigured = mean(ownMs);
  console.log(
    `search function time: ${mean(waitMs).toFixed(0)} ms waiting for suppliers + ${ownAtConfigured.toFixed(0)} ms of our own work (mean; the rest of ${mean(searchMs).toFixed(0)} ms is the gateway and the answer)`,
  );
  for (const memory of [512, 1024, GROUP_PLANS.search.memorySize]) {
    const own = ownAtConfigured * Math.max(1, GROUP_PLANS.search.memorySize / memory);
    const ms = mean(searchMs) - ownAtConfigured + own;
    const total = searchTotal - perSearch.lambda + lambda(memory, ms);
    console.log(
      `  at ${String(memory).padStart(4)} MB: our work ~${own.toFixed(0)} ms, Lambda ${usd(lambda(memory, ms) * 1000)}, all in ${usd(total * 1000)} per 1,000 searches`,
    );
  }
  console.log(`a later page ${usd(perPage * 1000)} and a property's rates ${usd(perRates * 1000)} per 1,000 calls`);
  console.log(
    `\nper booking: ${usd(bookingTotal, 5)} (rate check, book, retrieve: ${usd(bookingCalls, 5)}; ${stepsPerBooking.toFixed(1)} flow steps ${usd(flowSteps, 6)}; Express execution ${usd(express, 6)}; voucher issue ${usd(voucherIssue, 6)}; DynamoDB ${(bookingDynamo.writeUnits / Math.max(1, booked)).toFixed(1)} WRU + ${(bookingDynamo.readUnits / Math.max(1, booked)).toFixed(1)} RRU ${usd(bookingDynamoCost, 6)})`,
  );
  console.log(
    `  durations: check ${mean(checkMs).toFixed(0)} ms, book ${mean(bookMs).toFixed(0)} ms, retrieve ${mean(getMs).toFixed(0)} ms, voucher ${mean(voucherMs).toFixed(0)} ms; flow steps ${mean(stepDurations).toFixed(0)} ms each`,
  );

  // Both computes by daily volume. Only the search function moves (lib/managed-compute.ts); everything else
  // a search costs (API Gateway, DynamoDB, S3, logs) is the same on both, and so is a booking.
  const searchSeconds = mean(searchMs) / 1000;
  const notCompute = searchTotal - perSearch.lambda;
  const onDemandPer1000 = searchTotal * 1000;
  const instanceDay = 24 * MANAGED_PRICE.instanceHour * (1 + MANAGED_PRICE.managementFee);
  const natDay = 24 * MANAGED_SEARCH.natGateways * MANAGED_PRICE.natHour;
  const natPerSearch = (capacity.supplierBytesPerSearch / 1e9) * MANAGED_PRICE.natGb;
  const managedAt = (perDay: number) => {
    // The fleet follows the traffic (it scales on CPU): enough vCPUs to keep the search CPU at the scaling
    // target, and enough environments that none takes more searches at once than it is configured to; never
    // below the function's minimum environments nor the three-instance floor.
    const perSecond = perDay / 86_400;
    const inFlight = perSecond * searchSeconds;
    const byCpu = (perSecond * capacity.cpuMsPerSearch) / 1000 / (MANAGED_SEARCH.targetCpuPercent / 100);
    const byConcurrency = inFlight / MANAGED_SEARCH.perEnvironmentMaxConcurrency;
    const vCpus = Math.max(MANAGED_SEARCH.minEnvironments, byCpu, byConcurrency);
    const instances = Math.max(MANAGED_PRICE.minInstances, Math.ceil(vCpus / MANAGED_PRICE.instanceVCpus));
    const fleet = instances * instanceDay;
    const perSearchCompute = (fleet + natDay) / perDay + natPerSearch + MANAGED_PRICE.request;
    return { inFlight, instances, fleet, compute: perSearchCompute, total: perSearchCompute + notCompute };
  };
  console.log(
    `\nboth computes by searches a day (search function only; a booking stays on demand at ${usd(bookingTotal, 5)} on both: its Lambda share is too small to move)`,
  );
  console.log(
    `  on demand: ${GROUP_PLANS.search.memorySize} MB x ${mean(searchMs).toFixed(0)} ms a search, ${usd(perSearch.lambda * 1000)} of Lambda per 1,000 at any volume`,
  );
  console.log(
    `  managed: ${capacity.cpuMsPerSearch.toFixed(1)} ms of CPU a search (measured above${capacity.pinned ? ' on one pinned core' : ''}) at a ${MANAGED_SEARCH.targetCpuPercent} % CPU target, at most ${MANAGED_SEARCH.perEnvironmentMaxConcurrency} searches per vCPU at once, m7g.large $${MANAGED_PRICE.instanceHour}/h + 15 % fee, at least ${MANAGED_PRICE.minInstances} instances; ${MANAGED_SEARCH.natGateways} NAT gateways $${natDay.toFixed(2)}/day + ${(capacity.supplierBytesPerSearch / 1024).toFixed(0)} KB a search at $0.045/GB; $0.20 per million requests`,
  );
  console.log(
    `  ${'searches/day'.padStart(12)}  ${'on demand /1,000'.padStart(16)}  ${'managed /1,000'.padStart(14)}  ${'(compute)'.padStart(10)}  ${'instances'.padStart(9)}  cheaper`,
  );
  for (const perDay of DAILY_VOLUMES) {
    const m = managedAt(perDay);
    const managedPer1000 = m.total * 1000;
    const winner =
      managedPer1000 < onDemandPer1000
        ? `managed by ${usd(onDemandPer1000 - managedPer1000)}`
        : `on demand by ${usd(managedPer1000 - onDemandPer1000)}`;
    console.log(
      `  ${perDay.toLocaleString('en-US').padStart(12)}  ${usd(onDemandPer1000).padStart(16)}  ${usd(managedPer1000).padStart(14)}  ${usd(m.compute * 1000).padStart(10)}  ${String(m.instances).padStart(9)}  ${winner}`,
    );
  }
  // Where the lines cross: the fixed part of managed (floor fleet and NAT hours) against the Lambda it saves.
  const fixedDay = MANAGED_PRICE.minInstances * instanceDay + natDay;
  const savedPerSearch = perSearch.lambda - natPerSearch - MANAGED_PRICE.request;
  const crossing = savedPerSearch > 0 ? fixedDay / savedPerSearch : undefined;
  console.log(
    crossing
      ? `  managed is cheaper above about ${Math.round(crossing).toLocaleString('en-US')} searches a day (the floor fleet and the NAT hours, $${fixedDay.toFixed(2)} a day, against ${usd(savedPerSearch * 1000)} of Lambda saved per 1,000)`
      : '  managed never wins: the NAT bytes cost more than the Lambda it saves',
  );
  const atMillion = managedAt(1_000_000);
  console.log(
    `  managed at 1,000,000 a day per 1,000: instances ${usd((atMillion.fleet / 1e6) * 1000)}, NAT hours ${usd((natDay / 1e6) * 1000)}, NAT bytes ${usd(natPerSearch * 1000)}, requests ${usd(MANAGED_PRICE.request * 1000)}`,
  );
  const goal = 0.01;
  console.log(
    `  goal <= $0.0100 per 1,000 at 1,000,000 a day: managed ${usd(atMillion.total * 1000)} -> ${atMillion.total * 1000 <= goal ? 'met' : `not met by ${usd(atMillion.total * 1000 - goal)}: the compute is ${usd(atMillion.compute * 1000)}, and what both computes pay is ${usd(notCompute * 1000)} (API Gateway REST ${usd(perSearch.api * 1000)}, S3 ${usd(perSearch.s3 * 1000)}, logs and traces ${usd(perSearch.logsAndTraces * 1000)}, DynamoDB ${usd((perSearch.dynamoWrites + perSearch.dynamoReads) * 1000)})`}`,
  );
} finally {
  await host.stop();
  await meter.close();
  await dynamo.stop();
}
