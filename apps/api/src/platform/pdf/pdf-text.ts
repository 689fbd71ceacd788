/**
 * Text on a PDF page: the NHS colours, a text style (size, weight, colour) and measuring a
 * paragraph in the fonts pdf-fonts.ts registers ('Body' and 'Bold').
 */

/** NHS identity colours (service-manual.nhs.uk/design-system/styles/colour). */
export const nhsColour = {
  ink: '#212b32',
  secondary: '#4c6272',
  blue: '#005eb8',
  red: '#d5281b',
  border: '#d8dde0',
  pale: '#f0f4f5',
  warning: '#fff9c4',
  warningBorder: '#ffeb3b',
} as const;

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Ink when not given. */
  color?: string;
}

/** Sets the style's font and size (and not its colour: measuring needs no colour). */
export function useFont(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc.font(style.bold ? 'Bold' : 'Body').fontSize(style.size);
}

/** Sets the style's font, size and colour for the text drawn next. */
export function useStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  useFont(doc, style);
  doc.fillColor(style.color ?? nhsColour.ink);
}

/** The height `text` takes when wrapped to `width` in `style` (which it leaves set). */
export function heightOfText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle,
  width: number,
  lineGap?: number,
): number {
  useStyle(doc, style);
  return doc.heightOfString(text, lineGap === undefined ? { width } : { width, lineGap });
}

/** A horizontal line from x1 to x2: a rule under a heading or between table rows. */
export function horizontalRule(
  doc: PDFKit.PDFDocument,
  line: { x1: number; x2: number; y: number; width: number; color: string },
): void {
  doc.moveTo(line.x1, line.y).lineTo(line.x2, line.y).lineWidth(line.width).strokeColor(line.color).stroke();
}
