/**
 * A stay change's quoteId: what the commit needs to make exactly the change that was quoted (the booking and
 * the stay it was quoted against, the new stay, the supplier's own price and terms for it, and that price for
 * the account), signed with HMAC-SHA256 over the caller's tenant and the content, as a rateId is. Nothing is
 * stored per quote; a forged, altered or another tenant's quoteId fails the MAC, and one past its expiresAt
 * is gone (410). It carries children's ages: the partner sent them and holds the quoteId; it is never
 * stored or logged on our side.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

const PREFIX = 'q1';
const MAC_BYTES = 16;

const money = z.object({ amount: z.string(), currency: z.string() });

export const stayChangeTicketSchema = z.object({
  bookingId: z.string(),
  changeId: z.string(),
  quotedAt: z.string(),
  expiresAt: z.string(),
  /** The booking as it stood when quoted: the commit refuses a booking that changed since. */
  from: z.object({ checkIn: z.string(), checkOut: z.string(), total: z.string() }),
  to: z.object({
    checkIn: z.string(),
    checkOut: z.string(),
    occupancies: z.array(z.object({ adults: z.number().int(), children: z.array(z.number().int()) })),
  }),
  /** The supplier's own answer, in its currency: what the change is made at, or not at all. */
  supplier: z.object({
    price: money,
    nightly: z.array(z.string()).optional(),
    cancellationPolicy: z.array(z.object({ from: z.string(), amount: z.string() })),
    commitToken: z.string().optional(),
  }),
  /** The changed stay priced for the account (decimal strings in the booking's currency). */
  price: z.object({
    net: z.string(),
    markup: z.string(),
    commission: z.string(),
    tax: z.string(),
    serviceFee: z.string(),
    total: z.string(),
    payableAtHotel: z.string(),
    minimumSellingPrice: z.string().optional(),
    payAtProperty: z
      .array(
        z.object({
          kind: z.enum(['tax', 'city_tax', 'resort_fee', 'mandatory_fee', 'other']),
          description: z.string().optional(),
          amount: z.string(),
          currency: z.string(),
          quote: z.string(),
        }),
      )
      .optional(),
  }),
});

export type StayChangeTicket = z.infer<typeof stayChangeTicketSchema>;

export type QuoteIdProblem = 'malformed' | 'forged' | 'expired';

export class QuoteIdError extends Error {
  override readonly name = 'QuoteIdError';
  constructor(readonly problem: QuoteIdProblem) {
    super(`quoteId is ${problem}`);
  }
}

function mac(tenant: string, body: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`${tenant}\n${body}`).digest().subarray(0, MAC_BYTES);
}

export function signQuoteId(ticket: StayChangeTicket, tenant: string, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
  return `${PREFIX}.${body}.${mac(tenant, body, key).toString('base64url')}`;
}

export function verifyQuoteId(quoteId: string, tenant: string, key: Buffer, now: Date): StayChangeTicket {
  const [prefix, body, signature, ...rest] = quoteId.split('.');
  if (prefix !== PREFIX || !body || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body + signature))
    throw new QuoteIdError('malformed');
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(tenant, body, key);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new QuoteIdError('forged');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new QuoteIdError('malformed');
  }
  const ticket = stayChangeTicketSchema.safeParse(parsed);
  if (!ticket.success) throw new QuoteIdError('malformed');
  if (Date.parse(ticket.data.expiresAt) <= now.getTime()) throw new QuoteIdError('expired');
  return ticket.data;
}
