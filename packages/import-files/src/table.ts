import type { CsvBytes } from './csv-lines.js';
import { CsvTokenizer } from './csv-tokenizer.js';
import { scoreHeaderRow } from './headers.js';
import { fileMessages, warningMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';
import type { RawBatch, RawRow } from './raw-rows.js';
import { detectFileKind } from './sniff.js';
import type { FileKind } from './sniff.js';
import { decodeChunks, decodePrefix, detectEncoding } from './text-decoding.js';
import type { TextEncodingName } from './text-decoding.js';
import type { ImportInput, ImportLimits, RowWarning } from './types.js';
import { mayHaveBadCharacter } from './values.js';
import { XlsxWorkbook } from './xlsx-reader.js';
import type { WorkbookSheet } from './xlsx-reader.js';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface OpenedTable {
  format: FileKind;
  header: RawRow;
  sheetName: string | null;
  /** Cells from a workbook (a bare number in a date column is an Excel serial). */
  spreadsheet: boolean;
  /** The data rows, after the header. */
  rows: AsyncGenerator<RawBatch>;
  warnings: RowWarning[];
  encoding?: TextEncodingName;
  delimiter?: CsvDelimiter;
  /**
   * A UTF-8 or Windows-1252 CSV file's data as bytes, for a reader that reads its lines straight
   * from them (csv-lines.ts) instead of through `rows`.
   */
  csvBytes?: CsvBytes;
}

export type OpenResult =
  { ok: true; table: OpenedTable } | { ok: false; error: string; format: FileKind | null };

/** Where a table's header was found and how its text was read, as a file's outcome reports them. */
export function tablePlace(table: OpenedTable) {
  return {
    sheetName: table.sheetName,
    headerRowNumber: table.header.rowNumber,
    encoding: table.encoding,
    delimiter: table.delimiter,
  };
}

/** Rows looked at for the header: banners and titles above it are skipped (import-data.md). */
const headerSearchRows = 20;
/** A header names at least this many columns we know. */
const minimumHeaderScore = 2;
const delimiters: CsvDelimiter[] = [',', ';', '\t', '|'];
const prefixBytes = 256 * 1024;
/**
 * Lines of a UTF-8 or Windows-1252 prefix: enough for the header's 20 rows, however many lines their
 * quoted cells take, and the rows after it, without tokenizing 256 KB four times over.
 */
const prefixLines = 200;

/** How much of the file is looked at for its header: `prefixLines` lines, within `prefixBytes`. */
function prefixLength(bytes: Uint8Array, encoding: TextEncodingName): number {
  const limit = Math.min(bytes.length, prefixBytes);
  if (encoding !== 'utf-8' && encoding !== 'windows-1252') return limit;
  let at = -1;
  for (let lines = 0; lines < prefixLines; lines++) {
    at = bytes.indexOf(10, at + 1);
    if (at < 0 || at >= limit) return limit;
  }
  return at + 1;
}

/**
 * Opens an upload of any accepted kind and finds its header row: the row among the first 20 that
 * names most columns we know, on the first visible sheet that has one. File-level problems come
 * back as `ok: false`, or are thrown as ImportFileError while the rows are read.
 */
export async function openTable(input: ImportInput, limits: ImportLimits): Promise<OpenResult> {
  const { bytes } = input;
  if (bytes.length > limits.maxFileBytes)
    return { ok: false, error: fileMessages.tooBig(limits.maxFileBytes), format: null };
  const kind = detectFileKind(bytes);
  if (!kind.ok) return { ok: false, error: kind.error, format: null };
  try {
    if (kind.kind === 'csv') return openCsv(bytes, limits);
    // SheetJS, the legacy reader, is loaded only for a legacy file: it is a third of what a reading
    // thread would otherwise compile before it starts, for a kind of file few trusts still send.
    const sheets =
      kind.kind === 'xlsx'
        ? new XlsxWorkbook(bytes, limits).sheets
        : (await import('./xls-reader.js')).openXls(bytes, limits);
    return await openWorkbook(kind.kind, sheets);
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, error: error.userMessage, format: kind.kind };
    throw error;
  }
}

function openCsv(bytes: Uint8Array, limits: ImportLimits): OpenResult {
  const encoding = detectEncoding(bytes);
  const prefixEnd = prefixLength(bytes, encoding);
  const prefix = decodePrefix(bytes, encoding, prefixEnd);
  const maxRecordChars = limits.maxColumns * (limits.maxCellChars + 3) + 1024;
  let best: { row: RawRow; score: number; delimiter: CsvDelimiter; rows: RawRow[] } | null = null;
  for (const delimiter of delimiters) {
    const rows: RawRow[] = [];
    new CsvTokenizer(delimiter.charCodeAt(0), limits.maxColumns, maxRecordChars).push(
      prefix,
      bytes.length <= prefixEnd,
      rows,
    );
    for (const row of rows.slice(0, headerSearchRows)) {
      const score = scoreHeaderRow(row.cells);
      if (
        !best ||
        score > best.score ||
        (score === best.score &&
          score > 0 &&
          row.rowNumber === best.row.rowNumber &&
          row.cells.length > best.row.cells.length)
      ) {
        best = { row, score, delimiter, rows };
      }
    }
  }
  if (!best || best.score < minimumHeaderScore) {
    return { ok: false, error: fileMessages.noHeader, format: 'csv' };
  }
  const { row: header, delimiter } = best;
  const firstData = best.rows.find((row) => row.rowNumber > header.rowNumber);
  const csvBytes: CsvBytes | undefined =
    firstData && encoding !== 'utf-16le' && encoding !== 'utf-16be'
      ? {
          bytes,
          encoding,
          delimiter: delimiter.charCodeAt(0),
          start: lineStart(bytes, firstData.rowNumber),
          line: firstData.rowNumber,
          maxColumns: limits.maxColumns,
          maxRecordChars,
        }
      : undefined;
  async function* rows(): AsyncGenerator<RawBatch> {
    const tokenizer = new CsvTokenizer(delimiter.charCodeAt(0), limits.maxColumns, maxRecordChars);
    let previousSuspect = false;
    const chunks = decodeChunks(bytes, encoding);
    let next = chunks.next();
    while (!next.done) {
      const text = next.value;
      next = chunks.next();
      const suspect = mayHaveBadCharacter(text);
      const out: RawRow[] = [];
      tokenizer.push(text, next.done === true, out);
      const data = out.filter((r) => r.rowNumber > header.rowNumber);
      if (data.length > 0) yield { rows: data, checkCharacters: suspect || previousSuspect };
      previousSuspect = suspect;
    }
  }
  return {
    ok: true,
    table: {
      format: 'csv',
      header,
      sheetName: null,
      spreadsheet: false,
      rows: rows(),
      warnings: [],
      encoding,
      delimiter,
      csvBytes,
    },
  };
}

/** Where physical line `line` starts: after a line feed, or a carriage return not followed by one. */
function lineStart(bytes: Uint8Array, line: number): number {
  let current = 1;
  for (let i = 0; i < bytes.length && current < line; i++) {
    const c = bytes[i];
    if (c === 10 || (c === 13 && bytes[i + 1] !== 10)) {
      current++;
      if (current === line) return i + 1;
    }
  }
  return 0;
}

async function openWorkbook(format: FileKind, sheets: WorkbookSheet[]): Promise<OpenResult> {
  const hidden: string[] = [];
  let firstVisible = true;
  for (const sheet of sheets) {
    if (sheet.hidden) {
      hidden.push(sheet.name);
      continue;
    }
    const source = sheet.rows();
    const seen: RawRow[] = [];
    let done = false;
    while (seen.length < headerSearchRows) {
      const next = await source.next();
      if (next.done) {
        done = true;
        break;
      }
      seen.push(...next.value.rows);
    }
    let best: { index: number; score: number } | null = null;
    for (let i = 0; i < Math.min(seen.length, headerSearchRows); i++) {
      const score = scoreHeaderRow(seen[i]!.cells);
      if (!best || score > best.score) best = { index: i, score };
    }
    if (!best || best.score < minimumHeaderScore) {
      if (!done) await source.return(undefined);
      firstVisible = false;
      continue;
    }
    const header = seen[best.index]!;
    const buffered = seen.slice(best.index + 1);
    const warnings: RowWarning[] = [];
    if (hidden.length > 0)
      warnings.push({ rowNumber: null, field: null, message: warningMessages.hiddenSheetsSkipped(hidden) });
    if (!firstVisible)
      warnings.push({ rowNumber: null, field: null, message: warningMessages.sheetUsed(sheet.name) });
    async function* rows(): AsyncGenerator<RawBatch> {
      if (buffered.length > 0) yield { rows: buffered, checkCharacters: true };
      if (!done) yield* source;
    }
    return {
      ok: true,
      table: { format, header, sheetName: sheet.name, spreadsheet: true, rows: rows(), warnings },
    };
  }
  const visible = sheets.some((s) => !s.hidden);
  return { ok: false, error: visible ? fileMessages.noHeader : fileMessages.noSheets, format };
}
