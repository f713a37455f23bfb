/**
 * The partitioned mapping job's ports in memory, for tests that run it in process: the property map (what
 * putProperties wrote, ref → id and id → content), the destination index, the runs' log and lock, and
 * suppliers' catalogues served a page at a time in slices.
 */
import { refKey, type SupplierRef } from '../../functions/domain/property/supplier-ref.js';
import type { PropertyMapStore } from '../../functions/domain/property/property-map.js';
import type { UnifiedProperty } from '../../functions/domain/property/unified-property.js';
import type { DestinationEntry, DestinationIndexStore } from '../../functions/search/mapping/destination-index.js';
import type { CatalogueSource } from '../../functions/search/mapping/partitioned/catalogue-source.js';
import type { MappingRunLog, MappingRunRecord } from '../../functions/search/mapping/partitioned/mapping-run-log.js';
import { runStage, type StagePorts } from '../../functions/search/mapping/partitioned/run-stage.js';
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';
import type { MappingFunction } from '../../functions/search/mapping/partitioned/workflow-stages.js';
import { MemoryObjects } from '../../local/memory-objects.js';
import type { StageCall } from '../../local/mapping-workflow.js';

export class MemoryPropertyMap implements Pick<PropertyMapStore, 'propertyIdsOf' | 'putProperties' | 'retireProperties'> {
  readonly ids = new Map<string, string>();
  readonly properties = new Map<string, UnifiedProperty>();
  readonly retired = new Map<string, string | undefined>();
  writes = 0;

  async propertyIdsOf(refs: readonly SupplierRef[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const ref of refs) {
      const id = this.ids.get(refKey(ref));
      if (id) out.set(refKey(ref), id);
    }
    return out;
  }

  async putProperties(properties: readonly UnifiedProperty[]): Promise<ReadonlyMap<string, string>> {
    const at = new Date().toISOString();
    const stamps = new Map<string, string>();
    for (const property of properties) {
      stamps.set(property.propertyId, property.contentChangedAt ?? at);
      this.writes += 1;
      this.properties.set(property.propertyId, property);
      this.retired.delete(property.propertyId);
      for (const ref of property.supplierRefs) this.ids.set(refKey(ref), property.propertyId);
    }
    return stamps;
  }

  async retireProperties(retired: readonly { propertyId: string; replacedBy?: string }[]): Promise<void> {
    for (const { propertyId, replacedBy } of retired) {
      this.properties.delete(propertyId);
      this.retired.set(propertyId, replacedBy);
    }
  }
}

export class MemoryDestinations implements DestinationIndexStore {
  readonly cities = new Map<string, DestinationEntry[]>();
  async putDestination(cityCode: string, entries: readonly DestinationEntry[]): Promise<void> {
    this.cities.set(cityCode, [...entries]);
  }
  async destination(cityCode: string): Promise<DestinationEntry[]> {
    return this.cities.get(cityCode) ?? [];
  }
}

export class MemoryRunLog implements MappingRunLog {
  readonly records = new Map<string, MappingRunRecord>();
  holder: { runId: string; until: Date } | undefined;
  async acquire(runId: string, until: Date): Promise<boolean> {
    if (this.holder && this.holder.until > new Date()) return false;
    this.holder = { runId, until };
    return true;
  }
  async release(runId: string): Promise<void> {
    if (this.holder?.runId === runId) this.holder = undefined;
  }
  async record(run: MappingRunRecord): Promise<void> {
    this.records.set(run.runId, run);
  }
  async recent(limit: number): Promise<MappingRunRecord[]> {
    return [...this.records.values()].sort((x, y) => (x.runId < y.runId ? 1 : -1)).slice(0, limit);
  }
}

/** A catalogue served `pageSize` at a time, in `slices` parts; `changedAt` and `changedSince` honoured when given. */
export function memoryCatalogue(
  supplierId: string,
  properties: () => readonly SupplierPropertyContent[],
  options: { pageSize?: number; slices?: number; changeDates?: boolean } = {},
): CatalogueSource & { pagesRead: number } {
  const pageSize = options.pageSize ?? 1000;
  const slices = options.slices ?? 3;
  const visible = (changedSince?: string) => properties().filter((p) => !changedSince || (p.changedAt ?? '') >= changedSince);
  const source = {
    supplierId,
    pagesRead: 0,
    contentChangeDates: options.changeDates ?? false,
    async contentSlices(request: { changedSince?: string }) {
      const total = visible(request.changedSince).length;
      const per = Math.ceil(total / slices);
      return Array.from({ length: slices }, (_, index) => ({
        cursor: `${index * per}-${Math.min(total, (index + 1) * per)}`,
        properties: per,
      }));
    },
    async staticContent(request: { cursor?: string; changedSince?: string }) {
      source.pagesRead += 1;
      const all = visible(request.changedSince);
      const [from, to] = (request.cursor ?? `0-${all.length}`).split('-').map(Number) as [number, number];
      const end = Math.min(to, from + pageSize);
      return { supplierId, properties: all.slice(from, end), ...(end < to ? { nextCursor: `${end}-${to}` } : {}) };
    },
  };
  return source;
}

export interface MemoryMapping {
  readonly objects: MemoryObjects;
  readonly map: MemoryPropertyMap;
  readonly destinations: MemoryDestinations;
  readonly runs: MemoryRunLog;
  readonly call: StageCall;
}

/** The three functions' ports over memory, and a stage call that runs in process. */
export function memoryMapping(sources: () => readonly CatalogueSource[]): MemoryMapping {
  const objects = new MemoryObjects();
  const map = new MemoryPropertyMap();
  const destinations = new MemoryDestinations();
  const runs = new MemoryRunLog();
  const ports: Record<MappingFunction, StagePorts> = {
    reader: { objects, runs, sources: async () => sources() },
    matcher: { objects, previousIds: (refs) => map.propertyIdsOf(refs) },
    writer: { objects, store: map, destinations, runs },
  };
  return { objects, map, destinations, runs, call: (fn, event) => runStage(fn, event, ports[fn]) };
}
