/**
 * The CloudWatch EMF lines Powertools metrics write to stdout, read back as CloudWatch would: each line's
 * metrics with the dimension sets they are published under and the dimensions' values. Tests that turn
 * metrics on (POWERTOOLS_METRICS_DISABLED=false before any handler module loads) collect them here.
 */
import { vi } from 'vitest';

export interface EmfMetric {
  readonly namespace: string;
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  /** Each dimension set as {name: value}. */
  readonly dimensionSets: readonly Record<string, string>[];
}

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

export function parseEmfLine(text: string): EmfMetric[] {
  let parsed: EmfLine;
  try {
    parsed = JSON.parse(text) as EmfLine;
  } catch {
    return [];
  }
  if (!parsed?._aws?.CloudWatchMetrics) return [];
  return parsed._aws.CloudWatchMetrics.flatMap((directive) =>
    directive.Metrics.map((metric) => ({
      namespace: directive.Namespace,
      name: metric.Name,
      unit: metric.Unit,
      value: parsed[metric.Name] as number,
      dimensionSets: directive.Dimensions.map((set) => Object.fromEntries(set.map((d) => [d, String(parsed[d])]))),
    })),
  );
}

/** Collects every EMF metric written to stdout from now on (on top of test/capture-logs.ts' own wrapper). */
export function collectEmf(): { readonly metrics: EmfMetric[]; clear(): void; stop(): void } {
  const metrics: EmfMetric[] = [];
  const write = process.stdout.write;
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    for (const line of text.split('\n')) metrics.push(...parseEmfLine(line));
    // EMF lines are for CloudWatch, not the test output; everything else goes on as before.
    if (text.includes('"_aws"')) {
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    }
    return (write as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
  } as typeof process.stdout.write);
  return { metrics, clear: () => void metrics.splice(0), stop: () => spy.mockRestore() };
}

/** The metrics named `name` whose dimension sets include one equal to `dimensions`. */
export function withDimensions(metrics: readonly EmfMetric[], name: string, dimensions: Record<string, string>): EmfMetric[] {
  const wanted = JSON.stringify(Object.entries(dimensions).sort());
  return metrics.filter((m) => m.name === name && m.dimensionSets.some((set) => JSON.stringify(Object.entries(set).sort()) === wanted));
}
