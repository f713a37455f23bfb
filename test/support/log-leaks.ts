/**
 * What may never appear in a log line, and the search for it. test/capture-logs.ts feeds this with every
 * line a test file's process writes and with what the tests sent to the API; this module only decides.
 *
 * Two kinds of evidence, because neither alone is enough:
 * - shapes, which need no knowledge of the tests: anything JWT-shaped (`eyJ...` dot `eyJ...` dot, so every access token,
 *   real or forged), anything e-mail-shaped (nothing is allow-listed: no address in our logs is needed to
 *   run the service, a support case finds a booking by its id), HTTP Basic credentials, and in a structured
 *   line any field named like a credential or a person's data (authorization, client_secret, email,
 *   firstName, holder, guests, ...) whatever its value;
 * - values the tests used: client secrets, the token signing key's private part and the rateId signing
 *   secret, the full names (first and last name both in one line) of every person in a request body, and
 *   every phone number a request body carried (its digits, however a line spaces them).
 */

export type LeakKind =
  | 'access token'
  | 'client secret'
  | 'client credentials'
  | 'signing key'
  | 'search secret'
  | 'e-mail address'
  | 'guest name'
  | 'phone number'
  | 'sensitive field';

export interface CapturedLine {
  readonly text: string;
  /** The test that was running when the line was written; undefined in hooks. */
  readonly test: string | undefined;
}

export interface Leak {
  readonly kind: LeakKind;
  readonly test: string | undefined;
  /** The line with everything sensitive masked, so a failing run does not print the secret again. */
  readonly masked: string;
}

/** Secrets shorter than this are not searched for as text: a test's `'new'` or `'s'` is in ordinary words. */
export const MIN_SECRET_LENGTH = 8;
/** First and last names at least this long count as leaked when both are anywhere in one line. */
export const MIN_NAME_PART = 3;
/** Phone numbers with fewer digits are not searched for: a shorter run of digits is in timestamps and ids. */
export const MIN_PHONE_DIGITS = 8;

const JWT = /eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const BASIC = /\bBasic +[A-Za-z0-9+/]{8,}={0,2}/gi;
const SENSITIVE_KEY =
  /^(authorization|client_?secret|secret|password|access_?token|id_?token|refresh_?token|e-?mail|first_?name|last_?name|given_?name|family_?name|surname|holder|guests|phone|cancellation_?reason)$/i;

const SHAPES: readonly (readonly [LeakKind, RegExp])[] = [
  ['access token', JWT],
  ['e-mail address', EMAIL],
  ['client credentials', BASIC],
];

/** Everything the tests of one file handed to the API or to the host that must stay out of its logs. */
export class SensitiveValues {
  private readonly exact = new Map<string, LeakKind>();
  private readonly names = new Map<string, readonly [string, string]>();
  private readonly phones = new Set<string>();

  secret(kind: 'client secret' | 'signing key' | 'search secret', value: string | undefined): void {
    if (value && value.length >= MIN_SECRET_LENGTH) this.exact.set(value, kind);
  }

  /** A person's first and last name; leaking means both in one line, in any order or format. */
  person(firstName: string, lastName: string): void {
    const first = firstName.trim();
    const last = lastName.trim();
    if (first && last) this.names.set(`${first}\u0000${last}`, [first, last]);
  }

  /** A phone number, searched for as its digits (at least MIN_PHONE_DIGITS of them). */
  phone(value: string): void {
    const digits = value.replace(/\D/g, '');
    if (digits.length >= MIN_PHONE_DIGITS) this.phones.add(digits);
  }

  /**
   * Notes what a request carries: client secrets (form or Basic), and every person (an object with a
   * firstName and a lastName, as holder, guests and drivers are) in a JSON body.
   */
  request(headers: Iterable<[string, string]>, body: string): void {
    for (const [name, value] of headers) {
      if (name.toLowerCase() !== 'authorization') continue;
      const basic = /^Basic +(\S+)$/i.exec(value.trim());
      if (basic) this.secret('client secret', basicSecret(basic[1]!));
    }
    const trimmed = body.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        this.people(JSON.parse(trimmed));
      } catch {
        // not JSON after all: nothing to note
      }
    } else if (body.includes('client_secret=')) {
      this.secret('client secret', new URLSearchParams(body).get('client_secret') ?? undefined);
    }
  }

  private people(value: unknown): void {
    if (Array.isArray(value)) value.forEach((v) => this.people(v));
    else if (value && typeof value === 'object') {
      const { firstName, lastName } = value as Record<string, unknown>;
      if (typeof firstName === 'string' && typeof lastName === 'string') this.person(firstName, lastName);
      const { phone } = value as Record<string, unknown>;
      if (typeof phone === 'string') this.phone(phone);
      Object.values(value).forEach((v) => this.people(v));
    }
  }

  /** The known values found in a line, longest first so a masked secret never half-masks another. */
  knownIn(line: string): { kind: LeakKind; values: string[] }[] {
    const found: { kind: LeakKind; values: string[] }[] = [];
    const longestFirst = [...this.exact].sort(([a], [b]) => b.length - a.length);
    for (const [value, kind] of longestFirst) if (line.includes(value)) found.push({ kind, values: [value] });
    for (const [first, last] of this.names.values()) {
      // A part shorter than MIN_NAME_PART (a test's 'A' and 'B') is in any line; such a name leaks only whole.
      const apart = first.length >= MIN_NAME_PART && last.length >= MIN_NAME_PART && line.includes(first) && line.includes(last);
      const whole = [`${first} ${last}`, `${last} ${first}`, `${last}, ${first}`].find((n) => line.includes(n));
      if (apart) found.push({ kind: 'guest name', values: [first, last] });
      else if (whole) found.push({ kind: 'guest name', values: [whole] });
    }
    for (const phone of this.phones) {
      // The phone's digits in order, with at most two separators between two of them ('+47 22', '22-00').
      const written = new RegExp(phone.split('').join('\\D{0,2}')).exec(line)?.[0];
      if (written) found.push({ kind: 'phone number', values: [written] });
    }
    return found;
  }
}

function basicSecret(encoded: string): string | undefined {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '));
  } catch {
    return decoded.slice(colon + 1);
  }
}

/** A structured (JSON) line's sensitive field names, and the line with their values masked. */
function sensitiveFieldsOf(line: string): { fields: string[]; masked: string } | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const fields = new Set<string>();
  const masked = JSON.stringify(parsed, (key, value: unknown) => {
    if (!SENSITIVE_KEY.test(key)) return value;
    fields.add(key);
    return '«sensitive field»';
  });
  return fields.size === 0 ? undefined : { fields: [...fields], masked };
}

/** A long line cut to what matters: its message and the first masked value with some context. */
function excerpt(masked: string): string {
  if (masked.length <= 600) return masked;
  const at = Math.max(masked.indexOf('«'), 0);
  const from = Math.max(at - 250, 0);
  return `${from > 0 ? `${masked.slice(0, 120)} … ` : ''}${masked.slice(from, from + 450)} …`;
}

export function findLeaks(lines: readonly CapturedLine[], sensitive: SensitiveValues): Leak[] {
  const leaks: Leak[] = [];
  for (const { text, test } of lines) {
    const kinds = new Set<LeakKind>();
    const structured = sensitiveFieldsOf(text);
    let masked = structured ? `${structured.masked} «fields: ${structured.fields.join(', ')}»` : text;
    if (structured) kinds.add('sensitive field');
    for (const [kind, shape] of SHAPES) {
      if (text.match(shape)) {
        kinds.add(kind);
        masked = masked.replace(shape, `«${kind}»`);
      }
    }
    for (const { kind, values } of sensitive.knownIn(text)) {
      kinds.add(kind);
      for (const value of values) masked = masked.replaceAll(value, `«${kind}»`);
    }
    for (const kind of kinds) leaks.push({ kind, test, masked: excerpt(masked) });
  }
  return leaks;
}

/** What a line says, without what changes per request: its structured `message`, else its start. */
function gist(masked: string): string {
  const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(masked)?.[1];
  return message ?? masked.slice(0, 80);
}

/** The leaks grouped by test, kind and log message, each with one masked example line; at most `limit` groups. */
export function describeLeaks(leaks: readonly Leak[], limit = 15): string {
  const groups = new Map<string, { kinds: Set<LeakKind>; test: string; example: string; count: number }>();
  for (const leak of leaks) {
    const test = leak.test ?? '(a hook, outside any test)';
    const key = `${test}\u0000${gist(leak.masked)}`;
    const group = groups.get(key) ?? { kinds: new Set(), test, example: leak.masked.trim(), count: 0 };
    group.kinds.add(leak.kind);
    group.count += 1;
    groups.set(key, group);
  }
  const shown = [...groups.values()]
    .slice(0, limit)
    .map(
      ({ kinds, test, example, count }) => `- ${[...kinds].join(', ')} (${count}x) in lines written by "${test}", e.g.:\n    ${example}`,
    );
  if (groups.size > limit) shown.push(`- and ${groups.size - limit} more groups`);
  return shown.join('\n');
}

const CURRENT = Symbol.for('hotel-api.test.log-capture');

/** The running test file's captured lines and the values its tests sent to the API. */
export interface FileCapture {
  readonly lines: CapturedLine[];
  readonly sensitive: SensitiveValues;
}

type WithCapture = typeof globalThis & { [CURRENT]?: FileCapture };

/**
 * Kept on globalThis so that the setup file, which starts a fresh capture for each test file, the request
 * helpers that note what they send, and tests of the capture share one whatever module instance they load.
 */
export function fileCapture(): FileCapture {
  return ((globalThis as WithCapture)[CURRENT] ??= { lines: [], sensitive: new SensitiveValues() });
}

export function startFileCapture(): FileCapture {
  return ((globalThis as WithCapture)[CURRENT] = { lines: [], sensitive: new SensitiveValues() });
}

export function sensitiveValues(): SensitiveValues {
  return fileCapture().sensitive;
}
