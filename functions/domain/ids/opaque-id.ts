/**
 * Identifiers are opaque strings (interface document): a partner may not rely on their form, and we may
 * change it. So a path id is refused with 400 only when no id of ours could ever be written that way (too
 * long, or a character none of our ids uses), and the problem says which of the two; any other id is looked
 * up, and one we do not know, or that belongs to another tenant, is a 404 `not-found`.
 */
import * as z from 'zod';

/** Letters, digits, '_' and '-': every bookingId, searchId and propertyId we issue, now and later. */
export const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = 64;

/** rateIds are signed tickets: base64url parts joined by '.', up to 8 KB. */
export const RATE_ID_CHARACTERS = /^[A-Za-z0-9_.-]+$/;
export const RATE_ID_MAX_LENGTH = 8192;

export function opaqueId(
  name: string,
  description: string,
  example: string,
  { maxLength = ID_MAX_LENGTH, characters = ID_CHARACTERS, allowed = "letters, digits, '_' and '-'" } = {},
) {
  return z
    .string()
    .min(1, { message: `is empty; a ${name} is 1 to ${maxLength} characters`, abort: true })
    .max(maxLength, `is longer than ${maxLength} characters, the longest ${name} we issue`)
    .regex(characters, `has characters no ${name} of ours can have (only ${allowed})`)
    .meta({ description: `${description}. Opaque: 1 to ${maxLength} characters, ${allowed}; an unknown one is 404`, examples: [example] });
}
