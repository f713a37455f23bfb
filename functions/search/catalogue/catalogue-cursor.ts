/**
 * The cursor of a catalogue page: where the next page starts (after which propertyId, in ascending id
 * order), for which city and `updatedSince`, and the `asOf` of the sync it belongs to. Keyset, not offset:
 * a property the mapping job adds or removes between two pages moves no other property across the page
 * boundary, so a sync sees every property that stays exactly once. Opaque to partners (base64url JSON);
 * a cursor of another query is refused.
 */
import * as z from 'zod';

const cursorSchema = z.strictObject({
  v: z.literal(1),
  d: z.string().regex(/^[A-Z]{3}$/),
  u: z.string().optional(),
  a: z.string().min(1).max(64),
  t: z.iso.datetime(),
});

export interface CatalogueCursor {
  readonly destination: string;
  readonly updatedSince?: string;
  /** The last propertyId of the page before. */
  readonly after: string;
  /** When the sync began: the `updatedSince` of the next one. */
  readonly asOf: string;
}

export class CatalogueCursorError extends Error {}

export function encodeCatalogueCursor(cursor: CatalogueCursor): string {
  const wire = { v: 1, d: cursor.destination, ...(cursor.updatedSince ? { u: cursor.updatedSince } : {}), a: cursor.after, t: cursor.asOf };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

export function decodeCatalogueCursor(
  text: string,
  query: { readonly destination: string; readonly updatedSince?: string },
): CatalogueCursor {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new CatalogueCursorError('is not a cursor this API gave');
  }
  if (parsed.d !== query.destination || parsed.u !== query.updatedSince)
    throw new CatalogueCursorError('belongs to another destination or updatedSince: send the same query with it');
  return { destination: parsed.d, ...(parsed.u ? { updatedSince: parsed.u } : {}), after: parsed.a, asOf: parsed.t };
}
