/**
 * A table of text drawn a row at a time, for documents too long to hold in memory: columns sized
 * by weight, a shaded header row drawn again at the top of every page, rows striped, and a value
 * wrapped to at most a few lines (the rest cut with an ellipsis).
 *
 * A column is never narrower than its header's longest word, nor than the text it must keep on one
 * line (an NHS number, a date): a reader must not have to piece `943 476` and `5919` together.
 */
import type { PageFlow } from './page-flow.js';
import { nhsColour, useFont, useStyle, type TextStyle } from './pdf-text.js';

export interface ColumnTableOptions {
  /** Relative widths of the columns: the table spans the flow's width. */
  weights: number[];
  header: TextStyle;
  body: TextStyle;
  cellPadding: number;
  maxLinesPerCell: number;
  /** Per column, the texts that must each stay on one line (in the body style). */
  unbroken?: (readonly string[] | undefined)[];
}

export class ColumnTable {
  private readonly widths: number[];
  private shaded = false;

  constructor(
    private readonly flow: PageFlow,
    private readonly labels: string[],
    private readonly options: ColumnTableOptions,
  ) {
    this.widths = columnWidths(options.weights, this.minimumWidths(), flow.area.width);
  }

  /** Each column's narrowest width: its header's longest word, and the text it keeps whole. */
  private minimumWidths(): number[] {
    const { doc } = this.flow;
    const { header, body, cellPadding, unbroken = [] } = this.options;
    return this.labels.map((label, index) => {
      useFont(doc, header);
      const word = Math.max(...label.split(/\s+/).map((part) => doc.widthOfString(part)));
      useFont(doc, body);
      const whole = Math.max(0, ...(unbroken[index] ?? []).map((text) => doc.widthOfString(text)));
      // A hair more than the text: pdfkit wraps a line that is exactly as wide as its box.
      return Math.max(word, whole) + 2 * cellPadding + 0.5;
    });
  }

  /** The header row, on a grey band. */
  header(): void {
    const { doc, area } = this.flow;
    const height = this.rowHeight(this.labels, this.options.header);
    doc.rect(area.left, this.flow.y, area.width, height).fill(nhsColour.border);
    this.cells(this.labels, this.options.header, height);
  }

  /** A row of values, on a new page (under the page's header row) when it does not fit. */
  row(texts: string[]): void {
    const { doc, area } = this.flow;
    const height = this.rowHeight(texts, this.options.body);
    if (this.flow.y + height > this.flow.bottom) {
      this.flow.newPage();
      this.header();
    }
    if (this.shaded) doc.rect(area.left, this.flow.y, area.width, height).fill(nhsColour.pale);
    this.shaded = !this.shaded;
    this.cells(texts, this.options.body, height);
  }

  private rowHeight(texts: string[], style: TextStyle): number {
    const { doc } = this.flow;
    const { cellPadding, maxLinesPerCell } = this.options;
    useFont(doc, style);
    const one = doc.currentLineHeight(true);
    let lines = 1;
    texts.forEach((text, index) => {
      const width = this.widths[index]! - 2 * cellPadding;
      if (text && doc.widthOfString(text) > width) {
        lines = Math.max(
          lines,
          Math.min(maxLinesPerCell, Math.round(doc.heightOfString(text, { width }) / one)),
        );
      }
    });
    return lines * one + 2 * cellPadding;
  }

  private cells(texts: string[], style: TextStyle, height: number): void {
    const { doc } = this.flow;
    const { cellPadding } = this.options;
    useStyle(doc, style);
    let x = this.flow.area.left;
    const y = this.flow.y + cellPadding;
    texts.forEach((text, index) => {
      const width = this.widths[index]! - 2 * cellPadding;
      if (text) {
        if (doc.widthOfString(text) <= width) doc.text(text, x + cellPadding, y, { lineBreak: false });
        else doc.text(text, x + cellPadding, y, { width, height: height - 2 * cellPadding, ellipsis: true });
      }
      x += this.widths[index]!;
    });
    this.flow.y += height;
  }
}

/**
 * Widths in proportion to `weights` that fill `total`, except that none is below its minimum: a
 * column held at its minimum takes that, and the rest share what is left by weight. When even the
 * minimums do not fit, every column gets its minimum scaled down alike.
 */
export function columnWidths(weights: number[], minimums: number[], total: number): number[] {
  const minimumSum = minimums.reduce((sum, width) => sum + width, 0);
  if (minimumSum >= total) return minimums.map((width) => (width / minimumSum) * total);
  const held = new Set<number>();
  for (;;) {
    const free = weights.map((_, index) => index).filter((index) => !held.has(index));
    const room = total - [...held].reduce((sum, index) => sum + minimums[index]!, 0);
    const weightSum = free.reduce((sum, index) => sum + weights[index]!, 0);
    const widths = weights.map((weight, index) =>
      held.has(index) ? minimums[index]! : (weight / weightSum) * room,
    );
    const tooNarrow = free.filter((index) => widths[index]! < minimums[index]!);
    if (tooNarrow.length === 0) return widths;
    tooNarrow.forEach((index) => held.add(index));
  }
}
