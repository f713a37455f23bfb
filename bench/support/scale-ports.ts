/**
 * The mapping stages' ports for bench:mapping-scale, in each worker thread: the work objects in a directory
 * (requests counted, for the S3 cost), the run log and lock as objects beside them, the suppliers' catalogues
 * through the real adapters over the scale servers, and a property map that does everything the DynamoDB
 * store does up to the call (the unified items, their hashes, their sizes: DynamoDB's write units) and keeps
 * the ids and hashes it was given in a SQLite file in the work directory, where the next run's partitions
 * find them. DynamoDB itself is not called: its time on AWS is projected from the items written
 * (docs/benchmarks.md says how).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { refKey, type SupplierRef } from '../../functions/domain/property/supplier-ref.js';
import type { UnifiedProperty } from '../../functions/domain/property/unified-property.js';
import type { DestinationEntry } from '../../functions/search/mapping/destination-index.js';
import { getJson, putJson, type MappingObjects } from '../../functions/search/mapping/partitioned/mapping-objects.js';
import type { MappingRunLog, MappingRunRecord } from '../../functions/search/mapping/partitioned/mapping-run-log.js';
import type { StagePorts } from '../../functions/search/mapping/partitioned/run-stage.js';
import type { MappingFunction } from '../../functions/search/mapping/partitioned/workflow-stages.js';
import { contentHash } from '../../functions/domain/property/content-hash.js';
import { ExpediaAdapter } from '../../functions/suppliers/expedia/adapter.js';
import { HotelbedsAdapter } from '../../functions/suppliers/hotelbeds/adapter.js';
import { OpenTravelAdapter } from '../../functions/suppliers/opentravel/adapter.js';
import { DirectoryObjects } from '../../local/directory-objects.js';

export interface ScalePortsData {
  readonly path: string;
  readonly suppliers: readonly { readonly supplierId: 'hotelbeds' | 'expedia' | 'opentravel'; readonly endpoint: string }[];
}

/** Requests per kind, as S3 bills them. */
class CountingObjects implements MappingObjects {
  puts = 0;
  gets = 0;
  lists = 0;
  bytesWritten = 0;
  constructor(private readonly inner: MappingObjects) {}
  async put(key: string, body: Uint8Array): Promise<void> {
    this.puts += 1;
    this.bytesWritten += body.byteLength;
    await this.inner.put(key, body);
  }
  get(key: string): Promise<Uint8Array | undefined> {
    this.gets += 1;
    return this.inner.get(key);
  }
  list(prefix: string): Promise<string[]> {
    this.lists += 1;
    return this.inner.list(prefix);
  }
}

/** The lock and the runs' records as objects (one bench run at a time; the lock is a plain check). */
class ObjectsRunLog implements MappingRunLog {
  constructor(private readonly objects: MappingObjects) {}
  async acquire(runId: string, until: Date): Promise<boolean> {
    const held = (await getJson(this.objects, 'bench-runs/lock.json.gz')) as { runId: string; until: string } | undefined;
    if (held && held.runId !== runId && held.until > new Date().toISOString()) return false;
    await putJson(this.objects, 'bench-runs/lock.json.gz', { runId, until: until.toISOString() });
    return true;
  }
  async release(runId: string): Promise<void> {
    const held = (await getJson(this.objects, 'bench-runs/lock.json.gz')) as { runId: string } | undefined;
    if (held?.runId === runId) await putJson(this.objects, 'bench-runs/lock.json.gz', { runId: '', until: '' });
  }
  async record(run: MappingRunRecord): Promise<void> {
    await putJson(this.objects, `bench-runs/${run.runId}.json.gz`, run);
  }
  async recent(): Promise<MappingRunRecord[]> {
    return [];
  }
}

/**
 * What the DynamoDB store would write, measured. The ids and content hashes it was given are kept in a SQLite
 * file in the work directory (Node's built-in `node:sqlite`), read a key at a time as DynamoDB's BatchGetItem
 * reads them: every worker thread opens it, and a lookup costs what was asked, not the whole map. (Files of
 * lines re-read whole at each call made the writes quadratic: the daily run at 3 × 1,000,000 re-read 1.3 M
 * hashes per partition and stalled in its Write stage.)
 */
class MeasuredPropertyMap {
  private readonly db: DatabaseSync;
  private readonly idOf: StatementSync;
  private readonly hashOf: StatementSync;
  private readonly putId: StatementSync;
  private readonly putHash: StatementSync;

  constructor(
    private readonly objects: MappingObjects,
    directory: string,
  ) {
    this.db = new DatabaseSync(join(directory, 'bench-map.sqlite'));
    // Several worker threads share the file: WAL lets them read while one writes, and a writer waits its turn.
    this.db.exec('PRAGMA busy_timeout = 60000');
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA synchronous = OFF');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS ids (ref TEXT PRIMARY KEY, id TEXT NOT NULL) WITHOUT ROWID;' +
        'CREATE TABLE IF NOT EXISTS hashes (id TEXT PRIMARY KEY, hash TEXT NOT NULL) WITHOUT ROWID;',
    );
    this.idOf = this.db.prepare('SELECT id FROM ids WHERE ref = ?');
    this.hashOf = this.db.prepare('SELECT hash FROM hashes WHERE id = ?');
    this.putId = this.db.prepare('INSERT OR REPLACE INTO ids (ref, id) VALUES (?, ?)');
    this.putHash = this.db.prepare('INSERT OR REPLACE INTO hashes (id, hash) VALUES (?, ?)');
  }

  async propertyIdsOf(refs: readonly SupplierRef[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const ref of refs) {
      const id = textOf(this.idOf.get(refKey(ref)), 'id');
      if (id) out.set(refKey(ref), id);
    }
    return out;
  }

  /** As the DynamoDB store does: what is stored under each id (its hash) read first, and only what differs written. */
  async putProperties(properties: readonly UnifiedProperty[]): Promise<ReadonlyMap<string, string>> {
    let items = 0;
    let writeUnits = 0;
    const ids: [string, string][] = [];
    const hashes: [string, string][] = [];
    for (const property of properties) {
      const { contentChangedAt: _changedAt, contentHash: _hash, ...content } = property;
      const hash = contentHash(property);
      if (textOf(this.hashOf.get(property.propertyId), 'hash') === hash) continue;
      hashes.push([property.propertyId, hash]);
      const item = JSON.stringify({
        pk: `platform#property#${property.propertyId}`,
        sk: 'content',
        kind: 'property',
        ...content,
        contentHash: hash,
      });
      // The property, one ref item per supplier ref, its geographic index entry (DynamoDB bills a write unit per KB).
      items += 2 + property.supplierRefs.length;
      writeUnits +=
        Math.ceil(Buffer.byteLength(item) / 1024) +
        property.supplierRefs.length +
        Math.ceil(JSON.stringify(property.members).length / 1024);
      for (const ref of property.supplierRefs) ids.push([refKey(ref), property.propertyId]);
    }
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const [ref, id] of ids) this.putId.run(ref, id);
      for (const [id, hash] of hashes) this.putHash.run(id, hash);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    // The BatchGetItem of every property's stored hash: half a read unit each (eventually consistent, under 4 KB).
    await putJson(this.objects, `bench-map/writes/${randomUUID()}.json.gz`, {
      stage: 'Write',
      properties: hashes.length,
      items,
      writeUnits,
      readUnits: properties.length / 2,
    });
    // The change dates of what it wrote (the bench's destination index reads none of them).
    const at = new Date().toISOString();
    return new Map(hashes.map(([propertyId]) => [propertyId, at]));
  }

  async retireProperties(retired: readonly { propertyId: string; replacedBy?: string }[]): Promise<void> {
    await putJson(this.objects, `bench-map/writes/${randomUUID()}.json.gz`, {
      stage: 'Write',
      properties: 0,
      items: retired.length,
      writeUnits: retired.length,
    });
  }
}

/** A text column of a row SQLite returned, if there is one. */
function textOf(row: Record<string, SQLOutputValue> | undefined, column: string): string | undefined {
  const value = row?.[column];
  return typeof value === 'string' ? value : undefined;
}

class MeasuredDestinations {
  constructor(private readonly objects: MappingObjects) {}
  async putDestination(_cityCode: string, entries: readonly DestinationEntry[]): Promise<void> {
    const bytes = Buffer.byteLength(JSON.stringify(entries));
    await putJson(this.objects, `bench-map/writes/${randomUUID()}.json.gz`, {
      stage: 'Destinations',
      properties: 0,
      items: Math.ceil(entries.length / 1000) + 1,
      writeUnits: Math.ceil(bytes / 1024) + 1,
    });
  }
  async destination(): Promise<DestinationEntry[]> {
    return [];
  }
}

export function scalePorts(data: ScalePortsData): {
  ports: Record<MappingFunction, StagePorts>;
  counters: () => { puts: number; gets: number; lists: number; bytesWritten: number };
} {
  const store = new DirectoryObjects(data.path);
  const objects = new CountingObjects(store);
  const runs = new ObjectsRunLog(store);
  const map = new MeasuredPropertyMap(store, data.path);
  const settings = { apiKey: 'bench', secret: 'bench-secret', forwardScenarios: false };
  const adapters = data.suppliers.map((s) =>
    s.supplierId === 'hotelbeds'
      ? new HotelbedsAdapter({ ...settings, baseUrl: s.endpoint })
      : s.supplierId === 'expedia'
        ? new ExpediaAdapter({ ...settings, baseUrl: s.endpoint })
        : new OpenTravelAdapter({ ...settings, baseUrl: s.endpoint }),
  );
  return {
    ports: {
      reader: { objects, runs, sources: async () => adapters },
      matcher: { objects, previousIds: (refs) => map.propertyIdsOf(refs) },
      writer: { objects, store: map, destinations: new MeasuredDestinations(store), runs },
    },
    counters: () => ({ puts: objects.puts, gets: objects.gets, lists: objects.lists, bytesWritten: objects.bytesWritten }),
  };
}
