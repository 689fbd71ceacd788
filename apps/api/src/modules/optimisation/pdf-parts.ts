/** What the letter to the GP and the patient's page share: the foot of every page, and the stream. */
import { PassThrough, type Readable } from 'node:stream';
import { onEveryBufferedPage } from '../../platform/pdf/page-numbers.js';
import { horizontalRule, nhsColour, useStyle, type TextStyle } from '../../platform/pdf/pdf-text.js';
import type { TaggedFlow } from '../../platform/pdf/tagged-flow.js';

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
