/**
 * The PDF and workbook reports, made on a document thread (platform/documents, decision 0041). The
 * server reads the rows and hands over each row's values in column order; the thread lays them out.
 */
import type { Readable } from 'node:stream';
import type { ReportColumn, ReportContent } from './report-format.js';
import { pdfReport } from './report-pdf.js';
import { xlsxReport } from './report-xlsx.js';

/** A row as the thread receives it: each column's value, in column order. */
export type ReportCells = (string | number | null)[];

export type ReportDocumentInput = Omit<ReportContent<ReportCells>, 'columns' | 'pages'> & {
  fileType: 'pdf' | 'xlsx';
  columns: Omit<ReportColumn<ReportCells>, 'value'>[];
};

export function render(input: ReportDocumentInput, pages: AsyncIterable<unknown[]>): Readable {
  const { fileType, ...rest } = input;
  const content: ReportContent<ReportCells> = {
    ...rest,
    columns: input.columns.map((column, index) => ({ ...column, value: (row) => row[index] ?? null })),
    pages: pages as AsyncIterable<ReportCells[]>,
  };
  return fileType === 'pdf' ? pdfReport(content) : xlsxReport(content);
}
