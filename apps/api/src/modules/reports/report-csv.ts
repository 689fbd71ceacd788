/**
 * The CSV report (docs/requirements.md §5, §9; security baseline "Exports"): UTF-8 with a byte-order mark so that
 * Excel reads names such as Łukasz as written, CRLF line ends (RFC 4180), a header row of the
 * columns' labels, dates as DD-MMM-YYYY, and every text cell neutralised against formula injection.
 */
import { Readable } from 'node:stream';
import {
  isNumberKind,
  neutraliseFormula,
  showValue,
  type ReportContent,
  type ReportColumn,
} from './report-format.js';

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function cell<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row);
  const text = showValue(column.kind, value);
  // Numbers stay numbers; every other cell is text a spreadsheet could take for a formula.
  return quoted(isNumberKind(column.kind) && typeof value === 'number' ? text : neutraliseFormula(text));
}

export function csvReport<Row>(content: ReportContent<Row>): Readable {
  const { columns } = content;
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      `\uFEFF${columns.map((column) => quoted(neutraliseFormula(column.label))).join(',')}\r\n`,
    );
    for await (const rows of content.pages) {
      let text = '';
      for (const row of rows) text += `${columns.map((column) => cell(column, row)).join(',')}\r\n`;
      yield Buffer.from(text);
    }
  }
  // Pulled by the response: the next page is read only when the last one has been taken.
  return Readable.from(lines(), { objectMode: false });
}
