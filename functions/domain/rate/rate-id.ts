/**
 * rateIds: what the rate check and the booking need to re-validate a quoted rate (the search, the supplier
 * and its opaque rate key, the property, the quoted price, the expiry), signed with HMAC-SHA256 over the
 * caller's tenant and the content. Nothing is written per rate at search time, a forged or altered id
 * fails the MAC, and an id replayed by another tenant fails it too (the tenant is part of what is signed).
 * The booking additionally checks that the rateId's search is the searchId it was sent with.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import * as z from 'zod';

const PREFIX = 'r1';
const MAC_BYTES = 16;

export const ticketSchema = z.object({
  searchId: z.string(),
  supplierId: z.string(),
  supplierRateKey: z.string(),
  supplierPropertyId: z.string(),
  propertyId: z.string(),
  /**
   * The hotel's name as the search showed it (the supplier's offer, or the property map's), so a booking and
   * its voucher name the hotel even before the property map holds it. At most RATE_TICKET_NAME_MAX characters.
   */
  propertyName: z.string().max(200).optional(),
  starRating: z.number().int().optional(),
  /** The quoted price as shown at search ({net, markup, tax, serviceFee, total, currency} decimal strings). */
  quoted: z.object({
    net: z.string(),
    markup: z.string(),
    tax: z.string(),
    serviceFee: z.string(),
    total: z.string(),
    currency: z.string(),
  }),
  /** Nights and rooms of the searched stay, for pricing the checked rate the same way. */
  nights: z.number().int().positive(),
  /** The searched check-in (YYYY-MM-DD): what the checked price's nightly split is dated from. */
  checkIn: z.iso.date().optional(),
  /**
   * The supplier's nightly figures as search read them (amounts in its currency), for a check whose answer
   * gives none (Hotelbeds' checkrates has no dailyRates): the checked price is then split as search split it.
   */
  nightly: z
    .array(z.string().regex(/^\d+(\.\d+)?$/))
    .max(366)
    .optional(),
  rooms: z.number().int().positive(),
  /** UTC ISO instant after which the rate must be searched again (410). */
  expiresAt: z.string(),
});

export type RateTicket = z.infer<typeof ticketSchema>;

/** The longest hotel name a rateId carries (the supplier boundary cuts offers' names to this length too). */
export const RATE_TICKET_NAME_MAX = 200;

export type RateIdProblem = 'malformed' | 'forged' | 'expired';

export class RateIdError extends Error {
  override readonly name = 'RateIdError';
  constructor(readonly problem: RateIdProblem) {
    super(`rateId is ${problem}`);
  }
}

function mac(tenant: string, body: string, key: Buffer): Buffer {
  return createHmac('sha256', keyObjectOf(key)).update(`${tenant}\n${body}`).digest().subarray(0, MAC_BYTES);
}

/**
 * HMAC with a raw Buffer key imports the key on every call (most of the cost of signing a search's shown
 * rates); a KeyObject made once per key is the same key, so the same MAC. Kept per Buffer, and re-made if
 * the Buffer's bytes ever change.
 */
const keyObjects = new WeakMap<Buffer, { readonly bytes: Buffer; readonly keyObject: KeyObject }>();

function keyObjectOf(key: Buffer): KeyObject {
  const cached = keyObjects.get(key);
  if (cached?.bytes.equals(key)) return cached.keyObject;
  const entry = { bytes: Buffer.from(key), keyObject: createSecretKey(key) };
  keyObjects.set(key, entry);
  return entry.keyObject;
}

export function signRateId(ticket: RateTicket, tenant: string, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
  return `${PREFIX}.${body}.${mac(tenant, body, key).toString('base64url')}`;
}

export function verifyRateId(rateId: string, tenant: string, key: Buffer, now: Date = new Date()): RateTicket {
  const [prefix, body, signature, ...rest] = rateId.split('.');
  if (prefix !== PREFIX || !body || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body + signature))
    throw new RateIdError('malformed');
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(tenant, body, key);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new RateIdError('forged');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new RateIdError('malformed');
  }
  const ticket = ticketSchema.safeParse(parsed);
  if (!ticket.success) throw new RateIdError('malformed');
  if (Date.parse(ticket.data.expiresAt) <= now.getTime()) throw new RateIdError('expired');
  return ticket.data;
}
