/**
 * Blocks of a tagged PDF (PDF 1.7 structure tree, ISO 32000-1 §14.8; WCAG 2.2 1.3.1), each
 * measured before it is drawn and moved to the next page whole: paragraphs P, headings H1–H3,
 * "Label: value" pairs, boxed callouts, lists L/LI/Lbl/LBody and tables Table/TR/TH/TD (pdfkit's
 * own table tagging, header cells scoped); rules and shading are artifacts, which readers skip.
 */
import { PageFlow, type PageArea } from './page-flow.js';
import { heightOfText, horizontalRule, nhsColour, useStyle, type TextStyle } from './pdf-text.js';

type Element = PDFKit.PDFStructureElement;
/** pdfkit ≥0.17 tags a table under `structParent`; its published types predate the option. */
type TaggedTableOptions = PDFKit.Mixins.TableOptions & { structParent: Element };
type HeaderCell = PDFKit.Mixins.CellOptions & { type: 'TH'; scope: 'column' | 'row' };

export interface BlockOptions {
  type?: string;
  x?: number;
  width?: number;
  after?: number;
  /** Space that must be left below the block, so a heading is not left alone at a page foot. */
  keep?: number;
}

export interface TableContent {
  header: string[] | null;
  rows: string[][];
  /** Widths in points, '*' for a share of what is left. */
  columns: (number | '*')[];
  /** The first cell of each row heads its row. */
  rowHeaders?: boolean;
  size: number;
}

export class TaggedFlow extends PageFlow {
  /** The document's structure root, which `end` closes. */
  readonly root: Element;

  constructor(
    doc: PDFKit.PDFDocument,
    area: PageArea,
    /** Space between wrapped lines. */
    readonly lineGap: number,
  ) {
    super(doc, area);
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  heightOf(text: string, style: TextStyle, width = this.area.width): number {
    return heightOfText(this.doc, text, style, width, this.lineGap);
  }

  /** Drawing that carries no meaning (rules, shading, a running footer): marked so readers skip it. */
  artifact(draw: () => void): void {
    this.doc.markContent('Artifact');
    draw();
    this.doc.endMarkedContent();
  }

  /** Adds a structure element whose content is what `draw` puts on the page. */
  tag(parent: Element, type: string, draw: () => void): void {
    parent.add(this.doc.struct(type, {}, draw));
  }

  section(parent: Element = this.root): Element {
    const element = this.doc.struct('Sect');
    parent.add(element);
    return element;
  }

  /** A paragraph wrapped to `at.width` at (x, y), whatever the flow's place. */
  textAt(
    parent: Element,
    text: string,
    style: TextStyle,
    at: { x: number; y: number; width: number },
    more: PDFKit.Mixins.TextOptions = {},
  ): void {
    this.tag(parent, 'P', () => {
      useStyle(this.doc, style);
      this.doc.text(text, at.x, at.y, { width: at.width, lineGap: this.lineGap, ...more });
    });
  }

  /** A wrapped paragraph (or heading, by `type`) at the flow's place. */
  paragraph(parent: Element, text: string, style: TextStyle, options: BlockOptions = {}): void {
    const x = options.x ?? this.area.left;
    const width = options.width ?? this.area.width;
    this.room(this.heightOf(text, style, width) + (options.keep ?? 0));
    const at = this.y;
    this.tag(parent, options.type ?? 'P', () => {
      useStyle(this.doc, style);
      this.doc.text(text, x, at, { width, lineGap: this.lineGap });
    });
    this.y = this.doc.y + (options.after ?? 5);
  }

  heading(parent: Element, text: string, level: 'H1' | 'H2' | 'H3', style: TextStyle): void {
    if (level !== 'H1' && this.y > this.area.top) this.y += level === 'H2' ? 6 : 3;
    this.paragraph(parent, text, style, {
      type: level,
      after: level === 'H3' ? 2 : 4,
      keep: level === 'H3' ? 14 : 30,
    });
  }

  /** "Label: value" in one paragraph, the label bold; returns its height (only measures when `parent` is null). */
  labelled(
    parent: Element | null,
    label: string,
    value: string,
    style: TextStyle,
    at: { x: number; y: number; width: number },
  ): number {
    const height = this.heightOf(`${label}: ${value}`, { ...style, bold: true }, at.width);
    if (parent)
      this.tag(parent, 'P', () => {
        useStyle(this.doc, { ...style, bold: true });
        this.doc.text(`${label}: `, at.x, at.y, { width: at.width, lineGap: this.lineGap, continued: true });
        useStyle(this.doc, style);
        this.doc.text(value, { width: at.width, lineGap: this.lineGap });
      });
    return height;
  }

  /** "Label: value" at the flow's place, moved to the next page whole; `after` is the space below. */
  labelledLine(parent: Element, label: string, value: string, style: TextStyle, after: number): void {
    const at = { x: this.area.left, y: this.y, width: this.area.width };
    this.room(this.labelled(null, label, value, style, at));
    at.y = this.y;
    this.y += this.labelled(parent, label, value, style, at) + after;
  }

  /** "Label: value" paragraphs in two columns, read across then down. */
  grid(parent: Element, items: [string, string][], style: TextStyle, after = 2): void {
    const gutter = 18;
    const columnWidth = (this.area.width - gutter) / 2;
    for (let i = 0; i < items.length; i += 2) {
      const pair = items.slice(i, i + 2);
      const heights = pair.map(([label, value]) =>
        this.labelled(null, label, value, style, { x: 0, y: 0, width: columnWidth }),
      );
      this.room(Math.max(...heights));
      const at = this.y;
      pair.forEach(([label, value], column) => {
        this.labelled(parent, label, value, style, {
          x: this.area.left + column * (columnWidth + gutter),
          y: at,
          width: columnWidth,
        });
      });
      this.y = at + Math.max(...heights) + after;
    }
  }

  /**
   * A bordered box (NHS inset text / warning callout) holding one or more paragraphs, and bulleted
   * lists (`items`, tagged L/LI/Lbl/LBody) where a block has them.
   */
  callout(
    parent: Element,
    blocks: ({ text: string; style: TextStyle } | { items: string[]; style: TextStyle })[],
    look: { background: string; border: string },
  ): void {
    const { left, width } = this.area;
    const [pad, bar, indent] = [8, 5, 14];
    const inner = width - bar - 2 * pad;
    const heightOfBlock = (block: (typeof blocks)[number]) =>
      'items' in block
        ? block.items.reduce((sum, item) => sum + this.heightOf(item, block.style, inner - indent) + 2, -2)
        : this.heightOf(block.text, block.style, inner);
    const heights = blocks.map(heightOfBlock);
    const height = heights.reduce((sum, h) => sum + h + 3, -3) + 2 * pad;
    this.room(height);
    const at = this.y;
    this.artifact(() => {
      this.doc.rect(left, at, width, height).fill(look.background);
      this.doc.rect(left, at, bar, height).fill(look.border);
    });
    const x = left + bar + pad;
    let top = at + pad;
    blocks.forEach((block, index) => {
      if ('items' in block) {
        const list = this.doc.struct('L');
        parent.add(list);
        let itemTop = top;
        for (const item of block.items) {
          const li = this.doc.struct('LI');
          list.add(li);
          const bulletAt = itemTop;
          this.tag(li, 'Lbl', () => {
            useStyle(this.doc, block.style);
            this.doc.text('•', x + 3, bulletAt, { lineBreak: false });
          });
          const body = this.doc.struct('LBody');
          li.add(body);
          this.textAt(body, item, block.style, { x: x + indent, y: itemTop, width: inner - indent });
          body.end();
          li.end();
          itemTop += this.heightOf(item, block.style, inner - indent) + 2;
        }
        list.end();
      } else this.textAt(parent, block.text, block.style, { x, y: top, width: inner });
      top += heights[index]! + 3;
    });
    this.y = at + height + 8;
  }

  /** A bulleted list: each item a title (optional, bold) and text, tagged L/LI/Lbl/LBody. */
  list(parent: Element, items: { title?: string; text: string }[], style: TextStyle): void {
    const element = this.doc.struct('L');
    parent.add(element);
    for (const item of items) this.listItem(element, item, style);
    element.end();
    this.y += 2;
  }

  private listItem(list: Element, item: { title?: string; text: string }, style: TextStyle): void {
    const indent = 14;
    const width = this.area.width - indent;
    const x = this.area.left + indent;
    const titleHeight = item.title ? this.heightOf(item.title, { ...style, bold: true }, width) : 0;
    this.room(titleHeight + this.heightOf(item.text, style, width));
    const at = this.y;
    const li = this.doc.struct('LI');
    list.add(li);
    this.tag(li, 'Lbl', () => {
      useStyle(this.doc, style);
      this.doc.text('•', this.area.left + 3, at, { lineBreak: false });
    });
    // Title and text as two paragraphs, so a screen reader pauses between them.
    const body = this.doc.struct('LBody');
    li.add(body);
    let top = at;
    if (item.title) {
      this.textAt(body, item.title, { ...style, bold: true }, { x, y: at, width });
      top = this.doc.y;
    }
    this.textAt(body, item.text, style, { x, y: top, width });
    body.end();
    li.end();
    this.y = this.doc.y + 4;
  }

  /** A table, its header row's cells scoped to columns (and with `rowHeaders`, first cells to rows). */
  table(parent: Element, content: TableContent): void {
    const { left, width } = this.area;
    const { size } = content;
    const cell = (text: string, column: number): string | HeaderCell =>
      content.rowHeaders && column === 0
        ? { text, type: 'TH', scope: 'row', font: { src: 'Bold', size } }
        : text;
    const data: (string | PDFKit.Mixins.CellOptions)[][] = content.rows.map((row) => row.map(cell));
    if (content.header)
      data.unshift(
        content.header.map((text): HeaderCell => ({
          text,
          type: 'TH',
          scope: 'column',
          font: { src: 'Bold', size },
          backgroundColor: nhsColour.pale,
        })),
      );
    // Keep a short table on one page; a long one breaks between rows.
    this.room(Math.min(data.length, 6) * (size * 1.4 + 8));
    // Cells without a font of their own use the document's current one.
    useStyle(this.doc, { size });
    const options: TaggedTableOptions = {
      structParent: parent,
      position: { x: left, y: this.y },
      maxWidth: width,
      columnStyles: content.columns,
      // No cell borders: pdfkit would describe them in a BorderColor attribute that PDF readers
      // reject (nulls for the sides without one); the rules between rows are drawn as artifacts.
      defaultStyle: { textColor: nhsColour.ink, border: 0, padding: [3, 6] },
    };
    const drawn = this.doc.table(options);
    for (const row of data) {
      drawn.row(row);
      const y = this.doc.y;
      this.artifact(() =>
        horizontalRule(this.doc, { x1: left, x2: left + width, y, width: 0.75, color: nhsColour.border }),
      );
    }
    drawn.end();
    this.y = this.doc.y + 8;
  }
}
