import { hash32 } from '../world/prng.js';

/**
 * The sandbox's Hotelbeds rateKey, shaped like the real one
 * ("20190615|20190616|W|1|297|DBT.ST|NRF-SUMMERHB|HB||1~2~0||N@<token>") and self-describing, so
 * checkrates and bookings need no stored quote. The token is a keyed hash: a tampered key is refused.
 */
export interface RateKeyParts {
  readonly checkIn: string;
  readonly checkOut: string;
  readonly hotelCode: string;
  readonly roomCode: string;
  readonly planCode: string;
  readonly board: string;
  readonly rooms: number;
  readonly adults: number;
  readonly childrenAges: readonly number[];
}

const compact = (date: string): string => date.replaceAll('-', '');
const expand = (date: string): string => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;

export function encodeRateKey(parts: RateKeyParts, secret: string): string {
  const body = [
    compact(parts.checkIn),
    compact(parts.checkOut),
    'W',
    '1',
    parts.hotelCode,
    parts.roomCode,
    parts.planCode,
    parts.board,
    '',
    `${parts.rooms}~${parts.adults}~${parts.childrenAges.length}`,
    parts.childrenAges.join('~'),
    'N',
  ].join('|');
  return `${body}@${token(body, secret)}`;
}

export function decodeRateKey(rateKey: string, secret: string): RateKeyParts | undefined {
  const at = rateKey.lastIndexOf('@');
  if (at < 0) return undefined;
  const body = rateKey.slice(0, at);
  if (rateKey.slice(at + 1) !== token(body, secret)) return undefined;
  const fields = body.split('|');
  if (fields.length !== 12) return undefined;
  const [checkIn = '', checkOut = '', , , hotelCode = '', roomCode = '', planCode = '', board = '', , occupancy = '', ages = ''] = fields;
  const [rooms = 0, adults = 0] = occupancy.split('~').map(Number);
  return {
    checkIn: expand(checkIn),
    checkOut: expand(checkOut),
    hotelCode,
    roomCode,
    planCode,
    board,
    rooms,
    adults,
    childrenAges: ages === '' ? [] : ages.split('~').map(Number),
  };
}

function token(body: string, secret: string): string {
  return `${hash32(`${secret}|${body}`).toString(16).toUpperCase().padStart(8, '0')}${hash32(`${body}|${secret}`).toString(16).toUpperCase().padStart(8, '0')}`;
}
