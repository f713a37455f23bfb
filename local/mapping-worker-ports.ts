/**
 * The ports a local mapping worker runs stages with: the Lambda functions' own wiring (DynamoDB Local, the
 * local S3, the sandbox suppliers the tenant's contracts name), or for the benchmark a directory of work
 * objects and the catalogues it serves.
 */
import type { MappingFunction } from '../functions/search/mapping/partitioned/workflow-stages.js';
import type { StagePorts } from '../functions/search/mapping/partitioned/run-stage.js';
import type { MappingWorkerData } from './mapping-worker-pool.js';

export async function workerPorts(data: MappingWorkerData): Promise<Record<MappingFunction, StagePorts>> {
  const { readerPorts, matcherPorts, writerPorts } = await import('../functions/search/mapping-job-ports.js');
  if (data.objects.kind === 's3') {
    const config = { tenant: data.tenant, bucket: data.objects.bucket };
    return { reader: readerPorts(config), matcher: matcherPorts(config), writer: writerPorts(config) };
  }
  const { DirectoryObjects } = await import('./directory-objects.js');
  const objects = new DirectoryObjects(data.objects.path);
  const config = { tenant: data.tenant, bucket: 'unused' };
  const [reader, matcher, writer] = [readerPorts(config), matcherPorts(config), writerPorts(config)];
  return { reader: { ...reader, objects }, matcher: { ...matcher, objects }, writer: { ...writer, objects } };
}
