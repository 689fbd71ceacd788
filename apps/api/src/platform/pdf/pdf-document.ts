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
