/**
 * The digest of a property's unified content: everything but the change stamp itself. The mapping job and
 * the property map's writer compare it with the stored one, so a property whose content is the same keeps
 * its contentChangedAt, and a partner's catalogue sync (`updatedSince`) is sent only what changed.
 */
import { createHash } from 'node:crypto';
import type { UnifiedProperty } from './unified-property.js';

export function contentHash(property: Omit<UnifiedProperty, 'contentChangedAt' | 'contentHash'> & Partial<UnifiedProperty>): string {
  const { contentChangedAt: _changed, contentHash: _hash, ...content } = property;
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}
