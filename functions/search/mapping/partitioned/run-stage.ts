/**
 * One call of a mapping stage, as the workflow makes it (a Task's or a Distributed Map child's payload):
 * parsed, then run with the ports its function holds.
 */
import * as z from 'zod';
import type { PropertyMapStore } from '../../../domain/property/property-map.js';
import type { DestinationIndexStore } from '../destination-index.js';
import type { CatalogueSource, CatalogueSources } from './catalogue-source.js';
import type { MappingObjects } from './mapping-objects.js';
import type { MappingRunLog } from './mapping-run-log.js';
import { finishRun } from './stage-finish.js';
import { indexRun } from './stage-index.js';
import { keyBucket } from './stage-keys.js';
import { matchBucket } from './stage-match.js';
import { planRun, runRequestSchema } from './stage-plan.js';
import { readSlice } from './stage-read.js';
import { settleRun } from './stage-settle.js';
import { sumWeights } from './stage-weights.js';
import { indexDestinations } from './stage-destinations.js';
import { writePartition } from './stage-write.js';
import { MAPPING_STAGES, type MappingFunction, type StageName } from './workflow-stages.js';

const runId = z.string().regex(/^\d{8}T\d{6}Z-[0-9a-f]{6}$/);
const bucketItem = z.object({ runId, bucket: z.int().min(0), name: z.string() });

export const stageEventSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('Plan'), request: runRequestSchema }),
  z.object({
    stage: z.literal('Read'),
    item: z.object({ runId, supplierId: z.string(), slice: z.int().min(0), cursor: z.string().optional(), part: z.int().min(0) }),
  }),
  z.object({ stage: z.literal('Index'), runId }),
  z.object({ stage: z.literal('Keys'), item: bucketItem }),
  z.object({ stage: z.literal('Weights'), runId }),
  z.object({ stage: z.literal('Match'), item: bucketItem }),
  z.object({ stage: z.literal('Settle'), runId }),
  z.object({ stage: z.literal('Write'), item: bucketItem }),
  z.object({ stage: z.literal('Destinations'), item: bucketItem }),
  z.object({
    stage: z.literal('Finish'),
    runId,
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
]);
export type StageEvent = z.infer<typeof stageEventSchema>;

export interface ReaderPorts {
  readonly objects: MappingObjects;
  readonly runs: MappingRunLog;
  readonly sources: CatalogueSources;
  readonly signal?: AbortSignal;
}
export interface MatcherPorts {
  readonly objects: MappingObjects;
  readonly previousIds: PropertyMapStore['propertyIdsOf'];
}
export interface WriterPorts {
  readonly objects: MappingObjects;
  readonly store: Pick<PropertyMapStore, 'putProperties' | 'retireProperties'>;
  readonly destinations: Pick<DestinationIndexStore, 'putDestination'>;
  readonly runs: MappingRunLog;
}
export type StagePorts = ReaderPorts | MatcherPorts | WriterPorts;

/** Runs one stage call; a stage of another function than `fn` is refused (the workflow names the function). */
export async function runStage(fn: MappingFunction, raw: unknown, ports: StagePorts): Promise<unknown> {
  const event = stageEventSchema.parse(raw);
  const owner = MAPPING_STAGES.find((stage) => stage.name === event.stage)!.fn;
  if (owner !== fn) throw new Error(`stage ${event.stage} runs in the ${owner} function, not the ${fn}`);
  switch (event.stage) {
    case 'Plan': {
      const { objects, runs, sources, signal } = ports as ReaderPorts;
      return planRun(event.request, { objects, runs, sources, ...(signal ? { signal } : {}) });
    }
    case 'Read': {
      const { objects, sources, signal } = ports as ReaderPorts;
      return readSlice(event.item, {
        objects,
        source: async (supplierId) => sourceOf(await sources(), supplierId),
        ...(signal ? { signal } : {}),
      });
    }
    case 'Index':
      return indexRun(event.runId, ports.objects);
    case 'Keys':
      return keyBucket(event.item, ports.objects);
    case 'Weights':
      return sumWeights(event.runId, ports.objects);
    case 'Match': {
      const { objects, previousIds } = ports as MatcherPorts;
      return matchBucket(event.item, { objects, previousIds });
    }
    case 'Settle':
      return settleRun(event.runId, ports.objects);
    case 'Write': {
      const { objects, store } = ports as WriterPorts;
      return writePartition(event.item, { objects, store });
    }
    case 'Destinations': {
      const { objects, destinations } = ports as WriterPorts;
      return indexDestinations(event.item, { objects, destinations });
    }
    case 'Finish': {
      const { objects, runs } = ports as WriterPorts;
      return finishRun({ runId: event.runId, ...(event.error ? { error: event.error } : {}) }, { objects, runs });
    }
  }
}

function sourceOf(sources: readonly CatalogueSource[], supplierId: string): CatalogueSource {
  const source = sources.find((s) => s.supplierId === supplierId);
  if (!source) throw new Error(`no contract names supplier ${supplierId} any more`);
  return source;
}

export type { StageName };
