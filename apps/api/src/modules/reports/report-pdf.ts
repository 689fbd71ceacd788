/**
 * The PDF report (spec §5; decision 0024): pdfkit, landscape A4, a table whose header row is
 * repeated on every page, "Page N of M", the trust, the report's name, when it was made (UK
 * time), its filters and, for a demonstration model's predictions, the label that says so. Each
 * page is written to the response as soon as it is full.
 */
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { demonstrationModelLabel, productName } from '@esr/contracts/messages';
import { registerFonts } from '../../platform/pdf/pdf-fonts.js';
import { roomIn, showDateTime, showValue, type ReportContent } from './report-format.js';

const margin = 28;
const footerSpace = 24;
const fontSize = 7.5;
const headerFontSize = 7.5;
const cellPadding = 3;
const maxLinesPerCell = 3;
const grey = '#d8dde0';
const ink = '#212b32';

/** The pieces of pdfkit's font objects the page total needs (not in its published types). */
interface EmbeddedFont {
  id: string;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown[]];
}
interface FontState {
  _font: EmbeddedFont & { ascender: number };
}
interface PageResources {
  xobjects: Record<string, PDFKit.PDFKitReference>;
}

export function pdfReport<Row>(content: ReportContent<Row>): Readable {
  const output = new PassThrough();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerSpace },
    bufferPages: false,
    // pdfkit caches the layout of every word it has set: a 100,000-row report would keep them all.
    fontLayoutCache: false,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: content.title,
      Author: content.trustName,
      Creator: productName,
      CreationDate: content.generatedAt,
    },
  });
  registerFonts(doc);
  doc.on('data', (chunk: Buffer) => output.write(chunk));
  doc.on('end', () => output.end());
  doc.on('error', (error: Error) => output.destroy(error));

  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const tableWidth = pageWidth - 2 * margin;
  const bottom = pageHeight - margin - footerSpace;
  const totalWeight = content.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = content.columns.map((column) => (column.width / totalWeight) * tableWidth);

  // "of M" is one form drawn on every page and written once the last page is known (PDF forms may
  // be defined after the pages that use them), so no page has to wait in memory for the count.
  const pageTotal = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, -4, 80, 12] });
  let pageNumber = 1;
  let y = margin;

  function footer() {
    const text = `Page ${pageNumber} of `;
    doc.font('Body').fontSize(7);
    const baselineOffset = ((doc as unknown as FontState)._font.ascender / 1000) * 7;
    const top = pageHeight - margin - 10;
    doc.fillColor(ink).text(text, margin, top, { lineBreak: false });
    (doc.page as unknown as PageResources).xobjects.PageTotal = pageTotal;
    doc.addContent(
      `q 1 0 0 -1 ${margin + doc.widthOfString(text)} ${top + baselineOffset} cm /PageTotal Do Q`,
    );
    const right = `${productName} · ${content.trustName}`;
    doc.text(right, pageWidth - margin - doc.widthOfString(right), top, { lineBreak: false });
  }

  function line(text: string, font: 'Body' | 'Bold', size: number, options: { color?: string } = {}) {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(options.color ?? ink);
    const height = doc.heightOfString(text, { width: tableWidth });
    doc.text(text, margin, y, { width: tableWidth });
    y += height + 2;
  }

  function runningHeader(first: boolean) {
    y = margin;
    if (first) {
      line(content.trustName, 'Bold', 13);
      line(content.title, 'Bold', 11);
      line(`Generated ${showDateTime(content.generatedAt)} (UK time)`, 'Body', 8);
      const filters = content.filters.length
        ? content.filters.map((filter) => `${filter.label}: ${filter.value}`).join('; ')
        : 'none';
      line(`Filters: ${filters}`, 'Body', 8);
      line(`${content.rowCount.toLocaleString('en-GB')} records`, 'Body', 8);
    } else {
      line(
        `${content.trustName} · ${content.title} · generated ${showDateTime(content.generatedAt)}`,
        'Body',
        7,
      );
    }
    if (content.demonstration) line(demonstrationModelLabel, 'Bold', 8, { color: '#d5281b' });
    y += 4;
    tableHeader();
  }

  function rowHeight(texts: string[], font: 'Body' | 'Bold', size: number): number {
    doc.font(font).fontSize(size);
    const one = doc.currentLineHeight(true);
    let lines = 1;
    texts.forEach((text, index) => {
      const width = widths[index]! - 2 * cellPadding;
      if (text && doc.widthOfString(text) > width) {
        lines = Math.max(
          lines,
          Math.min(maxLinesPerCell, Math.round(doc.heightOfString(text, { width }) / one)),
        );
      }
    });
    return lines * one + 2 * cellPadding;
  }

  function cells(texts: string[], font: 'Body' | 'Bold', size: number, height: number) {
    doc.font(font).fontSize(size).fillColor(ink);
    let x = margin;
    texts.forEach((text, index) => {
      const width = widths[index]! - 2 * cellPadding;
      if (text) {
        if (doc.widthOfString(text) <= width)
          doc.text(text, x + cellPadding, y + cellPadding, { lineBreak: false });
        else
          doc.text(text, x + cellPadding, y + cellPadding, {
            width,
            height: height - 2 * cellPadding,
            ellipsis: true,
          });
      }
      x += widths[index]!;
    });
    y += height;
  }

  function tableHeader() {
    const labels = content.columns.map((column) => column.label);
    const height = rowHeight(labels, 'Bold', headerFontSize);
    doc.rect(margin, y, tableWidth, height).fill(grey);
    cells(labels, 'Bold', headerFontSize, height);
  }

  function newPage() {
    footer();
    doc.addPage();
    pageNumber += 1;
    runningHeader(false);
  }

  async function write() {
    runningHeader(true);
    let shaded = false;
    for await (const rows of content.pages) {
      for (const row of rows) {
        // One line of text per value: a line break inside a value would run over the next row.
        const texts = content.columns.map((column) =>
          showValue(column.kind, column.value(row), true).replace(/\s+/g, ' '),
        );
        const height = rowHeight(texts, 'Body', fontSize);
        if (y + height > bottom) newPage();
        if (shaded) doc.rect(margin, y, tableWidth, height).fill('#f0f4f5');
        shaded = !shaded;
        cells(texts, 'Body', fontSize, height);
      }
      await roomIn(output);
    }
    if (content.rowCount === 0) line('No records match the filters.', 'Body', 8);
    footer();
    const font = (doc.font('Body') as unknown as FontState)._font;
    const [glyphs] = font.encode(String(pageNumber));
    (pageTotal.data as Record<string, unknown>).Resources = { Font: { [font.id]: font.ref() } };
    pageTotal.end(`BT /${font.id} 7 Tf 0 0 Td <${glyphs.join('')}> Tj ET`);
    doc.end();
  }
  write().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
