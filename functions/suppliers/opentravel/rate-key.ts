import { SupplierError } from '../supplier-error.js';
import { SUPPLIER_ID } from './codes.js';

/**
 * The port's opaque rate key for OpenTravel. OTA availability answers carry no bookable token: a rate
 * is identified by hotel, stay, room type and rate plan, per room. The key packs exactly what the price
 * check (a narrowed OTA_HotelAvailRQ) and the booking (OTA_HotelResRQ RoomStays) must send again, one
 * part per requested room in the order of the searched occupancies.
 */
export interface OtaRateKeyRoom {
  readonly roomTypeCode: string;
  readonly ratePlanCode: string;
  readonly adults: number;
  readonly childrenAges: readonly number[];
}

export interface OtaRateKey {
  readonly hotelCode: string;
  /** IATA city code of the property: its time zone turns local deadlines into UTC. */
  readonly cityCode?: string;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly rooms: readonly OtaRateKeyRoom[];
}

const PREFIX = 'ota1.';

export function encodeOtaRateKey(key: OtaRateKey): string {
  const compact = {
    h: key.hotelCode,
    c: key.cityCode,
    i: key.checkIn,
    o: key.checkOut,
    r: key.rooms.map((room) => [room.roomTypeCode, room.ratePlanCode, room.adults, room.childrenAges]),
  };
  return `${PREFIX}${Buffer.from(JSON.stringify(compact)).toString('base64url')}`;
}

export function decodeOtaRateKey(value: string): OtaRateKey {
  const refuse = (): never => {
    throw new SupplierError('rejected', SUPPLIER_ID, 'not an OpenTravel rate key', { operation: 'rateKey' });
  };
  if (!value.startsWith(PREFIX)) return refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  const p = parsed as { h?: unknown; c?: unknown; i?: unknown; o?: unknown; r?: unknown };
  if (typeof p.h !== 'string' || typeof p.i !== 'string' || typeof p.o !== 'string' || !Array.isArray(p.r) || p.r.length === 0)
    return refuse();
  const rooms = (p.r as unknown[]).map((room): OtaRateKeyRoom => {
    if (!Array.isArray(room) || room.length !== 4) return refuse();
    const [roomTypeCode, ratePlanCode, adults, ages] = room as unknown[];
    if (
      typeof roomTypeCode !== 'string' ||
      typeof ratePlanCode !== 'string' ||
      !Number.isInteger(adults) ||
      !Array.isArray(ages) ||
      !ages.every((age) => Number.isInteger(age))
    )
      return refuse();
    return { roomTypeCode, ratePlanCode, adults: adults as number, childrenAges: ages as number[] };
  });
  return { hotelCode: p.h, ...(typeof p.c === 'string' ? { cityCode: p.c } : {}), checkIn: p.i, checkOut: p.o, rooms };
}
