/**
 * The page break. A flow keeps where the next block goes (`y`); a block is measured before it is
 * drawn and, when it does not fit above the page's bottom, moved to a new page whole.
 */

export interface PageArea {
  top: number;
  left: number;
  width: number;
  /** The lowest y a block may reach. */
  bottom: number;
}

export interface PageBreakHooks {
  /** Drawn on the full page before the new one is added (a streamed document's footer). */
  beforeBreak?: () => void;
  /** Drawn at the top of each new page (a running header). */
  afterBreak?: () => void;
}

export class PageFlow {
  y: number;
  /**
   * Pages whose blocks must end above the area's bottom, by page: a document laid out a second
   * time moves blocks on to the next page this way, so that it does not hold only a few lines.
   */
  private readonly shortPages = new Map<number, number>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly area: PageArea,
    private readonly hooks: PageBreakHooks = {},
  ) {
    this.y = area.top;
  }

  /** The page the flow is on, from 1 (a table may have added pages of its own). */
  get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count;
  }

  /** The lowest y a block may reach on this page. */
  get bottom(): number {
    if (this.shortPages.size === 0) return this.area.bottom;
    return this.shortPages.get(this.page) ?? this.area.bottom;
  }

  /** Ends page `page` at `bottom` rather than at the area's bottom. */
  shortenPage(page: number, bottom: number): void {
    this.shortPages.set(page, bottom);
  }

  newPage(): void {
    this.hooks.beforeBreak?.();
    this.doc.addPage();
    this.y = this.area.top;
    this.hooks.afterBreak?.();
  }

  /** Starts a new page unless `height` more points fit on this one (or this one is still empty). */
  room(height: number): void {
    if (this.y + height > this.bottom && this.y > this.area.top) this.newPage();
  }
}
