/**
 * Paging through a ranked search. `limit` defaults to 100 and may be 1 to 1000 (API-SPEC). The cursor is
 * opaque to callers: base64url of {offset, searchId, mac}, where mac is an HMAC-SHA-256 under a server
 * key. A cursor that was edited, truncated, made for another search or signed with another key is
 * refused with PagingError('invalid-cursor') — never read as some other page.
 *
 * The key: pass a per-deployment secret (it only has to be stable while searches live); tests pass a
 * fixed one. No key material lives here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export type PagingErrorCode = 'invalid-cursor' | 'invalid-limit';

export class PagingError extends Error {
  override readonly name = 'PagingError';
  constructor(
    readonly code: PagingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface CursorPosition {
  readonly offset: number;
  readonly searchId: string;
}

export type CursorKey = string | Uint8Array;

export function resolveLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new PagingError('invalid-limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

export function encodeCursor(position: CursorPosition, key: CursorKey): string {
  if (!Number.isSafeInteger(position.offset) || position.offset < 0) throw new RangeError(`bad offset ${position.offset}`);
  const body = { o: position.offset, s: position.searchId, m: mac(position, key) };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, expected: { readonly searchId: string; readonly key: CursorKey }): CursorPosition {
  const invalid = (why: string): PagingError => new PagingError('invalid-cursor', `cursor is not valid: ${why}`);
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(cursor)) throw invalid('not base64url');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('unreadable');
  }
  if (!isCursorBody(body)) throw invalid('unreadable');
  const position = { offset: body.o, searchId: body.s };
  const given = Buffer.from(body.m, 'base64url');
  const wanted = Buffer.from(mac(position, expected.key), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalid('altered');
  if (position.searchId !== expected.searchId) throw invalid('belongs to another search');
  return position;
}

export interface Page<T> {
  readonly items: T[];
  /** Absent on the last page. */
  readonly next?: string;
  readonly totalProperties: number;
}

export function pageOf<T>(
  ranked: readonly T[],
  request: { readonly limit?: number; readonly cursor?: string; readonly searchId: string; readonly key: CursorKey },
): Page<T> {
  const limit = resolveLimit(request.limit);
  const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor, request).offset;
  const end = offset + limit;
  const items = ranked.slice(offset, end);
  const next = end < ranked.length ? encodeCursor({ offset: end, searchId: request.searchId }, request.key) : undefined;
  return { items, totalProperties: ranked.length, ...(next ? { next } : {}) };
}

interface CursorBody {
  readonly o: number;
  readonly s: string;
  readonly m: string;
}

function isCursorBody(value: unknown): value is CursorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return Number.isSafeInteger(body.o) && (body.o as number) >= 0 && typeof body.s === 'string' && typeof body.m === 'string';
}

function mac(position: CursorPosition, key: CursorKey): string {
  return createHmac('sha256', key)
    .update(`search-cursor/v1\n${position.offset}\n${position.searchId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
