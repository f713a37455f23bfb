/** Absolute paths into the repository, independent of the directory `cdk` or vitest was started from. */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../', import.meta.url));

export function repositoryPath(relative: string): string {
  return join(REPOSITORY_ROOT, relative);
}
