/**
 * What every report file shares (docs/requirements.md §5 report, §9 dates; security baseline
 * "Exports"): its columns, its rows read page by page, and how values are written.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { showCalendarDate, showLondonDateTime } from '@esr/contracts/london-dates';
import { spacedNhsNumber } from '@esr/contracts/nhs-number';
import { withoutBidiControls } from '@esr/contracts/text-direction';

/** docs/requirements.md §9 dates, as the reports and the patient PDF show them. */
export { londonWallClock, showCalendarDate as showDate } from '@esr/contracts/london-dates';

/**
 * How a column's values are typed: text, a calendar date, an instant, a number (a fraction, to four
 * places), a whole number (days, a version), a percentage (to one place), an NHS number.
 */
export type ColumnKind = 'text' | 'date' | 'timestamp' | 'number' | 'integer' | 'percent' | 'nhsNumber';

/** The kinds whose values are numbers, written as numbers in every file. */
export const isNumberKind = (kind: ColumnKind) =>
  kind === 'number' || kind === 'integer' || kind === 'percent';

export interface ReportColumn<Row> {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Relative width in the PDF table, and characters in the workbook. */
  width: number;
  /** Text, `YYYY-MM-DD` for a date, an ISO instant for a timestamp, a number; null when empty. */
  value(row: Row): string | number | null;
}

export interface ReportContent<Row> {
  trustName: string;
  title: string;
  generatedAt: Date;
  /** The filters the rows match, in words (shown on the PDF). */
  filters: { label: string; value: string }[];
  /** The procedure's active model is a demonstration model: the PDF says so on every page. */
  demonstration: boolean;
  /**
   * When the list the rows come from was uploaded (decision 0068): the PDF says "Data as at" under
   * when it was made. Absent or null for a file that is not from one list, or a list never uploaded.
   */
  dataAsAt?: Date | null;
  columns: ReportColumn<Row>[];
  rowCount: number;
  /** The rows, a page at a time, in report order. */
  pages: AsyncIterable<Row[]>;
}

/**
 * security baseline "Exports" (OWASP CSV injection): a cell a spreadsheet would read as a formula
 * (`=`, `+`, `-`, `@`, tab or carriage return first) is prefixed with `'` and so read as text.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** NHS numbers on paper as they are printed (docs/requirements.md §5): `943 476 5919`. */
export { spacedNhsNumber };

/**
 * A text value as every report writes it: without hidden text-direction characters, which data
 * stored before the import removed them may still hold (docs/decisions/0043).
 */
export const reportText = (text: string): string => withoutBidiControls(text);

/** A value as the CSV and PDF show it (formula neutralisation is the CSV's own step). */
export function showValue(kind: ColumnKind, value: string | number | null, paper = false): string {
  if (value === null) return '';
  switch (kind) {
    case 'date':
      return showCalendarDate(String(value));
    case 'timestamp':
      return showLondonDateTime(new Date(String(value)));
    case 'number':
      return typeof value === 'number' ? String(Math.round(value * 10_000) / 10_000) : String(value);
    case 'integer':
      return typeof value === 'number' ? String(Math.round(value)) : String(value);
    case 'percent':
      return typeof value === 'number' ? value.toFixed(1) : String(value);
    case 'nhsNumber':
      return paper ? spacedNhsNumber(reportText(String(value))) : reportText(String(value));
    default:
      return reportText(String(value));
  }
}

/**
 * Waits while the response's buffer is full, so a slow download holds back the database reads
 * rather than filling the server's memory; refuses to go on once the download is gone. The wait
 * that did not end is called off: each left a 'close' and an 'error' listener on the stream, and a
 * long export piled up enough for Node to warn of a leak.
 */
export async function roomIn(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new Error('The report download was closed');
  if (stream.writableNeedDrain) {
    const done = new AbortController();
    const { signal } = done;
    try {
      await Promise.race([once(stream, 'drain', { signal }), once(stream, 'close', { signal })]);
    } finally {
      done.abort();
    }
  }
  if (stream.destroyed) throw new Error('The report download was closed');
}
