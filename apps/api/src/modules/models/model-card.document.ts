/** The model card PDF, made on a document thread (platform/documents, decision 0041). */
import type { Readable } from 'node:stream';
import { modelCardPdf, type ModelCardPdfInput } from './model-card-pdf.js';

export function render(input: ModelCardPdfInput): Readable {
  return modelCardPdf(input);
}
