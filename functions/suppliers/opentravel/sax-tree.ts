/**
 * A one-pass reader for the plain XML suppliers send: elements, attributes in quotes, text, the five
 * predefined entities, comments, an XML declaration at the start, LF or CRLF line ends. It gives exactly
 * what fast-xml-parser gives with xml.ts's options (attributes `@_Name` after the children, text trimmed,
 * `#text` beside attributes, an empty element `''`, namespace prefixes and `xmlns` attributes dropped,
 * repeated names as arrays).
 *
 * fast-xml-parser validates the text in one pass, builds an ordered tree in a second and compresses it in a
 * third, with a regular expression over every attribute list and a path matcher on every element: half a
 * second of CPU on a city's 6 MB availability answer, where this reader takes a fifth of that
 * (`npm run bench:opentravel-parse`).
 *
 * Anything outside that subset (comments beside text, CDATA, DOCTYPE, processing instructions after the
 * declaration, numeric character references, mixed content, a byte order mark, unusual names, duplicated
 * attributes, deep nesting) and anything malformed gives undefined: the caller then parses with
 * fast-xml-parser, which stays the reference for every document and the one that reports syntax errors.
 */
export function readPlainXml(source: string, isRepeated: (name: string) => boolean): Readonly<Record<string, unknown>> | undefined {
  if (source.charCodeAt(0) === 0xfeff) return undefined;
  // Line ends as the library reads them (and XML requires): CRLF and a lone CR are one LF.
  const text = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const document: Record<string, unknown> = {};
  const length = text.length;
  let at = 0;
  if (text.startsWith('<?xml') && isSpace(text.charCodeAt(5))) {
    const declaration = readAttributes(text, 5);
    if (declaration === undefined || !text.startsWith('?>', declaration.end)) return undefined;
    document['?xml'] = declaration.values ?? '';
    at = declaration.end + 2;
  }
  const stack: Frame[] = [];
  let rootSeen = false;
  while (at < length) {
    const open = text.indexOf('<', at);
    const end = open < 0 ? length : open;
    const top = stack[stack.length - 1];
    if (top) top.text += text.slice(at, end);
    else if (!isBlank(text, at, end)) return undefined;
    if (open < 0) break;
    const next = text.charCodeAt(open + 1);
    if (next === SLASH) {
      // </Name> or </Name  >: the name must close the element open on top.
      if (!top || !text.startsWith(top.rawName, open + 2)) return undefined;
      const nameEnd = open + 2 + top.rawName.length;
      const close = text.indexOf('>', nameEnd);
      if (close < 0 || !isBlank(text, nameEnd, close)) return undefined;
      stack.pop();
      const value = elementValue(top);
      if (value === undefined) return undefined;
      addChild(stack[stack.length - 1]?.children ?? document, top.name, value, isRepeated);
      at = close + 1;
      continue;
    }
    if (next === BANG && text.startsWith('<!--', open)) {
      // A comment is skipped; beside text the library joins the text's trimmed pieces, so that is its business.
      const close = text.indexOf('-->', open + 4);
      if (close < 0 || text.slice(open + 4, close).includes('--') || text.charCodeAt(close - 1) === DASH) return undefined;
      if (top && !isBlank(top.text, 0, top.text.length)) return undefined;
      at = close + 3;
      continue;
    }
    // CDATA, DOCTYPE and processing instructions are the library's business.
    if (!isNameStart(next)) return undefined;
    let nameEnd = open + 2;
    while (nameEnd < length && isNameChar(text.charCodeAt(nameEnd))) nameEnd += 1;
    const rawName = text.slice(open + 1, nameEnd);
    const name = remembered(elementNames, rawName, elementName);
    if (name === undefined) return undefined;
    const attributes = readAttributes(text, nameEnd);
    if (attributes === undefined) return undefined;
    const selfClosing = text.charCodeAt(attributes.end) === SLASH;
    if (text.charCodeAt(attributes.end + (selfClosing ? 1 : 0)) !== GREATER) return undefined;
    if (top) {
      // Text beside child elements (mixed content) is the library's business.
      if (!isBlank(top.text, 0, top.text.length)) return undefined;
      top.text = '';
      top.hasChildren = true;
    } else {
      if (rootSeen) return undefined;
      rootSeen = true;
    }
    // An empty element is its attributes, or '' without any.
    if (selfClosing) addChild(top?.children ?? document, name, attributes.values ?? '', isRepeated);
    else {
      if (stack.length >= MAX_DEPTH) return undefined;
      stack.push({ name, rawName, attributes: attributes.values, children: {}, text: '', hasChildren: false });
    }
    at = attributes.end + (selfClosing ? 2 : 1);
  }
  if (stack.length > 0 || !rootSeen) return undefined;
  return document;
}

interface Frame {
  readonly name: string;
  readonly rawName: string;
  readonly attributes: Record<string, string> | undefined;
  readonly children: Record<string, unknown>;
  /** The element's text since it opened or since its last child element. */
  text: string;
  hasChildren: boolean;
}

const SLASH = 0x2f;
const GREATER = 0x3e;
const BANG = 0x21;
const DASH = 0x2d;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const AMPERSAND = '&';
/** fast-xml-parser's maxNestedTags: deeper documents go to it, and it refuses them. */
const MAX_DEPTH = 100;
/**
 * fast-xml-parser renames or refuses names of Object.prototype's properties (toString, __proto__, constructor)
 * and `prototype`: documents with such a name go to it.
 */
function isReserved(name: string): boolean {
  return name in Object.prototype || name === 'prototype';
}
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function elementValue(frame: Frame): unknown {
  const attributes = frame.attributes;
  if (frame.hasChildren) {
    if (!isBlank(frame.text, 0, frame.text.length)) return undefined;
    // Child elements, then the attributes: the library's key order.
    return attributes ? Object.assign(frame.children, attributes) : frame.children;
  }
  const raw = frame.text.trim();
  if (raw.includes(']]>')) return undefined;
  const value = raw.includes(AMPERSAND) ? decode(raw) : raw;
  if (value === undefined) return undefined;
  if (!attributes) return value;
  return value === '' ? attributes : { '#text': value, ...attributes };
}

function addChild(into: Record<string, unknown>, name: string, value: unknown, isRepeated: (name: string) => boolean): void {
  const existing = into[name];
  if (existing === undefined) into[name] = isRepeated(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else into[name] = [existing, value];
}

/**
 * The attributes from `from` up to the tag's end (`>` or `/>`, where `end` points): each after whitespace,
 * `name="value"` or `name='value'`. Undefined when the list is not that; `values` undefined when none is kept.
 */
function readAttributes(text: string, from: number): { values: Record<string, string> | undefined; end: number } | undefined {
  let values: Record<string, string> | undefined;
  let dropped: string[] | undefined;
  let at = from;
  for (;;) {
    const spaceStart = at;
    while (isSpace(text.charCodeAt(at))) at += 1;
    const code = text.charCodeAt(at);
    if (code === GREATER || code === SLASH || code === QUESTION || Number.isNaN(code)) return { values, end: at };
    if (at === spaceStart || !isNameStart(code)) return undefined;
    const nameStart = at;
    while (isNameChar(text.charCodeAt(at))) at += 1;
    const rawName = text.slice(nameStart, at);
    if (text.charCodeAt(at) !== EQUALS) return undefined;
    const quote = text.charCodeAt(at + 1);
    if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return undefined;
    const valueEnd = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", at + 2);
    if (valueEnd < 0) return undefined;
    const raw = text.slice(at + 2, valueEnd);
    at = valueEnd + 1;
    if (raw.includes('<')) return undefined;
    const key = remembered(attributeKeys, rawName, attributeKey);
    if (key === undefined) return undefined;
    if (key === '') {
      // A namespace declaration is dropped, but declared twice the document is not well-formed.
      if (dropped?.includes(rawName)) return undefined;
      (dropped ??= []).push(rawName);
      continue;
    }
    const trimmed = raw.trim();
    const value = trimmed.includes(AMPERSAND) ? decode(trimmed) : trimmed;
    if (value === undefined) return undefined;
    values ??= {};
    if (key in values) return undefined;
    values[key] = value;
  }
}

/** The five predefined entities; any other reference (numeric ones included) is the library's. */
function decode(value: string): string | undefined {
  let unknown = false;
  const decoded = value.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    const replacement = whole.endsWith(';') ? ENTITIES[name] : undefined;
    if (replacement === undefined) unknown = true;
    return replacement ?? whole;
  });
  return unknown ? undefined : decoded;
}

/**
 * A document repeats a few dozen names thousands of times: each raw name is resolved once (null: left to the
 * library). The memory is bounded, so a document of endless distinct names cannot grow it without end.
 */
const elementNames = new Map<string, string | null>();
const attributeKeys = new Map<string, string | null>();
const NAMES_REMEMBERED = 4096;

function remembered(memory: Map<string, string | null>, raw: string, resolve: (raw: string) => string | undefined): string | undefined {
  let resolved = memory.get(raw);
  if (resolved === undefined) {
    resolved = resolve(raw) ?? null;
    if (memory.size < NAMES_REMEMBERED) memory.set(raw, resolved);
  }
  return resolved ?? undefined;
}

/** An attribute's key (`@_Name`, its prefix dropped), '' for a namespace declaration, which the library drops. */
function attributeKey(raw: string): string | undefined {
  const name = attributeName(raw);
  return name === undefined || name === '' ? name : `@_${name}`;
}

/** An element's name without its namespace prefix; undefined for names the library treats specially. */
function elementName(raw: string): string | undefined {
  const colon = raw.indexOf(':');
  if (colon >= 0 && raw.indexOf(':', colon + 1) >= 0) return undefined;
  const prefix = colon < 0 ? '' : raw.slice(0, colon);
  const name = colon < 0 ? raw : raw.slice(colon + 1);
  if (prefix === 'xmlns' || name === '' || !isNameStart(name.charCodeAt(0)) || isReserved(name)) return undefined;
  return name;
}

/** An attribute's name without its prefix; '' for namespace declarations, which the library drops. */
function attributeName(raw: string): string | undefined {
  const colon = raw.indexOf(':');
  if (colon >= 0 && raw.indexOf(':', colon + 1) >= 0) return undefined;
  const prefix = colon < 0 ? raw : raw.slice(0, colon);
  if (prefix === 'xmlns') return '';
  const name = colon < 0 ? raw : raw.slice(colon + 1);
  if (name === '' || !isNameStart(name.charCodeAt(0)) || isReserved(name)) return undefined;
  return name;
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09;
}

/** ASCII letters and underscore (a colon only inside a name, where it marks the prefix). */
function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code === 0x3a;
}
