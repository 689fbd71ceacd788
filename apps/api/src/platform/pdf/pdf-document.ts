/**
 * A new PDF: A4 in British English, the product as its creator, the fonts of pdf-fonts.ts
 * registered. What a document adds (page buffering, tagging, the PDF version) comes in `extra`.
 */
import PDFDocument from 'pdfkit';
import { productName } from '@esr/contracts/messages';
import { registerFonts } from './pdf-fonts.js';

export interface PdfDocumentOptions {
  layout: 'portrait' | 'landscape';
  margins: { top: number; left: number; right: number; bottom: number };
  /** Metadata, which file indexers read without opening the file: never a patient identifier. */
  title: string;
  author: string;
  createdAt: Date;
  extra?: PDFKit.PDFDocumentOptions;
}

export function createPdfDocument(options: PdfDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margins: options.margins,
    ...options.extra,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Creator: productName,
      CreationDate: options.createdAt,
    },
  });
  registerFonts(doc);
  return doc;
}

/** Words pdfkit keeps laid out per font before `trimLayoutCache` starts afresh. */
const layoutCacheLimit = 20_000;

/**
 * pdfkit lays out (shapes) every word it measures or draws with fontkit, which took most of a
 * 2,400-row report's 27 s; its per-font cache of laid-out words makes repeated words free but,
 * left alone, holds every distinct word of a 100,000-row report. A document that enables it
 * (`fontLayoutCache: true`) calls this at each page break to keep it bounded.
 */
export function trimLayoutCache(doc: PDFKit.PDFDocument): void {
  // pdfkit's published types do not name its fonts or their caches.
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts)) {
    if (!font.layoutCache) continue;
    let words = 0;
    for (const _word in font.layoutCache) if (++words > layoutCacheLimit) break;
    if (words > layoutCacheLimit) font.layoutCache = Object.create(null) as object;
  }
}
