/**
 * The mapping job's object store in memory: for tests that run the partitioned job in process.
 */
import type { MappingObjects } from '../functions/search/mapping/partitioned/mapping-objects.js';

export class MemoryObjects implements MappingObjects {
  readonly objects = new Map<string, Uint8Array>();

  async put(key: string, body: Uint8Array): Promise<void> {
    this.objects.set(key, body);
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.objects.get(key);
  }

  async list(prefix: string): Promise<string[]> {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  }
}
