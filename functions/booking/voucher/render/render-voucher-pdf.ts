/**
 * The voucher as an A4 PDF (pdf-lib), with DejaVu Sans embedded as a subset so guest names in Latin, Greek
 * and Cyrillic scripts print as written. Layout is a single column flowing onto further pages when a long
 * booking (many rooms, a long policy) needs them; long names and addresses wrap inside their column.
 */
// fontkit's build calls the global regeneratorRuntime when it shapes some scripts (Tifinagh, through its
// universal shaper) and ships none: without it such a name failed the voucher with a ReferenceError.
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, degrees, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { VoucherContent } from './voucher-content.js';
import { loadVoucherFonts } from './voucher-fonts.js';
import { voucherView, type BannerTone, type VoucherField, type VoucherView } from './voucher-view.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER = 36; // room kept at the bottom of every page for the footer line
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const LABEL_WIDTH = 160;
const COLUMN_GAP = 24;
const HALF_WIDTH = (CONTENT_WIDTH - COLUMN_GAP) / 2;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const TABLE_HEAD = rgb(0.93, 0.94, 0.96);

const TONES: Readonly<Record<BannerTone, RGB>> = {
  confirmed: rgb(0.1, 0.45, 0.25),
  pending: rgb(0.7, 0.45, 0.05),
  cancelled: rgb(0.75, 0.1, 0.1),
  failed: rgb(0.75, 0.1, 0.1),
};

/**
 * Text the font can draw. pdf-lib throws on a character the embedded font has no glyph for (CJK, emoji:
 * DejaVu Sans covers Latin, Greek and Cyrillic but not those), so each such character is replaced by a
 * visible "?" rather than failing the whole voucher; invisible format characters (zero-width joiners,
 * direction marks) are dropped and control characters other than newline become spaces. NFC first, so a name stored as "e" +
 * combining diaeresis uses the precomposed glyph.
 */
function printable(text: string, glyphs: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n')
      out += char; // kept: wrap() starts a new line there
    else if (/\p{Cc}/u.test(char)) out += ' ';
    else if (/\p{Cf}/u.test(char)) continue;
    else out += glyphs.has(code) ? char : '?';
  }
  return out;
}

interface Face {
  readonly font: PDFFont;
  readonly glyphs: ReadonlySet<number>;
}

interface TextStyle {
  readonly face: Face;
  readonly size: number;
  readonly color?: RGB;
}

/** Splits text into lines no wider than `width`; a word longer than a line is broken between characters. */
function wrap(text: string, style: TextStyle, width: number): string[] {
  const fits = (s: string) => style.face.font.widthOfTextAtSize(s, style.size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (rest && !fits(rest)) {
        const chars = [...rest];
        let n = chars.length - 1;
        while (n > 1 && !fits(chars.slice(0, n).join(''))) n--;
        lines.push(chars.slice(0, n).join(''));
        rest = chars.slice(n).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

const lineHeight = (size: number) => size * 1.35;

/** A top-down writing position over as many pages as the content needs. */
class Flow {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly onNewPage: (page: PDFPage) => void,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.onNewPage(this.page);
    this.y = A4[1] - MARGIN;
  }

  /** Moves to a new page unless `height` still fits above the footer. */
  need(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  /** Draws wrapped text at x (relative to the margin) and returns the height used. */
  text(text: string, style: TextStyle, x = 0, width = CONTENT_WIDTH - x): number {
    const lines = wrap(printable(text, style.face.glyphs), style, width);
    const step = lineHeight(style.size);
    for (const line of lines) {
      this.need(step);
      this.page.drawText(line, {
        x: MARGIN + x,
        y: this.y - style.size,
        size: style.size,
        font: style.face.font,
        color: style.color ?? INK,
      });
      this.y -= step;
    }
    return lines.length * step;
  }

  gap(height: number): void {
    this.y -= height;
  }

  rule(color: RGB = RULE): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.75, color });
  }
}

interface Faces {
  readonly regular: Face;
  readonly bold: Face;
}

function heading(flow: Flow, faces: Faces, title: string, x = 0, width = CONTENT_WIDTH): void {
  flow.need(HEADING_HEIGHT + 2 * lineHeight(10)); // never a heading alone at the foot of a page
  flow.gap(12);
  flow.text(title, { face: faces.bold, size: 12 }, x, width);
  flow.gap(2);
  flow.page.drawLine({ start: { x: MARGIN + x, y: flow.y }, end: { x: MARGIN + x + width, y: flow.y }, thickness: 0.75, color: RULE });
  flow.gap(5);
}

const HEADING_HEIGHT = 12 + lineHeight(12) + 2 + 5;

const FIELD_SIZE = 10;

/** The wrapped lines of a label / value row within a column of `width` whose labels take `labelWidth`. */
function fieldLines(faces: Faces, row: VoucherField, width: number, labelWidth: number): { label: string[]; value: string[] } {
  return {
    label: wrap(printable(row.label, faces.regular.glyphs), { face: faces.regular, size: FIELD_SIZE }, labelWidth - 8),
    value: wrap(printable(row.value, faces.regular.glyphs), { face: faces.regular, size: FIELD_SIZE }, width - labelWidth),
  };
}

function fieldsHeight(faces: Faces, rows: readonly VoucherField[], width: number, labelWidth: number): number {
  return rows.reduce((sum, row) => {
    const lines = fieldLines(faces, row, width, labelWidth);
    return sum + lineHeight(FIELD_SIZE) * Math.max(lines.label.length, lines.value.length);
  }, 0);
}

/** Label / value rows; a value that wraps stays in its column. */
function fields(flow: Flow, faces: Faces, rows: readonly VoucherField[], x = 0, width = CONTENT_WIDTH, labelWidth = LABEL_WIDTH): void {
  const labelStyle = { face: faces.regular, size: FIELD_SIZE, color: MUTED };
  const valueStyle = { face: faces.regular, size: FIELD_SIZE };
  for (const row of rows) {
    const lines = fieldLines(faces, row, width, labelWidth);
    flow.need(lineHeight(FIELD_SIZE) * Math.max(lines.value.length, lines.label.length));
    const top = flow.y;
    const page = flow.page;
    flow.text(row.label, labelStyle, x, labelWidth - 8);
    const afterLabel = flow.y;
    flow.y = top;
    flow.text(row.value, valueStyle, x + labelWidth, width - labelWidth);
    // A value longer than a page continues on the next one; only on the same page can the label be lower.
    if (flow.page === page) flow.y = Math.min(flow.y, afterLabel);
  }
}

interface FieldSection {
  readonly title: string;
  readonly rows: readonly VoucherField[];
  readonly labelWidth: number;
}

/** Two short field sections side by side (stay | lead guest): a voucher a guest can read on one page. */
function sideBySide(flow: Flow, faces: Faces, left: FieldSection, right: FieldSection): void {
  const height =
    HEADING_HEIGHT +
    Math.max(fieldsHeight(faces, left.rows, HALF_WIDTH, left.labelWidth), fieldsHeight(faces, right.rows, HALF_WIDTH, right.labelWidth));
  flow.need(height); // both columns start on the same page, so neither can break
  const top = flow.y;
  heading(flow, faces, left.title, 0, HALF_WIDTH);
  fields(flow, faces, left.rows, 0, HALF_WIDTH, left.labelWidth);
  const afterLeft = flow.y;
  flow.y = top;
  heading(flow, faces, right.title, HALF_WIDTH + COLUMN_GAP, HALF_WIDTH);
  fields(flow, faces, right.rows, HALF_WIDTH + COLUMN_GAP, HALF_WIDTH, right.labelWidth);
  flow.y = Math.min(flow.y, afterLeft);
}

function banner(flow: Flow, faces: Faces, view: VoucherView): void {
  const color = TONES[view.banner.tone];
  const detailStyle = { face: faces.regular, size: 10, color: rgb(1, 1, 1) };
  const detailLines = wrap(printable(view.banner.detail, faces.regular.glyphs), detailStyle, CONTENT_WIDTH - 24);
  const height = 12 + lineHeight(18) + detailLines.length * lineHeight(10) + 8;
  flow.need(height);
  flow.page.drawRectangle({ x: MARGIN, y: flow.y - height, width: CONTENT_WIDTH, height, color });
  flow.gap(10);
  flow.text(view.banner.text, { face: faces.bold, size: 18, color: rgb(1, 1, 1) }, 12);
  flow.text(view.banner.detail, detailStyle, 12, CONTENT_WIDTH - 24);
  flow.gap(10);
}

/** The policy as a table: from (UTC) | from (hotel local time) | penalty. Rows wrap within their cells. */
function policyTable(flow: Flow, faces: Faces, view: VoucherView): void {
  const size = 9.5;
  const columns = [
    { title: 'From (UTC)', width: 140 },
    { title: 'From (hotel local time)', width: 200 },
    { title: 'Penalty', width: CONTENT_WIDTH - 340 },
  ];
  const pad = 5;
  const drawRow = (cells: readonly string[], face: Face, fill?: RGB) => {
    const wrapped = cells.map((cell, i) => wrap(printable(cell, face.glyphs), { face, size }, columns[i]!.width - 2 * pad));
    const height = Math.max(...wrapped.map((l) => l.length)) * lineHeight(size) + 2 * pad;
    flow.need(height);
    if (fill) flow.page.drawRectangle({ x: MARGIN, y: flow.y - height, width: CONTENT_WIDTH, height, color: fill });
    let x = MARGIN;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) => {
        flow.page.drawText(line, { x: x + pad, y: flow.y - pad - size - n * lineHeight(size), size, font: face.font, color: INK });
      });
      x += columns[i]!.width;
    });
    flow.y -= height;
    flow.rule();
  };
  flow.need(2 * (lineHeight(size) + 2 * pad)); // the header is never the last line of a page
  drawRow(
    columns.map((c) => c.title),
    faces.bold,
    TABLE_HEAD,
  );
  for (const row of view.cancellation.rows) drawRow([row.fromUtc, row.fromLocal, row.penalty], faces.regular);
}

function watermark(page: PDFPage, face: Face, text: string, color: RGB): void {
  const angle = 35 * (Math.PI / 180);
  const capHeight = 0.73; // of the font size, DejaVu Sans Bold
  // As large as fits across 80 % of the page width along the slant, at most 96 pt.
  const unitWidth = face.font.widthOfTextAtSize(text, 1);
  const size = Math.min(96, (0.8 * A4[0]) / (unitWidth * Math.cos(angle) + capHeight * Math.sin(angle)));
  const width = unitWidth * size;
  const height = capHeight * size;
  // pdf-lib rotates about the start of the baseline: step back from the page centre by half the text box.
  const x = A4[0] / 2 - ((width / 2) * Math.cos(angle) - (height / 2) * Math.sin(angle));
  const y = A4[1] / 2 - ((width / 2) * Math.sin(angle) + (height / 2) * Math.cos(angle));
  page.drawText(text, { x, y, size, font: face.font, color, opacity: 0.12, rotate: degrees(35) });
}

export interface RenderVoucherOptions {
  /** When the voucher is issued; now unless given (tests fix it). */
  readonly issuedAt?: Date;
  /** Where the fonts are (VOUCHER_FONT_DIR, the Lambda bundle's copy); node_modules unless given. */
  readonly fontDir?: string;
}

export async function renderVoucherPdf(content: VoucherContent, options: RenderVoucherOptions = {}): Promise<Uint8Array> {
  const issuedAt = options.issuedAt ?? new Date();
  const view = voucherView(content, issuedAt);
  const bytes = await loadVoucherFonts(options.fontDir);

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embed = async (data: Uint8Array): Promise<Face> => {
    const font = await doc.embedFont(data, { subset: true });
    return { font, glyphs: new Set(font.getCharacterSet()) };
  };
  const faces: Faces = { regular: await embed(bytes.regular), bold: await embed(bytes.bold) };

  doc.setTitle(printable(`Hotel voucher ${content.bookingId}`, faces.regular.glyphs));
  doc.setSubject(printable(`${content.property.name}, ${content.stay.checkIn} to ${content.stay.checkOut}`, faces.regular.glyphs));
  doc.setCreator('Hotel booking API');
  doc.setProducer('Hotel booking API (pdf-lib)');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  // A voucher that is not valid for a stay says so on every page, not only in the banner on the first.
  const invalid = content.status === 'cancelled' || content.status === 'failed';
  const flow = new Flow(doc, (page) => {
    if (invalid) watermark(page, faces.bold, view.banner.text, TONES[view.banner.tone]);
  });

  flow.text(view.title, { face: faces.bold, size: 22 });
  flow.gap(8);
  banner(flow, faces, view);
  flow.gap(4);
  fields(flow, faces, view.references);

  heading(flow, faces, 'Hotel');
  flow.text(view.property.name, { face: faces.bold, size: 12 });
  if (view.property.stars) flow.text(view.property.stars, { face: faces.regular, size: 10, color: rgb(0.75, 0.55, 0.05) });
  for (const line of view.property.lines) flow.text(line, { face: faces.regular, size: 10 });

  sideBySide(
    flow,
    faces,
    { title: 'Stay', rows: view.stay, labelWidth: 72 },
    { title: 'Lead guest (booking holder)', rows: view.holder, labelWidth: 56 },
  );

  heading(flow, faces, view.rooms.length === 1 ? 'Room' : `Rooms (${view.rooms.length})`);
  for (const [i, room] of view.rooms.entries()) {
    if (i > 0) flow.gap(6);
    flow.need(3 * lineHeight(10.5));
    flow.text(room.heading, { face: faces.bold, size: 10.5 });
    fields(flow, faces, [
      { label: 'Board', value: room.board },
      { label: room.guests.length === 1 ? 'Guest' : 'Guests', value: room.guests.join('\n') },
      ...(room.request ? [{ label: 'Special request', value: room.request }] : []),
    ]);
  }

  // The heading, the sentences introducing the table, its header and first row stay together.
  const intro = (view.cancelled.length > 0 ? 1 : 0) + view.cancellation.summary.length;
  const introHeight = (intro + (view.cancellation.rows.length > 0 ? 3 : 0)) * lineHeight(10) + 26;
  flow.need(HEADING_HEIGHT + fieldsHeight(faces, view.cancelled, CONTENT_WIDTH, LABEL_WIDTH) + introHeight);
  heading(flow, faces, 'Cancellation');
  fields(flow, faces, view.cancelled);
  flow.need(introHeight);
  if (view.cancelled.length > 0) {
    flow.gap(6);
    flow.text('Policy at booking:', { face: faces.bold, size: 10 });
  }
  for (const line of view.cancellation.summary) flow.text(line, { face: faces.regular, size: 10 });
  if (view.cancellation.rows.length > 0) {
    flow.gap(4);
    policyTable(flow, faces, view);
  }

  flow.need(HEADING_HEIGHT + fieldsHeight(faces, view.price, CONTENT_WIDTH, LABEL_WIDTH) + 2 * lineHeight(10) + 4); // one block
  heading(flow, faces, 'Price');
  fields(flow, faces, view.price);
  flow.gap(4);
  flow.text(view.paymentNote, { face: faces.regular, size: 10 });

  if (view.payAtProperty.length > 0) {
    heading(flow, faces, 'Payable at the property');
    for (const line of view.payAtProperty) flow.text(line, { face: faces.regular, size: 10 });
  }
  if (view.remarks.length > 0) {
    heading(flow, faces, 'Important information');
    for (const [i, remark] of view.remarks.entries()) {
      if (i > 0) flow.gap(4);
      flow.text(remark, { face: faces.regular, size: 10 });
    }
  }
  if (view.issuer) {
    flow.gap(8);
    flow.text(view.issuer, { face: faces.regular, size: 9, color: MUTED });
  }

  // Footers last, once the page count is known.
  const pages = doc.getPages();
  const footerStyle = { size: 8, font: faces.regular.font, color: MUTED };
  pages.forEach((page, i) => {
    const left = printable(`${view.issued} · Booking ${content.bookingId}`, faces.regular.glyphs);
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: A4[0] - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: RULE });
    page.drawText(left, { x: MARGIN, y: MARGIN, ...footerStyle });
    const right = `Page ${i + 1} of ${pages.length}`;
    page.drawText(right, { x: A4[0] - MARGIN - faces.regular.font.widthOfTextAtSize(right, 8), y: MARGIN, ...footerStyle });
  });

  return doc.save();
}
