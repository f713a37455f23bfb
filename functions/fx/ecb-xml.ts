/**
 * The ECB's euro foreign exchange reference rates in the ECB's own XML layout, as eurofxref-daily.xml (one
 * day) and eurofxref-hist-90d.xml (the last 90 days, newest first) are published:
 *
 *   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
 *                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *     <gesmes:subject>Reference rates</gesmes:subject>
 *     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
 *     <Cube>
 *       <Cube time="2026-11-27"> <Cube currency="USD" rate="1.0411"/> ... </Cube>
 *       ...
 *     </Cube>
 *   </gesmes:Envelope>
 *
 * Read with saxes, namespaces resolved, so the elements are known by namespace and name whatever prefixes a
 * file uses, and nothing but that structure is accepted: an unknown element, a second envelope, text where
 * none belongs, a DOCTYPE (no entity of anyone's is ever expanded), a day without a date, a currency twice in
 * a day, a figure that is not a plain positive decimal. A figure is kept as the file writes it (the daily file
 * writes "0.84585", the 90-day file "3.308"): it is the published figure, and conversions are made with its
 * exact decimal value. test/fixtures/ecb/ holds a published file of each kind, which the tests read byte for byte.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export const GESMES_NAMESPACE = 'http://www.gesmes.org/xml/2002-08-01';
export const EUROFXREF_NAMESPACE = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';

export interface EcbDay {
  /** `Cube time`, YYYY-MM-DD. */
  readonly date: string;
  /** Units per 1 EUR by currency, as written. */
  readonly perEur: Readonly<Record<string, string>>;
}

export interface EcbFile {
  readonly subject: string;
  readonly sender: string;
  /** In the file's order (the 90-day file: newest first). */
  readonly days: readonly EcbDay[];
}

export class EcbXmlError extends Error {
  override readonly name = 'EcbXmlError';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const FIGURE = /^\d{1,12}(\.\d{1,12})?$/;

type Place = 'document' | 'envelope' | 'subject' | 'sender' | 'name' | 'cubes' | 'day' | 'rate';

/** What may open where: [parent place, namespace, local name] → the place it opens. */
const CHILDREN: readonly (readonly [Place, string, string, Place])[] = [
  ['document', GESMES_NAMESPACE, 'Envelope', 'envelope'],
  ['envelope', GESMES_NAMESPACE, 'subject', 'subject'],
  ['envelope', GESMES_NAMESPACE, 'Sender', 'sender'],
  ['sender', GESMES_NAMESPACE, 'name', 'name'],
  ['envelope', EUROFXREF_NAMESPACE, 'Cube', 'cubes'],
  ['cubes', EUROFXREF_NAMESPACE, 'Cube', 'day'],
  ['day', EUROFXREF_NAMESPACE, 'Cube', 'rate'],
];

export function parseEcbXml(xml: string): EcbFile {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Place[] = ['document'];
  const days: EcbDay[] = [];
  let subject = '';
  let sender = '';
  let envelopes = 0;
  let cubes = 0;
  let day: { date: string; perEur: Record<string, string> } | undefined;
  const fail = (why: string): never => {
    throw new EcbXmlError(`not the ECB's reference rates layout: ${why} (line ${parser.line})`);
  };

  parser.on('doctype', () => fail('a DOCTYPE'));
  parser.on('processinginstruction', () => fail('a processing instruction'));
  parser.on('cdata', () => fail('a CDATA section'));
  parser.on('error', (error) => fail(error.message));
  parser.on('text', (text) => {
    const place = stack[stack.length - 1];
    if (place === 'subject') subject += text;
    else if (place === 'name') sender += text;
    else if (text.trim() !== '') fail(`text in ${place}`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack[stack.length - 1]!;
    const child = CHILDREN.find(([from, uri, local]) => from === parent && uri === tag.uri && local === tag.local);
    if (!child) return fail(`<${tag.name}> (namespace ${tag.uri || 'none'}) inside ${parent}`);
    const place = child[3];
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.uri ? `{${a.uri}}${a.local}` : a.local, a.value]));
    const unexpected = Object.keys(attributes).filter(
      (name) =>
        !name.startsWith('{http://www.w3.org/2000/xmlns/}') &&
        name !== 'xmlns' &&
        !(place === 'day' && name === 'time') &&
        !(place === 'rate' && (name === 'currency' || name === 'rate')),
    );
    if (unexpected.length > 0) fail(`attribute ${unexpected[0]} on <${tag.name}>`);
    if (place === 'envelope' && ++envelopes > 1) fail('a second envelope');
    if (place === 'cubes' && ++cubes > 1) fail('a second outer Cube');
    if (place === 'day') {
      const date = attributes.time;
      if (date === undefined || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) fail(`a day dated "${date ?? ''}"`);
      if (days.some((d) => d.date === date)) fail(`the day ${date} twice`);
      day = { date: date!, perEur: {} };
    }
    if (place === 'rate') {
      const { currency, rate } = attributes;
      if (currency === undefined || !CURRENCY.test(currency)) fail(`a currency "${currency ?? ''}" on ${day!.date}`);
      if (rate === undefined || !FIGURE.test(rate) || /^0+(\.0+)?$/.test(rate))
        fail(`the figure "${rate ?? ''}" for ${currency} on ${day!.date}`);
      if (Object.hasOwn(day!.perEur, currency!)) fail(`${currency} twice on ${day!.date}`);
      day!.perEur[currency!] = rate!;
    }
    stack.push(place);
  });
  parser.on('closetag', () => {
    const place = stack.pop();
    if (place === 'day') {
      if (Object.keys(day!.perEur).length === 0) fail(`no figures on ${day!.date}`);
      days.push(day!);
      day = undefined;
    }
  });

  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof EcbXmlError) throw error;
    throw new EcbXmlError(`not the ECB's reference rates layout: ${(error as Error).message}`);
  }
  if (envelopes !== 1) fail('no envelope');
  if (days.length === 0) fail('no day of figures');
  return { subject: subject.trim(), sender: sender.trim(), days };
}
