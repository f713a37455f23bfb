/**
 * The suppliers' published contracts, kept in the repository (specs/, copied byte for byte with their
 * provenance in specs/README.md) so that the contract tests run from any clean checkout.
 */
import { repositoryPath } from '../../lib/project-paths.js';

export const SPECS_DIR = repositoryPath('specs');
export const specPath = (relative: string): string => repositoryPath(`specs/${relative}`);
