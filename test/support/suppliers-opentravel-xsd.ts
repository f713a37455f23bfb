import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { specPath } from './spec-paths.js';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import type { FetchLike } from '../../functions/suppliers/http-client.js';

/**
 * Validates OpenTravel messages against the published 2015B XSDs with libxml2 compiled to WebAssembly
 * (xmllint-wasm), so `npm ci` is all a machine needs. The 21 schema files are read once; every call
 * compiles one wrapper schema that includes the eight message schemas (libxml2 includes each shared
 * library once), which costs about 0.3 s, so callers validate a batch of documents per call.
 *
 * A document is valid only against the message schema of its own root element, since each OTA_*.xsd
 * declares exactly one global message element; `expectedRoot` additionally pins which message it must be.
 */
export const OPENTRAVEL_SPECS = specPath('opentravel');

export const OTA_MESSAGES = [
  'OTA_HotelAvailRQ',
  'OTA_HotelAvailRS',
  'OTA_HotelResRQ',
  'OTA_HotelResRS',
  'OTA_CancelRQ',
  'OTA_CancelRS',
  'OTA_HotelResModifyRQ',
  'OTA_HotelResModifyRS',
] as const;

export interface XmlDocumentToCheck {
  /** A label for reports ("exchange 3 request"). */
  readonly label: string;
  readonly xml: string;
  readonly expectedRoot?: string;
}

export interface XsdReport {
  readonly label: string;
  readonly problems: string[];
}

let schemaFiles: XMLFileInfo[] | undefined;

function loadSchemas(): XMLFileInfo[] {
  schemaFiles ??= readdirSync(OPENTRAVEL_SPECS)
    .filter((name) => name.endsWith('.xsd'))
    .sort()
    .map((fileName) => ({ fileName, contents: readFileSync(resolve(OPENTRAVEL_SPECS, fileName)) }));
  return schemaFiles;
}

const WRAPPER: XMLFileInfo = {
  fileName: 'opentravel-messages.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="http://www.opentravel.org/OTA/2003/05" targetNamespace="http://www.opentravel.org/OTA/2003/05" elementFormDefault="qualified">
${OTA_MESSAGES.map((message) => `  <xs:include schemaLocation="${message}.xsd"/>`).join('\n')}
</xs:schema>
`,
};

export function schemaFileCount(): number {
  return loadSchemas().length;
}

function rootName(xml: string): string | undefined {
  return /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, ''))?.[1];
}

/** Validates every document; the answer lists each document's problems (empty when valid). */
export async function validateOtaDocuments(documents: readonly XmlDocumentToCheck[]): Promise<XsdReport[]> {
  if (documents.length === 0) return [];
  const files = documents.map((document, index) => ({ fileName: `doc-${index}.xml`, contents: document.xml }));
  const result = await validateXML({
    xml: files,
    schema: [WRAPPER],
    preload: loadSchemas(),
    initialMemoryPages: 64 * memoryPages.MiB,
    maxMemoryPages: memoryPages.GiB,
  });
  return documents.map((document, index) => {
    const fileName = `doc-${index}.xml`;
    const problems = result.errors
      .filter((error) => error.loc?.fileName === fileName || error.rawMessage.startsWith(`${fileName}:`))
      .map((error) => error.message.trim());
    const root = rootName(document.xml);
    if (!root || !(OTA_MESSAGES as readonly string[]).includes(root))
      problems.push(`root element ${root ?? '(none)'} is not one of the published messages`);
    if (document.expectedRoot && root !== document.expectedRoot)
      problems.push(`root element ${root ?? '(none)'}, expected ${document.expectedRoot}`);
    if (!result.valid && problems.length === 0 && !result.rawOutput.includes(`${fileName} validates`))
      problems.push(result.rawOutput.trim());
    return { label: document.label, problems };
  });
}

export interface XmlExchange {
  readonly url: string;
  readonly method: string;
  readonly requestBody?: string;
  readonly status: number;
  readonly contentType: string;
  readonly responseBody: string;
}

/** A fetch that records every exchange, so a test can validate all of them against the XSDs. */
export function recordingXmlFetch(): { fetch: FetchLike; exchanges: XmlExchange[] } {
  const exchanges: XmlExchange[] = [];
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.text();
    exchanges.push({
      url: input,
      method: String(init.method ?? 'GET'),
      ...(typeof init.body === 'string' ? { requestBody: init.body } : {}),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      responseBody: body,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch: recording, exchanges };
}

/** The RS that answers an RQ. */
export function responseRootFor(requestXml: string): string | undefined {
  const root = rootName(requestXml);
  return root?.endsWith('RQ') ? `${root.slice(0, -2)}RS` : undefined;
}
