/**
 * The PDF report (docs/requirements.md §5; decision 0024): pdfkit, landscape A4, a table whose
 * header row is repeated on every page, "Page N of M", the trust, the report's name, when it was
 * made (UK time), its filters and, for a demonstration model's predictions, the label that says
 * so. Each page is written to the response as soon as it is full.
 */
import { dataAsAtText } from '@esr/contracts/data-freshness';
import { PassThrough, type Readable } from 'node:stream';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import { demonstrationModelLabel, productName } from '@esr/contracts/messages';
import { ColumnTable } from '../../platform/pdf/column-table.js';
import { createPdfDocument, trimLayoutCache } from '../../platform/pdf/pdf-document.js';
import { PageFlow } from '../../platform/pdf/page-flow.js';
import { StreamedPageNumbers } from '../../platform/pdf/page-numbers.js';
import { heightOfText, nhsColour, useStyle, type TextStyle } from '../../platform/pdf/pdf-text.js';
import { reportText, roomIn, showValue, type ColumnKind, type ReportContent } from './report-format.js';

const margin = 28;
const footerSpace = 24;
const footerFontSize = 7;
const tableText = { size: 7.5 };

/**
 * Values of a kind that must stay on one line, as wide as any of the kind can be: an NHS number, a
 * date in every month (a date and time may wrap between the two).
 */
const everyDate = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
  (month) => `00-${month}-0000`,
);
const widestWhole: Partial<Record<ColumnKind, readonly string[]>> = {
  nhsNumber: ['000 000 0000'],
  date: everyDate,
  timestamp: everyDate,
};

export function pdfReport<Row>(content: ReportContent<Row>): Readable {
  const output = new PassThrough();
  const doc = createPdfDocument({
    layout: 'landscape',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerSpace },
    title: content.title,
    author: content.trustName,
    createdAt: content.generatedAt,
    // The cache of laid-out words is trimmed at each page break (trimLayoutCache).
    extra: { bufferPages: false, fontLayoutCache: true },
  });
  doc.on('data', (chunk: Buffer) => output.write(chunk));
  doc.on('end', () => output.end());
  doc.on('error', (error: Error) => output.destroy(error));

  const numbers = new StreamedPageNumbers(doc, footerFontSize);
  const area = {
    top: margin,
    left: margin,
    width: doc.page.width - 2 * margin,
    bottom: doc.page.height - margin - footerSpace,
  };
  const flow: PageFlow = new PageFlow(doc, area, {
    beforeBreak: () => footer(flow, numbers, content),
    afterBreak: () => {
      trimLayoutCache(doc);
      numbers.page += 1;
      runningHeader(flow, content, false);
    },
  });
  const table = new ColumnTable(
    flow,
    content.columns.map((column) => column.label),
    {
      weights: content.columns.map((column) => column.width),
      header: { ...tableText, bold: true },
      body: tableText,
      cellPadding: 3,
      maxLinesPerCell: 3,
      unbroken: content.columns.map((column) => widestWhole[column.kind]),
    },
  );
  write(flow, table, numbers, content, output).catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

async function write<Row>(
  flow: PageFlow,
  table: ColumnTable,
  numbers: StreamedPageNumbers,
  content: ReportContent<Row>,
  output: PassThrough,
) {
  runningHeader(flow, content, true);
  table.header();
  for await (const rows of content.pages) {
    for (const row of rows) {
      // One line of text per value: a line break inside a value would run over the next row.
      table.row(
        content.columns.map((column) => showValue(column.kind, column.value(row), true).replace(/\s+/g, ' ')),
      );
    }
    await roomIn(output);
  }
  if (content.rowCount === 0) line(flow, 'No records match the filters.', { size: 8 });
  footer(flow, numbers, content);
  numbers.finish();
  flow.doc.end();
}

/** A line of text across the page (wrapped if it must be), without direction controls. */
function line(flow: PageFlow, raw: string, style: TextStyle) {
  const text = reportText(raw);
  const height = heightOfText(flow.doc, text, style, flow.area.width);
  flow.doc.text(text, flow.area.left, flow.y, { width: flow.area.width });
  flow.y += height + 2;
}

/** Page 1 names the trust, the report, when it was made and its filters; later pages in one line. */
function runningHeader<Row>(flow: PageFlow, content: ReportContent<Row>, first: boolean) {
  const generated = showLondonDateTime(content.generatedAt);
  if (first) {
    line(flow, content.trustName, { size: 13, bold: true });
    line(flow, content.title, { size: 11, bold: true });
    line(flow, `Generated ${generated} (UK time)`, { size: 8 });
    if (content.dataAsAt)
      line(flow, `${dataAsAtText(content.dataAsAt.toISOString())} (UK time)`, { size: 8 });
    const filters = content.filters.length
      ? content.filters.map((filter) => `${filter.label}: ${filter.value}`).join('; ')
      : 'none';
    line(flow, `Filters: ${filters}`, { size: 8 });
    line(flow, `${content.rowCount.toLocaleString('en-GB')} records`, { size: 8 });
  } else {
    line(flow, `${content.trustName} · ${content.title} · generated ${generated}`, { size: 7 });
  }
  if (content.demonstration)
    line(flow, demonstrationModelLabel, { size: 8, bold: true, color: nhsColour.red });
  flow.y += 4;
}

/** "Page N of M" on the left, the product and the trust on the right. */
function footer<Row>(flow: PageFlow, numbers: StreamedPageNumbers, content: ReportContent<Row>) {
  const { doc } = flow;
  const top = doc.page.height - margin - 10;
  useStyle(doc, { size: footerFontSize });
  numbers.label(margin, top);
  const right = reportText(`${productName} · ${content.trustName}`);
  doc.text(right, doc.page.width - margin - doc.widthOfString(right), top, { lineBreak: false });
}
