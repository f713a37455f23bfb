/**
 * When each property's content last changed, as the mapping job sees it: a digest of the unified content
 * (everything but the stamp itself) compared with the one stored at the last run. The same digest keeps the
 * stored contentChangedAt; a new or different one takes the run's time. A partner's catalogue sync reads it
 * (GET /v1/hotels/properties?updatedSince=), so only what changed is sent again.
 */
import { createHash } from 'node:crypto';
import type { ContentStamp } from '../../domain/property/property-map.js';
import type { UnifiedProperty } from '../../domain/property/unified-property.js';

export function contentHash(property: UnifiedProperty): string {
  const { contentChangedAt: _changed, contentHash: _hash, ...content } = property;
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

export function stampContentChanges(
  properties: readonly UnifiedProperty[],
  stored: ReadonlyMap<string, ContentStamp>,
  now: Date,
): UnifiedProperty[] {
  const at = now.toISOString();
  return properties.map((property) => {
    const hash = contentHash(property);
    const previous = stored.get(property.propertyId);
    return { ...property, contentHash: hash, contentChangedAt: previous?.contentHash === hash ? previous.contentChangedAt : at };
  });
}
