import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's Rapid link tokens. Rapid hands out opaque `token` query values in its links (price check,
 * book, retrieve, cancel, next content page) and "token values cannot be viewed or changed". The sandbox's
 * tokens are self-describing (base64url JSON) and sealed with an HMAC of the sandbox secret, so a link
 * needs no stored state and a tampered one is refused.
 */

/** A shopped rate: the stay, the requested rooms (Rapid occupancy strings, in order) and the rate. */
export interface RateTokenPayload {
  readonly kind: 'price_check' | 'book';
  readonly propertyId: string;
  readonly checkin: string;
  readonly checkout: string;
  readonly occupancies: readonly string[];
  readonly roomId: string;
  readonly planCode: string;
  /** Total for all rooms in minor units when the link was issued (price check answers price_changed on a difference). */
  readonly totalMinor: number;
  /** The spec shapes the shopped rate carried (rate-shapes.ts): the price check and the itinerary keep them. */
  readonly shapes?: readonly string[];
}

export interface ItineraryTokenPayload {
  readonly kind: 'itinerary';
  readonly itineraryId: string;
}

export interface ContentTokenPayload {
  readonly kind: 'content';
  readonly offset: number;
}

export type TokenPayload = RateTokenPayload | ItineraryTokenPayload | ContentTokenPayload;

type PayloadOf<K extends TokenPayload['kind']> = K extends RateTokenPayload['kind']
  ? RateTokenPayload
  : K extends 'itinerary'
    ? ItineraryTokenPayload
    : ContentTokenPayload;

export function sealToken(payload: TokenPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(body, secret)}`;
}

export function openToken<K extends TokenPayload['kind']>(token: string | null, kind: K, secret: string): PayloadOf<K> | undefined {
  if (!token) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot < 1) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(body, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    return payload.kind === kind ? (payload as PayloadOf<K>) : undefined;
  } catch {
    return undefined;
  }
}

function mac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);
}
