/**
 * The mapping job's work objects in a directory (keys are relative paths): for the scale benchmark, where
 * a local S3 server's per-request cost would be measured instead of the job.
 */
import { mkdir, readdir, readFile, writeFile, rename } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { MappingObjects } from '../functions/search/mapping/partitioned/mapping-objects.js';

export class DirectoryObjects implements MappingObjects {
  constructor(private readonly root: string) {}

  async put(key: string, body: Uint8Array): Promise<void> {
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, as an S3 PUT is seen whole or not at all.
    const aside = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(aside, body);
    await rename(aside, path);
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    // The deepest directory the prefix names whole; then every file below it that starts with the prefix.
    const cut = prefix.lastIndexOf('/');
    const base = join(this.root, cut >= 0 ? prefix.slice(0, cut) : '');
    let entries: string[];
    try {
      entries = await readdir(base, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries
      .map((entry) => relative(this.root, join(base, entry)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix) && !key.endsWith('.part'))
      .sort();
  }
}
