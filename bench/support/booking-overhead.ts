/**
 * Booking overhead, as bench:load and bench:search-overhead measure it: bookings one at a time against the
 * local host, each one's time minus the time the sandbox suppliers spent answering its calls, and where the
 * rest went. The goal: overhead p50 ≤ 50 ms.
 *
 * The booking answers with no Server-Timing header (adding one would change its answer), so its stages are
 * timed here, in the process that runs the functions: the gateway's time and the handler's (local/gateway.ts),
 * the state machine's execution as the handler waits for it, each flow step as the runner runs it, and every
 * DynamoDB and supplier call (call-trace.ts). They add up to the overhead:
 *
 *   overhead = our code + DynamoDB round trips + Step Functions runner + gateway + loopback HTTP
 *
 * Our code and the round trips' number and order are what Lambda runs; the round trips' duration is DynamoDB
 * Local's, the runner is aws-local-stepfunctions (on AWS: an Express execution, its Task states invoking the
 * flow function), the gateway is ours standing in for API Gateway, and the loopback HTTP is the partner's
 * network. The report says which part is which.
 */
import { randomUUID } from 'node:crypto';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import { coveredMs, type CallTrace, type TracedCall } from './call-trace.js';
import { goalVerdict, type Stage } from './goal-verdict.js';
import { inDays } from './city-availability.js';

export const BOOKING_OVERHEAD_GOAL_MS = 50;

/** One booking's time, split into stages that add up to it (ms). */
export interface BookingTimes {
  readonly total: number;
  readonly supplier: number;
  readonly overhead: number;
  /** Client ↔ gateway over loopback: the partner's network here. */
  readonly transport: number;
  /** The local gateway's own time around the handler (API Gateway on AWS). */
  readonly gateway: number;
  /** DynamoDB time on the way (overlapping calls once), and how many calls. */
  readonly dynamo: number;
  readonly dynamoCalls: number;
  /** The DynamoDB operations in the order they started ("PutItem GetItem Query ..."). */
  readonly dynamoOrder: string;
  /** CPU this process used during the booking (ours, the runner, the sandbox supplier, DynamoDB's client): load-proof. */
  readonly cpu: number;
  /** The state machine's execution, minus the steps it ran: the local runner's own time. */
  readonly runner: number;
  /** Our code: the handler's and the steps' time, without DynamoDB, the suppliers and the runner. */
  readonly code: number;
  /** The handler's code before and after the flow (validation, idempotency, the search read, the answer). */
  readonly handlerCode: number;
  /** Each step's own code (its DynamoDB and supplier calls taken out). */
  readonly steps: Readonly<Record<string, number>>;
  /** Each step's whole time, supplier calls included. */
  readonly stepTotals: Readonly<Record<string, number>>;
}

interface StepRun {
  readonly step: string;
  readonly start: number;
  readonly end: number;
}

/** The search whose cheapest rates the measured bookings take. */
async function searchToBook(
  url: string,
  headers: Record<string, string>,
  city: string,
): Promise<{ searchId: string; properties: { cheapestRate: { rateId: string } }[] }> {
  const response = await fetch(`${url}/v1/hotels/search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      destination: { type: 'city', code: city },
      checkIn: inDays(200),
      checkOut: inDays(202),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      limit: 200,
    }),
  });
  return (await response.json()) as { searchId: string; properties: { cheapestRate: { rateId: string } }[] };
}

export class BookingOverhead {
  private readonly runs: StepRun[] = [];
  private answered: { readonly at: number; readonly ms: number; readonly handlerMs: number } | undefined;
  private measuring = false;
  readonly bookings: BookingTimes[] = [];

  constructor(private readonly trace: () => CallTrace) {}

  /** For startLocalHost's interceptFlowStep: times each step the runner runs. */
  readonly interceptFlowStep = async (invocation: FlowInvocation, run: () => Promise<unknown>): Promise<unknown> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      if (this.measuring) this.runs.push({ step: invocation.step, start, end: performance.now() });
    }
  };

  /** For the gateway's onResponse: the booking's gateway and handler time. */
  readonly onResponse = (line: { path: string; method: string; ms: number; handlerMs?: number }): void => {
    if (this.measuring && line.method === 'POST' && line.path === '/v1/hotels/bookings')
      this.answered = { at: performance.now(), ms: line.ms, handlerMs: line.handlerMs ?? line.ms };
  };

  /**
   * Searches `city` (two nights 200 days ahead, two adults), then books `count` times, one at a time, from
   * its rates in turn; times each booking answered 201.
   */
  async measure(options: {
    readonly url: string;
    readonly headers: Record<string, string>;
    readonly city: string;
    readonly count: number;
    readonly reference: string;
  }): Promise<void> {
    const { url, headers, count } = options;
    const searched = await searchToBook(url, headers, options.city);
    for (let i = 0; i < count; i++) {
      const rate = searched.properties[i % searched.properties.length]!.cheapestRate;
      const body = JSON.stringify({
        rateId: rate.rateId,
        searchId: searched.searchId,
        holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+44 20 0000 0000' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Ada', lastName: 'Byron' },
              { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
            ],
          },
        ],
        clientReference: `${options.reference}-${i}`,
      });
      this.runs.length = 0;
      this.answered = undefined;
      this.trace().clear();
      this.measuring = true;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const response = await fetch(`${url}/v1/hotels/bookings`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        body,
      });
      await response.arrayBuffer();
      const ended = performance.now();
      const cpu = process.cpuUsage(cpuBefore);
      this.measuring = false;
      if (response.status === 201 && this.answered)
        this.bookings.push(this.timesOf(started, ended, this.answered, (cpu.user + cpu.system) / 1000));
      // The voucher is issued after each answer (issue-voucher.ts) and the webhook sent; on Lambda that holds
      // only their own containers, here they share the one process: let them finish before the next booking.
      await quiet();
    }
  }

  private timesOf(started: number, ended: number, answered: { at: number; ms: number; handlerMs: number }, cpu: number): BookingTimes {
    const total = ended - started;
    const calls = this.trace().between(started, answered.at);
    const ofKind = (kind: TracedCall['kind']) => calls.filter((call) => call.kind === kind);
    const supplier = coveredMs(ofKind('supplier'));
    const dynamoCalls = ofKind('dynamodb');
    const dynamo = coveredMs(dynamoCalls);
    const flow = ofKind('step-functions').reduce((sum, call) => sum + (call.end - call.start), 0);
    const within = (run: StepRun) => calls.filter((call) => call.start >= run.start && call.start <= run.end);
    const steps: Record<string, number> = {};
    const stepTotals: Record<string, number> = {};
    let inSteps = 0;
    let stepWaits = 0;
    for (const run of this.runs) {
      const inside = within(run);
      const waits = coveredMs(inside.filter((call) => call.kind === 'supplier' || call.kind === 'dynamodb'));
      const took = run.end - run.start;
      steps[run.step] = (steps[run.step] ?? 0) + took - waits;
      stepTotals[run.step] = (stepTotals[run.step] ?? 0) + took;
      inSteps += took;
      stepWaits += waits;
    }
    const runner = Math.max(0, flow - inSteps);
    const handlerWaits = coveredMs(
      calls.filter(
        (call) =>
          (call.kind === 'supplier' || call.kind === 'dynamodb') &&
          !this.runs.some((run) => call.start >= run.start && call.start <= run.end),
      ),
    );
    const handlerCode = Math.max(0, answered.handlerMs - flow - handlerWaits);
    const stepCode = inSteps - stepWaits;
    return {
      total,
      supplier,
      overhead: total - supplier,
      transport: Math.max(0, total - answered.ms),
      gateway: Math.max(0, answered.ms - answered.handlerMs),
      dynamo,
      dynamoCalls: dynamoCalls.length,
      dynamoOrder: [...dynamoCalls]
        .sort((a, b) => a.start - b.start)
        .map((call) => call.name)
        .join(' '),
      cpu,
      runner,
      code: handlerCode + stepCode,
      handlerCode,
      steps,
      stepTotals,
    };
  }

  /** The figures, the breakdown and the goal's verdict, as printed lines. */
  report(): string[] {
    const rows = this.bookings;
    if (rows.length === 0) return ['booking overhead: no booking answered 201'];
    const p = (pick: (row: BookingTimes) => number, q = 50) => percentile(rows.map(pick), q);
    const r = (value: number) => value.toFixed(1);
    const stepNames = [...new Set(rows.flatMap((row) => Object.keys(row.steps)))];
    const stages: Stage[] = [
      { name: 'our code (handler and flow steps, DynamoDB and suppliers taken out)', ms: p((row) => row.code), ours: true },
      {
        name: `DynamoDB round trips (p50 ${p((row) => row.dynamoCalls).toFixed(0)} calls; DynamoDB Local's time here, the number and order are ours)`,
        ms: p((row) => row.dynamo),
        ours: true,
      },
      {
        name: 'the local Step Functions runner (an Express execution and its Lambda invokes on AWS)',
        ms: p((row) => row.runner),
        ours: false,
      },
      { name: 'the local gateway (API Gateway on AWS)', ms: p((row) => row.gateway), ours: false },
      { name: 'loopback HTTP to the partner', ms: p((row) => row.transport), ours: false },
    ];
    return [
      `booking overhead (${rows.length} bookings one at a time): booking p50 ${r(p((row) => row.total))} ms, p99 ${r(p((row) => row.total, 99))} ms; ` +
        `minus the suppliers' own time: overhead p50 ${r(p((row) => row.overhead))} ms, p99 ${r(p((row) => row.overhead, 99))} ms`,
      `flow steps, p50 ms (supplier calls included): ${stepNames.map((step) => `${step} ${r(p((row) => row.stepTotals[step] ?? 0))}`).join(', ')}`,
      `where the overhead went, p50 ms: ${stages.map((stage) => `${stage.name} ${r(stage.ms)}`).join('; ')}`,
      `our code, p50 ms: handler (validation, idempotency, the search read, the answer) ${r(p((row) => row.handlerCode))}; ${stepNames
        .map((step) => `${step} ${r(p((row) => row.steps[step] ?? 0))}`)
        .join(', ')}`,
      `DynamoDB calls of the median booking, in order: ${mostCommon(rows.map((row) => row.dynamoOrder))}`,
      `CPU of this process during a booking, p50 ${r(p((row) => row.cpu))} ms (ours, the runner, the sandbox supplier and DynamoDB's client together: what load does not inflate)`,
      goalVerdict(
        'booking overhead p50',
        BOOKING_OVERHEAD_GOAL_MS,
        p((row) => row.overhead),
        stages,
        {
          ours: p((row) => row.overhead - row.runner - row.gateway - row.transport),
          standIns: p((row) => row.runner + row.gateway + row.transport),
        },
      ),
    ];
  }
}

/** Waits until this process is near idle (under 10% of a core for 50 ms), or 3 s at most. */
async function quiet(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (let i = 0; i < 60; i++) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < 5) return;
  }
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
