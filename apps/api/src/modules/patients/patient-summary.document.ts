/**
 * The risk-summary PDF, current or past, made on a document thread (platform/documents, decision
 * 0041): the server reads the summary, the thread lays it out.
 */
import type { Readable } from 'node:stream';
import { riskSummaryPdf, type RiskSummaryPdfInput } from './patient-pdf.js';

export function render(input: RiskSummaryPdfInput): Readable {
  return riskSummaryPdf(input);
}
