import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saxTree } from '../../functions/suppliers/opentravel/sax-tree.js';
import { declaresDoctype, parseWithLibrary, parseXml } from '../../functions/suppliers/opentravel/xml.js';

/**
 * parseXml reads plain XML with saxes (sax-tree.ts) and everything else with fast-xml-parser. The library
 * is the reference: on every document, generated or real, parseXml must give what the library gives, or
 * throw what it throws; except a document that declares a DOCTYPE, which no parser is given (XXE, entity
 * expansion: test/integration/supplier-boundary-xml.test.ts).
 */
const outcome = (parse: () => unknown): unknown => {
  try {
    return { parsed: parse() };
  } catch (error) {
    return { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
};
const REFUSED = { threw: 'XmlDoctypeError: the document declares a DOCTYPE; OpenTravel messages have none' };
const asLibrary = (xml: string): unknown => (declaresDoctype(xml) ? REFUSED : outcome(() => parseWithLibrary(xml)));

const FIXTURES = resolve(import.meta.dirname, '../fixtures/opentravel');
const SPEC_SAMPLES = resolve(import.meta.dirname, '../../specs/opentravel/check-samples');
const realDocuments: [string, string][] = [
  ...readdirSync(FIXTURES).map((name): [string, string] => [
    name,
    name.endsWith('.xml.gz')
      ? gunzipSync(readFileSync(resolve(FIXTURES, name))).toString('utf8')
      : readFileSync(resolve(FIXTURES, name), 'utf8'),
  ]),
  ...readdirSync(SPEC_SAMPLES).map((name): [string, string] => [name, readFileSync(resolve(SPEC_SAMPLES, name), 'utf8')]),
].filter(([name]) => name.endsWith('.xml') || name.endsWith('.xml.gz'));
// The hand-written ones as a supplier on Windows would send them.
const withCrlf = realDocuments
  .filter(([name]) => name.endsWith('.xml'))
  .map(([name, xml]): [string, string] => [`${name} with CRLF line ends`, xml.replace(/\n/g, '\r\n')]);

describe('parseXml against fast-xml-parser', () => {
  it.each([...realDocuments, ...withCrlf])('%s: built from saxes events, to what the library gives', (_name, xml) => {
    const plain = saxTree(xml, () => false);
    expect(plain).toBeDefined();
    expect(parseXml(xml)).toStrictEqual(parseWithLibrary(xml));
  });

  // Names the OTA reader repeats (RoomStay, Text, Tax) or not, with and without a namespace prefix, and a few
  // the library treats specially.
  const elementName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('RoomStay', 'Text', 'Tax', 'Total', 'ota:RoomStay', 'ota:Total', 'x-y.z') },
    { weight: 1, arbitrary: fc.constantFrom('a:b:c', 'toString', 'xmlns:x', '1st') },
  );
  const attributeName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('Code', 'Amount', 'xmlns', 'xmlns:ota', 'xml:lang', 'ota:Code') },
    { weight: 1, arbitrary: fc.constantFrom('a:b:c', '__proto__', 'hasOwnProperty') },
  );
  const value = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom('', ' 12.50 ', 'B&amp;B', '&lt;b&gt;', '&amp;lt;', '"q"', "'q'", ' \n\t ', 'x>y', 'GBP', 'a\r\nb'),
    },
    { weight: 1, arbitrary: fc.constantFrom('&#38;', '&#x26;', '&foo;', 'a & b', 'a]]>b') },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const quoting = fc.oneof({ weight: 8, arbitrary: fc.constantFrom('"', "'") }, { weight: 1, arbitrary: fc.constantFrom('', ' = "') });
  const space = fc.constantFrom(' ', ' ', '\n', '\r\n', '\t');
  const attribute = fc.tuple(space, attributeName, value, quoting).map(([before, name, v, quote]) => {
    if (quote === '') return `${before}${name}=${v.replace(/\s/g, '')}`;
    if (quote === ' = "') return `${before}${name} = "${v.replace(/"/g, '')}"`;
    return `${before}${name}=${quote}${v.split(quote).join('')}${quote}`;
  });
  const misc = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('', '  ', '\n', '\r\n  ', '\r', '<!-- note -->', 'text', 'a\r\nb') },
    { weight: 1, arbitrary: fc.constantFrom('<![CDATA[ raw <x> ]]>', '<?pi data?>', '<!-- a -- b -->', '<!DOCTYPE x>') },
  );
  const element: fc.Memo<string> = fc.memo((depth) =>
    fc
      .tuple(
        elementName,
        fc.array(attribute, { maxLength: 3 }),
        depth <= 1
          ? fc.oneof(value, misc)
          : fc.oneof(
              value,
              fc
                .array(fc.oneof({ weight: 3, arbitrary: element(depth - 1) }, { weight: 1, arbitrary: misc }), { maxLength: 4 })
                .map((parts) => parts.join('')),
            ),
        fc.boolean(),
      )
      .map(([name, attributes, content, selfClosing]) =>
        selfClosing && content === '' ? `<${name}${attributes.join('')}/>` : `<${name}${attributes.join('')}>${content}</${name}>`,
      ),
  );
  const declaration = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?>\n', ' ') },
    { weight: 1, arbitrary: fc.constantFrom('\uFEFF', '<?xml version="1.0" standalone?>') },
  );
  const ending = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('', '\n', '<!-- end -->') },
    { weight: 1, arbitrary: fc.constantFrom(' <extra/>', 'tail') },
  );
  const document = fc.tuple(declaration, element(4), ending).map((parts) => parts.join(''));
  const isRepeated = (name: string) => ['RoomStay', 'Text', 'Tax'].includes(name);

  it('generated documents: the same tree, or the same error', () => {
    fc.assert(
      fc.property(document, (xml) => {
        expect(outcome(() => parseXml(xml))).toStrictEqual(asLibrary(xml));
      }),
      { numRuns: 3000 },
    );
  });

  it('generated documents cut short or with a character dropped: the same tree, or the same error', () => {
    fc.assert(
      fc.property(document, fc.nat(), fc.boolean(), (xml, at, cut) => {
        const index = at % Math.max(1, xml.length);
        const broken = cut ? xml.slice(0, index) : xml.slice(0, index) + xml.slice(index + 1);
        expect(outcome(() => parseXml(broken))).toStrictEqual(asLibrary(broken));
      }),
      { numRuns: 3000 },
    );
  });

  it('the reader takes most generated documents itself (the comparison is not all fallback)', () => {
    const sample = fc.sample(document, { numRuns: 500, seed: 7 });
    const taken = sample.filter((xml) => saxTree(xml, isRepeated) !== undefined).length;
    expect(taken / sample.length).toBeGreaterThan(0.2);
  });
});
