/**
 * "Page N of M" on every page. A buffered document (`bufferPages: true`) knows M when it ends and
 * goes back to each page; a streamed one writes each page as it fills, so its "M" is one form
 * XObject drawn on every page and written once the last page is known (PDF forms may be defined
 * after the pages that use them), and no page waits in memory for the count.
 */

/** Draws on every page of a buffered document, given the page's number (from 1) and the count. */
export function onEveryBufferedPage(
  doc: PDFKit.PDFDocument,
  draw: (page: number, count: number) => void,
): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // A footer sits in the bottom margin: with the margin in force, pdfkit would take text written
    // there for an overflow and start a new, otherwise blank, page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    draw(index - range.start + 1, range.count);
    doc.page.margins.bottom = bottom;
  }
}

/** The pieces of pdfkit's font objects the page total needs (not in its published types). */
interface EmbeddedFont {
  id: string;
  ascender: number;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown[]];
}
interface FontState {
  _font: EmbeddedFont;
}
interface PageResources {
  xobjects: Record<string, PDFKit.PDFKitReference>;
}

export class StreamedPageNumbers {
  /** The number of the page being written, from 1. */
  page = 1;
  private readonly total: PDFKit.PDFKitReference;

  /** `size`: the font size the total is written in, that of the labels. */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly size: number,
  ) {
    this.total = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, -4, 80, 12] });
  }

  /** Draws "Page N of M" at (x, top) in the current font, which must be 'Body' at `size`. */
  label(x: number, top: number): void {
    const text = `Page ${this.page} of `;
    const baselineOffset = ((this.doc as unknown as FontState)._font.ascender / 1000) * this.size;
    this.doc.text(text, x, top, { lineBreak: false });
    (this.doc.page as unknown as PageResources).xobjects.PageTotal = this.total;
    this.doc.addContent(
      `q 1 0 0 -1 ${x + this.doc.widthOfString(text)} ${top + baselineOffset} cm /PageTotal Do Q`,
    );
  }

  /** Writes M, the number of the last page, into the form every label shows. */
  finish(): void {
    const font = (this.doc.font('Body') as unknown as FontState)._font;
    const [glyphs] = font.encode(String(this.page));
    (this.total.data as Record<string, unknown>).Resources = { Font: { [font.id]: font.ref() } };
    this.total.end(`BT /${font.id} ${this.size} Tf 0 0 Td <${glyphs.join('')}> Tj ET`);
  }
}
