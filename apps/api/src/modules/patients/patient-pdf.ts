/**
 * The patient's risk summary as a PDF (docs/requirements.md §2 patient screens; issue "Patients: …
 * history and PDFs"): portrait A4, page 1 for the clinical team, the last page for the patient in
 * plain English (NHS content style: short sentences, "you"). pdfkit with the embedded Noto Sans
 * fonts as report-pdf.ts uses them, so Łukasz, Siobhán, Zoë and O'Brien print as written.
 *
 * The file is a tagged PDF: sections Sect, headings H1–H3, text P, advice lists, the identifiers
 * and the factors as tables (platform/pdf/tagged-flow.ts); rules, boxes, the risk band's shading and
 * the running footer are artifacts. Every block is measured before it is drawn and moved to the
 * next page whole; only a long table breaks, between rows.
 *
 * What the data says is printed without hidden text-direction characters, which a record stored
 * before the import removed them may still hold, and a value that would run on (a 1,990-character
 * name) is cut with an ellipsis, so the page keeps its shape. Every page has a header: the
 * masthead on the first page of each part, a running line on the pages a part runs on to
 * (docs/decisions/0043-names-that-cannot-disguise-themselves.md).
 */
import { PassThrough, type Readable } from 'node:stream';
import { productName } from '@esr/contracts/messages';
import { spacedNhsNumber } from '../reports/index.js';
import { createPdfDocument } from '../../platform/pdf/pdf-document.js';
import { onEveryBufferedPage } from '../../platform/pdf/page-numbers.js';
import { horizontalRule, nhsColour as colour, useStyle } from '../../platform/pdf/pdf-text.js';
import { TaggedFlow } from '../../platform/pdf/tagged-flow.js';
import { clinicalPage } from './patient-pdf-clinical.js';
import {
  type LaidOut,
  type PartPages,
  type RiskSummaryPdfInput,
  type Summary,
  cutForPaper,
  lineGap,
  margin,
  patientName,
  withoutControls,
} from './patient-pdf-layout.js';
export type { RiskSummaryPdfInput } from './patient-pdf-layout.js';
import { patientPage } from './patient-pdf-patient.js';

/**
 * The least a part's last page holds when the part runs on to it, as a share of the page's text
 * area: a page with only a few lines of a section on it is easily lost or taken for the end.
 */
const leastOfLastPage = 0.3;

function layOut(input: RiskSummaryPdfInput, shortPages: ReadonlyMap<number, number>): LaidOut {
  const doc = createPdfDocument({
    layout: 'portrait',
    margins: margin,
    title: `Risk summary – ${input.procedureName}`,
    author: input.trustName,
    createdAt: input.generatedAt,
    // Two or three pages: kept until the end so the footer can say "Page N of M".
    extra: { bufferPages: true, pdfVersion: '1.7', tagged: true },
  });
  const width = doc.page.width - margin.left - margin.right;
  const flow = new TaggedFlow(
    doc,
    { top: margin.top, left: margin.left, width, bottom: doc.page.height - margin.bottom },
    lineGap,
  );
  for (const [page, bottom] of shortPages) flow.shortenPage(page, bottom);
  const { summary } = input;
  const s: Summary = {
    ...input,
    inputs: input.inputs ?? ('inputs' in summary ? summary.inputs : undefined),
    flow,
    result: summary.status === 'processed' ? summary.result : null,
    name: patientName(summary),
    nhsNumber: summary.nhsNumber ? spacedNhsNumber(summary.nhsNumber) : 'Not recorded',
    mastheadPages: new Set(),
  };
  const part = (layPart: (s: Summary) => void): PartPages => {
    const first = flow.page;
    layPart(s);
    return { first, last: flow.page, lastPageUsed: flow.y - flow.area.top };
  };
  const clinicalPart = part(clinicalPage);
  flow.newPage();
  const patientPart = part(patientPage);
  return { doc, summary: s, parts: [clinicalPart, patientPart] };
}

/**
 * The pages to end early, so that a part running on to a page it fills only a few lines of takes
 * enough of its page before with it: blocks move whole, so at least that much moves.
 */
function pagesToShorten({ parts, summary }: LaidOut): Map<number, number> {
  const { area } = summary.flow;
  const least = (area.bottom - area.top) * leastOfLastPage;
  const shortPages = new Map<number, number>();
  for (const { first, last, lastPageUsed } of parts)
    if (last > first && lastPageUsed < least) shortPages.set(last - 1, area.bottom - (least - lastPageUsed));
  return shortPages;
}

export function riskSummaryPdf(printed: RiskSummaryPdfInput): Readable {
  const clean = withoutControls(printed);
  const input: RiskSummaryPdfInput = { ...clean, trustName: cutForPaper(clean.trustName) };
  // Laid out once to see where the pages end, and again only when a part would end on a page
  // holding just a few lines.
  const trial = layOut(input, new Map());
  const shortPages = pagesToShorten(trial);
  const { doc, summary } = shortPages.size ? layOut(input, shortPages) : trial;
  footers(summary);
  summary.flow.root.end();

  const output = new PassThrough();
  doc.on('error', (error: Error) => output.destroy(error));
  doc.pipe(output);
  doc.end();
  return output;
}

function footers({ flow, name, nhsNumber, trustName, mastheadPages }: Summary) {
  const { doc, area } = flow;
  const right = doc.page.width - margin.right;
  const top = doc.page.height - margin.bottom + 22;
  onEveryBufferedPage(doc, (page, count) =>
    flow.artifact(() => {
      if (!mastheadPages.has(page)) {
        // A page a part runs on to: the product and the trust in a line above the text.
        const headerTop = margin.top - 24;
        useStyle(doc, { size: 8, bold: true, color: colour.blue });
        doc.text(productName, area.left, headerTop, { lineBreak: false });
        const productWidth = doc.widthOfString(productName);
        useStyle(doc, { size: 8, color: colour.secondary });
        doc.text(trustName, area.left + productWidth + 24, headerTop, {
          width: area.width - productWidth - 24,
          height: doc.currentLineHeight(true),
          align: 'right',
          ellipsis: true,
        });
        horizontalRule(doc, { x1: area.left, x2: right, y: margin.top - 10, width: 1, color: colour.blue });
      }
      horizontalRule(doc, { x1: area.left, x2: right, y: top - 8, width: 0.75, color: colour.border });
      useStyle(doc, { size: 8, color: colour.secondary });
      const label = `Page ${page} of ${count}`;
      const labelWidth = doc.widthOfString(label);
      doc.text(`${name} · NHS number ${nhsNumber}`, area.left, top, {
        width: area.width - labelWidth - 24,
        height: doc.currentLineHeight(true),
        ellipsis: true,
      });
      doc.text(label, right - labelWidth, top, { lineBreak: false });
    }),
  );
}
