import { SaxesParser, type SaxesTagPlain, type XMLDecl } from 'saxes';

/**
 * The tree fast-xml-parser gives with xml.ts's options, built from saxes's events. saxes parses and checks:
 * well-formedness, entities, line ends. This module only shapes the tree as fast-xml-parser does (attributes
 * `@_Name` after the children, text trimmed, `#text` beside attributes, an empty element `''`, namespace
 * prefixes and `xmlns` attributes dropped, repeated names as arrays, the XML declaration as `?xml`).
 *
 * fast-xml-parser validates the text in one pass, builds an ordered tree in a second and compresses it in a
 * third: half a second of CPU on a city's 6 MB availability answer, where saxes and this shaping take a
 * fraction of that (`npm run bench:opentravel-parse`).
 *
 * Where fast-xml-parser's shape is not one reproduced here (comments beside text, CDATA, DOCTYPE, processing
 * instructions other than the declaration, numeric character references, which it leaves as they are, tabs
 * or line ends inside attribute values, which it keeps and saxes normalises, mixed content, a byte order
 * mark, unusual names, deep nesting), and wherever saxes reports an error, this gives undefined: the caller
 * then parses with fast-xml-parser, which stays the reference for every document and the one that reports
 * syntax errors.
 */
export function saxTree(source: string, isRepeated: (name: string) => boolean): Readonly<Record<string, unknown>> | undefined {
  if (source.charCodeAt(0) === 0xfeff || source.includes('&#')) return undefined;
  const tree = new SaxTree(source, isRepeated);
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  // Seven handlers at most: saxes stores each as a property of the parser, and with an eighth V8 turns the
  // parser into a dictionary object, which makes saxes five times slower. So no comment handler (a comment
  // shows as a break in the text, see text()) and no xmldecl handler (the declaration is read once the text is through).
  parser.on('opentag', (tag) => tree.open(tag, parser.position));
  parser.on('closetag', (tag) => tree.close(tag));
  parser.on('text', (text) => tree.text(text));
  parser.on('cdata', outside);
  parser.on('doctype', outside);
  parser.on('processinginstruction', outside);
  parser.on('error', outside);
  let declaration: XMLDecl;
  try {
    parser.write(source);
    // close() resets the parser for another document, the declaration it read included.
    declaration = parser.xmlDecl;
    parser.close();
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    throw error;
  }
  if (tree.depth !== 0 || !tree.rootSeen) return undefined;
  const { version, encoding, standalone } = declaration;
  if (version === undefined) return tree.document;
  // The declaration is the library's first entry, before the root element.
  const attributes: Record<string, string> = { '@_version': version };
  if (encoding !== undefined) attributes['@_encoding'] = encoding;
  if (standalone !== undefined) attributes['@_standalone'] = standalone;
  return { '?xml': attributes, ...tree.document };
}

/** Thrown from a handler to stop saxes at once: the document is the library's. */
const OUTSIDE = new Error('outside the shapes sax-tree reproduces');
function outside(): never {
  throw OUTSIDE;
}

/**
 * The open elements, one slot per depth in parallel arrays (no object per element): the resolved name,
 * the attributes, the children (created with the first child) and the text since the element opened or
 * since its last child.
 */
class SaxTree {
  readonly document: Record<string, unknown> = {};
  depth = 0;
  rootSeen = false;
  private readonly names: string[] = [];
  private readonly attributes: (Record<string, string> | undefined)[] = [];
  private readonly children: (Record<string, unknown> | undefined)[] = [];
  private readonly texts: string[] = [];

  constructor(
    private readonly source: string,
    private readonly isRepeated: (name: string) => boolean,
  ) {}

  open(tag: SaxesTagPlain, end: number): void {
    const name = remembered(elementNames, tag.name, elementName);
    if (name === undefined) outside();
    const attributes = this.attributesOf(tag, end);
    const depth = this.depth;
    let into: Record<string, unknown>;
    if (depth > 0) {
      // Text beside child elements (mixed content) is the library's business.
      if (!isBlank(this.texts[depth - 1] as string)) outside();
      this.texts[depth - 1] = '';
      into = this.children[depth - 1] ??= {};
    } else {
      this.rootSeen = true;
      into = this.document;
    }
    // An empty element is its attributes, or '' without any; saxes closes it at once, which close() skips.
    if (tag.isSelfClosing) {
      this.add(into, name, attributes ?? '');
      return;
    }
    if (depth >= MAX_DEPTH) outside();
    this.names[depth] = name;
    this.attributes[depth] = attributes;
    this.children[depth] = undefined;
    this.texts[depth] = '';
    this.depth = depth + 1;
  }

  close(tag: SaxesTagPlain): void {
    if (tag.isSelfClosing) return;
    const depth = this.depth - 1;
    this.depth = depth;
    const attributes = this.attributes[depth];
    const children = this.children[depth];
    const text = this.texts[depth] as string;
    let value: unknown;
    if (children) {
      if (!isBlank(text)) outside();
      // Child elements, then the attributes: the library's key order.
      value = attributes ? Object.assign(children, attributes) : children;
    } else {
      const trimmed = text.trim();
      value = !attributes ? trimmed : trimmed === '' ? attributes : { '#text': trimmed, ...attributes };
    }
    this.attributes[depth] = undefined;
    this.children[depth] = undefined;
    this.texts[depth] = '';
    this.add(depth > 0 ? (this.children[depth - 1] as Record<string, unknown>) : this.document, this.names[depth] as string, value);
  }

  /**
   * saxes gives the text between two tags in one event; a second one before the next tag means a comment came
   * between (processing instructions and CDATA end the reading). The library joins the trimmed pieces of text
   * beside a comment, so text before a comment is its business.
   */
  text(text: string): void {
    // Outside the root saxes allows only whitespace, which the tree does not keep.
    if (this.depth === 0) return;
    const before = this.texts[this.depth - 1] as string;
    if (before !== '' && !isBlank(before)) outside();
    this.texts[this.depth - 1] = before + text;
  }

  private add(into: Record<string, unknown>, name: string, value: unknown): void {
    const existing = into[name];
    if (existing === undefined) into[name] = this.isRepeated(name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else into[name] = [existing, value];
  }

  /** `@_Name` keys, prefixes and `xmlns` declarations dropped, values trimmed; undefined when none is kept. */
  private attributesOf(tag: SaxesTagPlain, end: number): Record<string, string> | undefined {
    const raw = tag.attributes;
    let values: Record<string, string> | undefined;
    let kept = 0;
    let prefixed = false;
    let spaced = false;
    // Object.keys over saxes's null-prototype record: a third cheaper than for...in on a city's answer.
    const names = Object.keys(raw);
    for (let i = 0; i < names.length; i += 1) {
      const rawName = names[i] as string;
      const key = remembered(attributeKeys, rawName, attributeKey);
      if (key === undefined) outside();
      if (key === '') continue;
      const value = (raw[rawName] as string).trim();
      (values ??= {})[key] = value;
      kept += 1;
      // '@_' and the raw name, unless a prefix was dropped.
      if (key.length !== rawName.length + 2) prefixed = true;
      if (!spaced && value.includes(' ')) spaced = true;
    }
    // saxes refuses a name given twice; two names the same once their prefixes are dropped are the library's.
    if (prefixed && values && Object.keys(values).length !== kept) outside();
    // saxes turns a tab or line end inside an attribute value into a space, the library keeps it: a tag with a
    // space in a value is read again in the text to tell them apart (a value holds no '<').
    if (spaced && TAB_OR_LINE_END_IN_VALUE.test(this.source.slice(this.source.lastIndexOf('<', end - 1), end))) outside();
    return values;
  }
}

const TAB_OR_LINE_END_IN_VALUE = /=[ \t\r\n]*(?:"[^"]*[\t\r\n]|'[^']*[\t\r\n])/;
/** fast-xml-parser's maxNestedTags: deeper documents go to it, and it refuses them. */
const MAX_DEPTH = 100;
/**
 * fast-xml-parser renames or refuses names of Object.prototype's properties (toString, __proto__, constructor)
 * and `prototype`: documents with such a name go to it.
 */
function isReserved(name: string): boolean {
  return name in Object.prototype || name === 'prototype';
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
  if (!isPlainName(raw)) return undefined;
  const colon = raw.indexOf(':');
  if (colon >= 0 && raw.indexOf(':', colon + 1) >= 0) return undefined;
  const prefix = colon < 0 ? '' : raw.slice(0, colon);
  const name = colon < 0 ? raw : raw.slice(colon + 1);
  if (prefix === 'xmlns' || name === '' || !isNameStart(name.charCodeAt(0)) || isReserved(name)) return undefined;
  return name;
}

/** An attribute's name without its prefix; '' for namespace declarations, which the library drops. */
function attributeName(raw: string): string | undefined {
  if (!isPlainName(raw)) return undefined;
  const colon = raw.indexOf(':');
  if (colon >= 0 && raw.indexOf(':', colon + 1) >= 0) return undefined;
  const prefix = colon < 0 ? raw : raw.slice(0, colon);
  if (prefix === 'xmlns') return '';
  const name = colon < 0 ? raw : raw.slice(colon + 1);
  if (name === '' || !isNameStart(name.charCodeAt(0)) || isReserved(name)) return undefined;
  return name;
}

/** XML whitespace only (saxes has already made every line end one LF). */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x09) return false;
  }
  return true;
}

/** An ASCII name: saxes accepts any XML name, the shapes here are checked for these. */
function isPlainName(raw: string): boolean {
  if (!isNameStart(raw.charCodeAt(0))) return false;
  for (let i = 1; i < raw.length; i += 1) if (!isNameChar(raw.charCodeAt(i))) return false;
  return true;
}

/** ASCII letters and underscore (a colon only inside a name, where it marks the prefix). */
function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code === 0x3a;
}
