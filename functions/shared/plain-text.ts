/**
 * Text a partner sends that we store, print on a voucher and pass to suppliers (names, references, a
 * cancel reason). Any Unicode letter, mark or symbol is welcome; two things are refused, naming the field:
 *   - control characters (NUL, BEL, ESC, DEL, C1...): no name has them, XML 1.0 cannot carry most of them
 *     (an OpenTravel supplier would refuse the booking), and they corrupt logs and printed vouchers;
 *   - unpaired surrogates ("\ud800" in the JSON): not Unicode, so not UTF-8, which DynamoDB, supplier
 *     wire formats and strict JSON decoders on the partner's side require (RFC 8259 8.2).
 * Free text may keep line breaks and tabs.
 */
import * as z from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: these match control characters to refuse them
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these match control characters to refuse them
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** With the u flag a surrogate pair is one code point, so this matches only a surrogate standing alone. */
const UNPAIRED_SURROGATE = /[\ud800-\udfff]/u;

export const PLAIN_TEXT_MESSAGE = 'must be text without control characters or unpaired surrogates';

export function isPlainText(value: string, { multiline = false } = {}): boolean {
  return !UNPAIRED_SURROGATE.test(value) && !(multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/** A string of plain text; `trim` first when leading and trailing spaces carry no meaning. */
export function plainText({
  min = 0,
  max,
  trim = false,
  multiline = false,
  empty = 'must not be empty',
}: {
  min?: number;
  max: number;
  trim?: boolean;
  multiline?: boolean;
  empty?: string;
}) {
  const base = trim ? z.string().trim() : z.string();
  const bounded = (min > 0 ? base.min(min, empty) : base).max(max);
  return bounded.refine((value) => isPlainText(value, { multiline }), PLAIN_TEXT_MESSAGE);
}
