/**
 * The ports a local mapping worker runs stages with: the Lambda functions' own wiring (DynamoDB Local, the
 * local S3, the sandbox suppliers the tenant's contracts name), or bench:mapping-scale's.
 */
import type { MappingFunction } from '../functions/search/mapping/partitioned/workflow-stages.js';
import type { StagePorts } from '../functions/search/mapping/partitioned/run-stage.js';
import type { MappingWorkerData } from './mapping-worker-pool.js';

export interface WorkerPorts {
  readonly ports: Record<MappingFunction, StagePorts>;
  /** What the worker counted (the benchmark's object requests), posted back when asked. */
  readonly counters?: () => unknown;
}

export async function workerPorts(data: MappingWorkerData): Promise<WorkerPorts> {
  if (data.kind === 'bench') {
    const { scalePorts } = await import('../bench/support/scale-ports.js');
    return scalePorts(data);
  }
  const { readerPorts, matcherPorts, writerPorts } = await import('../functions/search/mapping-job-ports.js');
  const config = { tenant: data.tenant, bucket: data.bucket };
  return { ports: { reader: readerPorts(config), matcher: matcherPorts(config), writer: writerPorts(config) } };
}
