/**
 * The workbook report (docs/requirements.md §5; security baseline "Exports"): exceljs's streaming writer, so rows
 * go to the response as they are read. Cells are typed: dates are real Excel dates shown
 * dd-mmm-yyyy, numbers are numbers, and text is stored as text in text-formatted columns, never as
 * a formula, so that a name such as "=HYPERLINK(…)" stays a name even when the cell is edited.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { productName } from '@esr/contracts/messages';
import {
  isNumberKind,
  londonWallClock,
  reportText,
  roomIn,
  type ColumnKind,
  type ReportContent,
} from './report-format.js';

const formats: Record<ColumnKind, string> = {
  text: '@',
  nhsNumber: '@',
  date: 'dd-mmm-yyyy',
  timestamp: 'dd-mmm-yyyy hh:mm:ss',
  number: '0.0000',
  integer: '0',
  percent: '0.0',
};

/** Excel dates have no time zone: a calendar date is its UTC midnight, an instant its UK wall clock. */
function cellValue(kind: ColumnKind, value: string | number | null): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
    return match
      ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      : reportText(String(value));
  }
  if (kind === 'timestamp') {
    const t = londonWallClock(new Date(String(value)));
    return new Date(Date.UTC(+t.year, +t.month - 1, +t.day, +t.hour, +t.minute, +t.second));
  }
  if (isNumberKind(kind)) return typeof value === 'number' ? value : Number(value);
  return reportText(String(value));
}

export function xlsxReport<Row>(content: ReportContent<Row>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Shared strings would hold every distinct name in memory until the end.
    useSharedStrings: false,
  });
  workbook.creator = productName;
  workbook.created = content.generatedAt;
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = content.columns.map((column) => ({
    key: column.key,
    width: column.width,
    style: { numFmt: formats[column.kind] },
  }));

  async function write() {
    const header = sheet.addRow(content.columns.map((column) => column.label));
    header.font = { bold: true };
    header.commit();
    for await (const rows of content.pages) {
      for (const row of rows)
        sheet.addRow(content.columns.map((column) => cellValue(column.kind, column.value(row)))).commit();
      await roomIn(output);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
