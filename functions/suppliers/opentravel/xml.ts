import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { saxTree } from './sax-tree.js';

/**
 * XML for the OpenTravel messages, both ways. Messages are built through fast-xml-parser from objects
 * (attributes as `@_Name`, text as `#text`, key order = element order, which the XSDs' sequences
 * require) and never concatenated by hand, so escaping is always the library's. Answers are read by
 * parseXml into fast-xml-parser's shape, with saxes where it can (sax-tree.ts).
 */
export const OTA_NAMESPACE = 'http://www.opentravel.org/OTA/2003/05';
export const OTA_VERSION = '1.000';

/** One element as fast-xml-parser represents it. */
export interface XmlNode {
  readonly [name: string]: unknown;
}

/** Elements that may repeat: always parsed as arrays, so one occurrence reads like many. */
const REPEATED: ReadonlySet<string> = new Set([
  'Source',
  'Criterion',
  'HotelRef',
  'RoomStayCandidate',
  'GuestCount',
  'RatePlanCandidate',
  'RoomStay',
  'RoomType',
  'RatePlan',
  'RoomRate',
  'Rate',
  'CancelPenalty',
  'Tax',
  'HotelReservation',
  'UniqueID',
  'HotelReservationID',
  'ResGuest',
  'ProfileInfo',
  'PersonName',
  'GivenName',
  'Telephone',
  'Email',
  'Comment',
  'Text',
  'Error',
  'Warning',
  'CancelRule',
  'HotelResModify',
  'Hotel',
  'Room',
  'Image',
  'Amenity',
]);
const isRepeated = (name: string): boolean => REPEATED.has(name);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Amounts and codes stay strings: money is never read through a binary float.
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // A supplier may prefix the OTA namespace (`ota:OTA_HotelAvailRS`); the names are what matter.
  removeNSPrefix: true,
  isArray: (name) => isRepeated(name),
  // isArray reads the name alone: without this the parser writes out every element's path as a string for it
  // (a tenth of the time of a search's multi-megabyte answer).
  jPath: false,
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  // OTA booleans are written out (`PrepaidIndicator="true"`); a bare attribute is not XML.
  suppressBooleanAttributes: false,
});

export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
}

/**
 * A document type declaration in a message. No OTA message needs one (the XSDs define every element, and
 * messages carry no DTD), while a DTD is how XML attacks arrive: entities that expand to gigabytes (billion
 * laughs), external entities that read files or reach other hosts (XXE), remote DTDs fetched by the parser.
 * So a document with one is refused before any parser sees it.
 */
export class XmlDoctypeError extends Error {
  override readonly name = 'XmlDoctypeError';
}

/**
 * Parses a document; a body that is not well-formed XML throws XmlSyntaxError, one with a DOCTYPE
 * XmlDoctypeError. Plain XML (what suppliers send) is parsed by saxes and shaped by saxTree, to the same
 * result; anything else, and anything saxes refuses, goes through fast-xml-parser.
 */
export function parseXml(text: string): XmlNode {
  if (declaresDoctype(text)) throw new XmlDoctypeError('the document declares a DOCTYPE; OpenTravel messages have none');
  const plain = saxTree(text, isRepeated);
  if (plain) return plain;
  return parseWithLibrary(text);
}

/** fast-xml-parser, validating first: the reference for every document, and the one that reports syntax errors. */
export function parseWithLibrary(text: string): XmlNode {
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch (error) {
    throw new XmlSyntaxError(error instanceof Error ? error.message : 'not well-formed XML', { cause: error });
  }
  if (!parsed || typeof parsed !== 'object') throw new XmlSyntaxError('empty document');
  return parsed as XmlNode;
}

/**
 * Whether the prolog (what comes before the root element: the declaration, processing instructions, comments,
 * whitespace) holds a `<!DOCTYPE`, the only place XML allows one.
 */
export function declaresDoctype(text: string): boolean {
  let at = 0;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open < 0) return false;
    if (text.startsWith('<?', open)) at = endOf(text, '?>', open);
    else if (text.startsWith('<!--', open)) at = endOf(text, '-->', open);
    else return /^<!DOCTYPE/i.test(text.slice(open, open + 9));
    if (at < 0) return false;
  }
}

function endOf(text: string, closing: string, from: number): number {
  const end = text.indexOf(closing, from);
  return end < 0 ? -1 : end + closing.length;
}

/** The document's root element: its name and content (the XML declaration is skipped). */
export function rootOf(document: XmlNode): { name: string; node: XmlNode } | undefined {
  for (const [name, value] of Object.entries(document)) {
    if (name.startsWith('?')) continue;
    return { name, node: value && typeof value === 'object' ? (value as XmlNode) : {} };
  }
  return undefined;
}

/** Builds a document with an XML declaration from `{ RootName: content }`. */
export function buildXml(document: Readonly<Record<string, unknown>>): string {
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, ...document }) as string;
}

/** An OTA message root: namespace, version, timestamp and echo token first, then the content. */
export function otaMessage(
  root: string,
  attributes: Readonly<Record<string, string | undefined>>,
  content: Readonly<Record<string, unknown>>,
): string {
  const attrs: Record<string, string> = { '@_xmlns': OTA_NAMESPACE };
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) attrs[`@_${name}`] = value;
  return buildXml({ [root]: { ...attrs, ...content } });
}

// ---------- reading parsed nodes without trusting them ----------

export function child(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as XmlNode)[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === '') return {};
  return first && typeof first === 'object' ? (first as XmlNode) : undefined;
}

export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (item && typeof item === 'object' ? (item as XmlNode) : {}));
}

/** `@_Name` for each attribute name the code asks for: built once, not at each of a large answer's many reads. */
const attributeKeys = new Map<string, string>();
const ATTRIBUTE_KEYS_KEPT = 1024;

function attributeKey(name: string): string {
  let key = attributeKeys.get(name);
  if (key === undefined) {
    key = `@_${name}`;
    if (attributeKeys.size < ATTRIBUTE_KEYS_KEPT) attributeKeys.set(name, key);
  }
  return key;
}

export function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as XmlNode)[attributeKey(name)];
  return typeof value === 'string' ? value : undefined;
}

/** Text content of an element (a plain string when it has no attributes, `#text` otherwise). */
export function text(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as XmlNode)[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object') {
    const inner = (first as XmlNode)['#text'];
    return typeof inner === 'string' ? inner : undefined;
  }
  return undefined;
}

/** Text of every occurrence of a repeated element. */
export function texts(node: unknown, name: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) =>
    typeof item === 'string'
      ? item
      : item && typeof item === 'object' && typeof (item as XmlNode)['#text'] === 'string'
        ? ((item as XmlNode)['#text'] as string)
        : '',
  );
}
