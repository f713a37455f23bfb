/**
 * The ECB's two files written as the ECB writes them (test/fixtures/ecb/ keeps a published one of each, and
 * test/unit/fx-ecb-feed.test.ts checks that these functions give those files back byte for byte from their
 * own figures):
 *
 * - eurofxref-daily.xml: the XML declaration on its own line, then one element per line, indented with tabs,
 *   attributes in single quotes, no line end after the closing envelope;
 * - eurofxref-hist-90d.xml: the declaration, envelope, subject, sender and outer Cube run on the first day's
 *   line, one line per day after that, newest first, attributes in double quotes, a line end after the
 *   closing envelope.
 *
 * The same two namespaces (gesmes for the envelope, the eurofxref vocabulary as the default for the Cubes),
 * the same element order, the figures as given (the caller's text is the published figure).
 */
export const GESMES = 'http://www.gesmes.org/xml/2002-08-01';
export const EUROFXREF = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';

export interface EcbFileDay {
  readonly date: string;
  /** Currency → units per EUR, in the order the file lists them. */
  readonly perEur: Readonly<Record<string, string>>;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const ENVELOPE_OPEN = `<gesmes:Envelope xmlns:gesmes="${GESMES}" xmlns="${EUROFXREF}">`;

export function dailyFile(day: EcbFileDay): string {
  const lines = [
    DECLARATION,
    ENVELOPE_OPEN,
    '\t<gesmes:subject>Reference rates</gesmes:subject>',
    '\t<gesmes:Sender>',
    '\t\t<gesmes:name>European Central Bank</gesmes:name>',
    '\t</gesmes:Sender>',
    '\t<Cube>',
    `\t\t<Cube time='${day.date}'>`,
    ...Object.entries(day.perEur).map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`),
    '\t\t</Cube>',
    '\t</Cube>',
    '</gesmes:Envelope>',
  ];
  return lines.join('\n');
}

/** `days` newest first, as the ECB lists them. */
export function ninetyDayFile(days: readonly EcbFileDay[]): string {
  const dayCube = (day: EcbFileDay) =>
    `<Cube time="${day.date}">${Object.entries(day.perEur)
      .map(([currency, rate]) => `<Cube currency="${currency}" rate="${rate}"/>`)
      .join('')}</Cube>`;
  const head = `${DECLARATION}${ENVELOPE_OPEN}<gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>`;
  return `${head}${days.map(dayCube).join('\n')}</Cube></gesmes:Envelope>\n`;
}
