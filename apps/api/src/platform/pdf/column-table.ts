/**
 * A table of text drawn a row at a time, for documents too long to hold in memory: columns sized
 * by weight, a shaded header row drawn again at the top of every page, rows striped, and a value
 * wrapped to at most a few lines (the rest cut with an ellipsis).
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
}

export class ColumnTable {
  private readonly widths: number[];
  private shaded = false;

  constructor(
    private readonly flow: PageFlow,
    private readonly labels: string[],
    private readonly options: ColumnTableOptions,
  ) {
    const total = options.weights.reduce((sum, weight) => sum + weight, 0);
    this.widths = options.weights.map((weight) => (weight / total) * flow.area.width);
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
    if (this.flow.y + height > area.bottom) {
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
