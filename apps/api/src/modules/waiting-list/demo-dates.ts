/**
 * The demonstration extracts (src/data/demo-lists) are written as the trust's systems exported them
 * on one day, `demoExtractsDay`. At first start every date in them that says when something happened
 * or will happen is moved on by the days from that day to the first start's London calendar day, in
 * the bytes of the files, before they go through the same pipeline as any upload (decision 0054): the
 * pipeline reads a list that looks as the trust would have sent it that morning, and the files on
 * disk stay the realistic extracts that the tests and docs use as they are.
 */
import ExcelJS from 'exceljs';
import { monthAbbreviations } from '@esr/contracts/london-dates';
import { addDays, daysBetween } from '@esr/contracts/prioritisation';
import { cellEnd, closingQuote, quotedText } from '@esr/import-files/csv-cells';
import { bloodLongHeaderTable, mapHeader, waitingListHeaderTable } from '@esr/import-files/headers';
import { isCalendarDate } from '@esr/contracts/calendar';

/**
 * The day the example extracts were made as of (`referenceDay` of scripts/make-demo-lists.ts; the
 * hip workbook's banner says "extracted 01/11/2026 06:00"). As of that day the clocks started up to
 * 114 weeks before, the blood samples were taken 5 to 214 days before, the last validations and
 * priority dates fall before it, and the TCI dates 7 to 126 days after it.
 */
export const demoExtractsDay = '2026-11-01';

/** How many days the demonstration's dates move when the lists are seeded on `firstStartDay`. */
export const demoShiftDays = (firstStartDay: string): number => daysBetween(demoExtractsDay, firstStartDay);

export type DemoFileKind = 'waitingList' | 'bloodTests';

/**
 * The columns whose dates move, by the import's own names for them (so a column is found however
 * the extract heads it). A date of birth stays: it is who the patient is, and the same patient is
 * looked up by it in the docs and tests; ages grow as a real list's do.
 */
const movingFields: Record<DemoFileKind, ReadonlySet<string>> = {
  waitingList: new Set(['referralDate', 'clockStart', 'tciDate', 'priorityDate', 'lastValidatedOn']),
  bloodTests: new Set(['sampleDate']),
};
const headerTables = { waitingList: waitingListHeaderTable, bloodTests: bloodLongHeaderTable };
/** The import looks for the header among the first 20 rows (docs/import-format.md); so does this. */
const headerSearchRows = 20;

type Layout = 'iso' | 'slashes' | 'monthName';
interface DateText {
  iso: string;
  layout: Layout;
  /** Whether the day and month were written with two digits. */
  padded: boolean;
  upperMonth: boolean;
  /** What follows the date, kept as it is: a time (` 12:59`, `T10:29:00Z`), or nothing. */
  rest: string;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

function digitsFrom(text: string, at: number): number {
  let end = at;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

const monthNumbers = new Map(monthAbbreviations.map((name, index) => [name.toLowerCase(), index + 1]));
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date as the extracts write them: `2026-10-31`, `31/10/2026` or `31-Oct-2026`, with or without
 * a time after a space or `T`. Read character by character: nothing is looked at twice.
 */
function readDateText(text: string): DateText | null {
  const firstEnd = digitsFrom(text, 0);
  let year: number;
  let month: number;
  let day: number;
  let end: number;
  let layout: Layout;
  let padded = true;
  let upperMonth = false;
  if (firstEnd === 4 && text[4] === '-') {
    const monthEnd = digitsFrom(text, 5);
    if (monthEnd !== 7 || text[7] !== '-' || digitsFrom(text, 8) !== 10) return null;
    year = +text.slice(0, 4);
    month = +text.slice(5, 7);
    day = +text.slice(8, 10);
    end = 10;
    layout = 'iso';
  } else if ((firstEnd === 1 || firstEnd === 2) && (text[firstEnd] === '/' || text[firstEnd] === '-')) {
    day = +text.slice(0, firstEnd);
    padded = firstEnd === 2;
    let yearStart: number;
    if (text[firstEnd] === '/') {
      const monthEnd = digitsFrom(text, firstEnd + 1);
      const monthDigits = monthEnd - firstEnd - 1;
      if (monthDigits < 1 || monthDigits > 2 || text[monthEnd] !== '/' || (monthDigits === 2) !== padded)
        return null;
      month = +text.slice(firstEnd + 1, monthEnd);
      yearStart = monthEnd + 1;
      layout = 'slashes';
    } else {
      const name = text.slice(firstEnd + 1, firstEnd + 4);
      const found = monthNumbers.get(name.toLowerCase());
      if (found === undefined || text[firstEnd + 4] !== '-') return null;
      month = found;
      upperMonth = name === name.toUpperCase();
      yearStart = firstEnd + 5;
      layout = 'monthName';
    }
    end = digitsFrom(text, yearStart);
    if (end - yearStart !== 4) return null;
    year = +text.slice(yearStart, end);
  } else {
    return null;
  }
  const rest = text.slice(end);
  if (rest.length > 0 && rest[0] !== ' ' && rest[0] !== 'T') return null;
  if (!isCalendarDate(year, month, day)) return null;
  return { iso: `${year}-${pad2(month)}-${pad2(day)}`, layout, padded, upperMonth, rest };
}

function writeDateText(date: DateText, iso: string): string {
  const [year, month, day] = [iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10)];
  const part = (n: number) => (date.padded ? pad2(n) : String(n));
  if (date.layout === 'iso') return `${iso}${date.rest}`;
  if (date.layout === 'slashes') return `${part(day)}/${part(month)}/${year}${date.rest}`;
  const name = monthAbbreviations[month - 1]!;
  return `${part(day)}-${date.upperMonth ? name.toUpperCase() : name}-${year}${date.rest}`;
}

/**
 * A date cell's text moved by `days` calendar days, written the way it came (layout, padding, the
 * time after it untouched). Text that is not such a date is refused: every date cell of the
 * demonstration extracts is one, and one left behind would be a date that no longer fits the rest.
 */
export function shiftDateText(text: string, days: number): string {
  const date = readDateText(text);
  if (!date) throw new Error('A date of the demonstration lists is not written as they write dates');
  return writeDateText(date, addDays(date.iso, days));
}

/** The `DD/MM/YYYY` dates in a title above the header ("extracted 01/11/2026 06:00"), moved. */
export function shiftDatesInTitle(text: string, days: number): string {
  let out = '';
  let copied = 0;
  for (let at = 0; at + 10 <= text.length; at++) {
    if (!isDigit(text.charCodeAt(at)) || (at > 0 && isDigit(text.charCodeAt(at - 1)))) continue;
    if (text[at + 2] !== '/' || text[at + 5] !== '/' || isDigit(text.charCodeAt(at + 10))) continue;
    if (digitsFrom(text, at) !== at + 2 || digitsFrom(text, at + 3) !== at + 5) continue;
    if (digitsFrom(text, at + 6) !== at + 10) continue;
    const date = readDateText(text.slice(at, at + 10));
    if (!date) continue;
    out += text.slice(copied, at) + writeDateText(date, addDays(date.iso, days));
    copied = at + 10;
    at += 9;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The columns of a header row whose dates move, or null when the row is not the header. */
function movingColumns(cells: string[], kind: DemoFileKind): number[] | null {
  const { columns } = mapHeader(cells, [headerTables[kind]]);
  // As the import: a header names at least two columns it knows.
  if (columns.size < 2) return null;
  return [...columns].filter(([key]) => movingFields[kind].has(key)).map(([, index]) => index);
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

interface CsvCell {
  start: number;
  end: number;
  value: string;
  quoted: boolean;
}

/**
 * The records of comma-separated text, each cell read as the import's tokenizer reads it (quoted
 * cells may hold commas, doubled quotes and line breaks) and with where it starts and ends. In time
 * linear in the text's length.
 */
function* csvRecords(text: string): Generator<CsvCell[]> {
  const n = text.length;
  let at = 0;
  while (at < n) {
    const cells: CsvCell[] = [];
    for (;;) {
      const start = at;
      let value = '';
      let quoted = false;
      if (text.charCodeAt(at) === QUOTE) {
        quoted = true;
        const close = closingQuote(text, at);
        if (close < 0) throw new Error('A demonstration list has a quote that is never closed');
        value = quotedText(text, at, close);
        at = close + 1;
      }
      // Up to the next comma or line break (after a closing quote, what Excel keeps of the cell).
      const from = at;
      at = cellEnd(text, at, COMMA);
      value += text.slice(from, at);
      cells.push({ start, end: at, value, quoted });
      if (text.charCodeAt(at) === COMMA) {
        at++;
        continue;
      }
      if (text.charCodeAt(at) === CR) at++;
      if (text.charCodeAt(at) === LF) at++;
      break;
    }
    yield cells;
  }
}

/**
 * A CSV extract with its dates moved: the date cells rewritten in place, every other byte as it
 * was (the byte order mark, quotes, line endings). Rows above the header keep their text, except
 * for the dates a title gives.
 */
export function shiftCsvDates(text: string, kind: DemoFileKind, days: number): string {
  const parts: string[] = [];
  let copied = 0;
  let columns: number[] | null = null;
  let records = 0;
  const replace = (cell: CsvCell, value: string) => {
    if (value === cell.value) return;
    parts.push(text.slice(copied, cell.start), cell.quoted ? `"${value.replaceAll('"', '""')}"` : value);
    copied = cell.end;
  };
  for (const cells of csvRecords(text)) {
    records++;
    if (columns === null) {
      columns = movingColumns(
        cells.map((cell) => cell.value),
        kind,
      );
      if (columns === null) {
        if (records >= headerSearchRows) throw new Error('A demonstration list has no header');
        for (const cell of cells) replace(cell, shiftDatesInTitle(cell.value, days));
      }
      continue;
    }
    for (const index of columns) {
      const cell = cells[index];
      if (cell && cell.value.length > 0) replace(cell, shiftDateText(cell.value, days));
    }
  }
  if (columns === null) throw new Error('A demonstration list has no header');
  parts.push(text.slice(copied));
  return parts.join('');
}

const dayMs = 86_400_000;

/**
 * A workbook extract with its dates moved, through the library that wrote it
 * (scripts/make-demo-lists.ts): a date cell is a day number under a date format, read here as a
 * date and written back as one; a date typed as text is moved as the CSV's are.
 */
export async function shiftWorkbookDates(bytes: Buffer, kind: DemoFileKind, days: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  let found = false;
  for (const sheet of workbook.worksheets) {
    // Text cells of the rows looked at so far: titles, once the header is found below them.
    const titles: ExcelJS.Cell[] = [];
    for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, headerSearchRows); rowNumber++) {
      const cells: string[] = [];
      const texts: ExcelJS.Cell[] = [];
      sheet.getRow(rowNumber).eachCell({ includeEmpty: true }, (cell, column) => {
        const text = typeof cell.value === 'string' ? cell.value : '';
        cells[column - 1] = text;
        if (text.length > 0) texts.push(cell);
      });
      const columns = movingColumns(
        Array.from(cells, (cell) => cell ?? ''),
        kind,
      );
      if (columns === null) {
        titles.push(...texts);
        continue;
      }
      for (const title of titles) title.value = shiftDatesInTitle(title.value as string, days);
      sheet.eachRow((data, dataRowNumber) => {
        if (dataRowNumber <= rowNumber) return;
        for (const index of columns) {
          const cell = data.getCell(index + 1);
          const value = cell.value;
          if (value instanceof Date) cell.value = new Date(value.getTime() + days * dayMs);
          else if (typeof value === 'string' && value.trim().length > 0)
            cell.value = shiftDateText(value, days);
          else if (typeof value === 'number') cell.value = value + days;
        }
      });
      found = true;
      break;
    }
  }
  if (!found) throw new Error('A demonstration list has no header');
  // The workbook says it was made on the extracts' day too.
  if (workbook.created) workbook.created = new Date(workbook.created.getTime() + days * dayMs);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A demonstration extract as the trust would have sent it `days` days after `demoExtractsDay`. */
export async function shiftDemoFile(
  fileName: string,
  bytes: Buffer,
  kind: DemoFileKind,
  days: number,
): Promise<Buffer> {
  if (days === 0) return bytes;
  if (fileName.endsWith('.xlsx')) return shiftWorkbookDates(bytes, kind, days);
  return Buffer.from(shiftCsvDates(bytes.toString('utf8'), kind, days), 'utf8');
}
