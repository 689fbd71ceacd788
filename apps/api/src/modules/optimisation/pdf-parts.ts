/** What the letter to the GP and the patient's page share: the document, printed values, the foot of every page, the stream. */
import { PassThrough, type Readable } from 'node:stream';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { createPdfDocument } from '../../platform/pdf/pdf-document.js';
import { onEveryBufferedPage } from '../../platform/pdf/page-numbers.js';
import { horizontalRule, nhsColour, useStyle, type TextStyle } from '../../platform/pdf/pdf-text.js';
import { TaggedFlow } from '../../platform/pdf/tagged-flow.js';

/** A value as printed: no direction controls (decision 0043), at most 200 characters. */
export const printed = (text: string) => {
  const clean = withoutBidiControls(text);
  return clean.length > 200 ? `${clean.slice(0, 199).trimEnd()}…` : clean;
};

type Margins = { top: number; left: number; right: number; bottom: number };

/**
 * A tagged A4 document and its flow between the margins. Its pages are kept until the end so that
 * every page's foot can name the patient and say "Page N of M".
 */
export function startedPdf(options: { margin: Margins; title: string; author: string; createdAt: Date }) {
  const { margin } = options;
  const doc = createPdfDocument({
    layout: 'portrait',
    margins: margin,
    title: options.title,
    author: options.author,
    createdAt: options.createdAt,
    extra: { bufferPages: true, pdfVersion: '1.7', tagged: true },
  });
  return new TaggedFlow(
    doc,
    {
      top: margin.top,
      left: margin.left,
      width: doc.page.width - margin.left - margin.right,
      bottom: doc.page.height - margin.bottom,
    },
    1.5,
  );
}

/** The patient and "Page N of M" at the foot of every page, so that a page that comes apart is not lost. */
export function patientFooters(
  flow: TaggedFlow,
  patient: string,
  layout: { bottomMargin: number; small: TextStyle },
) {
  const { doc, area } = flow;
  const top = doc.page.height - layout.bottomMargin + 22;
  onEveryBufferedPage(doc, (page, count) =>
    flow.artifact(() => {
      horizontalRule(doc, {
        x1: area.left,
        x2: area.left + area.width,
        y: top - 8,
        width: 0.75,
        color: nhsColour.border,
      });
      useStyle(doc, layout.small);
      const label = `Page ${page} of ${count}`;
      const labelWidth = doc.widthOfString(label);
      doc.text(patient, area.left, top, {
        width: area.width - labelWidth - 24,
        height: doc.currentLineHeight(true),
        ellipsis: true,
      });
      doc.text(label, area.left + area.width - labelWidth, top, { lineBreak: false });
    }),
  );
}

/** Ends the document's structure and hands its bytes on as they are written. */
export function finishedPdf(flow: TaggedFlow): Readable {
  const { doc } = flow;
  flow.root.end();
  const output = new PassThrough();
  doc.on('error', (error: Error) => output.destroy(error));
  doc.pipe(output);
  doc.end();
  return output;
}
