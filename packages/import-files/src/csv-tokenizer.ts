import { cellEnd, closingQuote, quotedText } from './csv-cells.js';
import type { RawRow } from './raw-rows.js';

const QUOTE = 34;
const LF = 10;
const CR = 13;

function countLineBreaks(s: string, from: number, to: number): number {
  let lines = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === LF) lines++;
    else if (c === CR && s.charCodeAt(i + 1) !== LF) lines++;
  }
  return lines;
}

/**
 * RFC 4180 records from text that arrives in chunks, with the physical line each record starts on
 * (what a clerk sees in a text editor). Quoted fields may hold delimiters, doubled quotes and line
 * breaks; text after a closing quote is kept, as Excel keeps it. A record longer than any real row
 * (usually an unclosed quote) is reported and skipped to the next line break, so work stays linear.
 */
export class CsvTokenizer {
  private carry = '';
  private skipping = false;
  /** Where the quoted field `quotedField` last read ends, and the line breaks it holds. */
  private fieldEnd = 0;
  private fieldLines = 0;

  constructor(
    private readonly delimiter: number,
    private readonly maxColumns: number,
    private readonly maxRecordChars: number,
    /** The physical line the text starts on (a reader may start part-way through a file). */
    private line = 1,
  ) {}

  /** The physical line the next text starts on. */
  get nextLine(): number {
    return this.line;
  }

  /** A record begun and not yet ended (or a too-long one still being skipped): more text is needed. */
  get pending(): boolean {
    return this.carry.length > 0 || this.skipping;
  }

  /** Starts again at a record boundary on this line (nothing may be pending). */
  restartAt(line: number): void {
    this.line = line;
  }

  push(text: string, final: boolean, out: RawRow[]): void {
    let s = this.carry.length > 0 ? this.carry + text : text;
    this.carry = '';
    if (this.skipping) {
      const lf = s.indexOf('\n');
      if (lf < 0) return;
      this.skipping = false;
      this.line++;
      s = s.slice(lf + 1);
    }
    const n = s.length;
    const D = this.delimiter;
    const maxColumns = this.maxColumns;
    let p = 0;
    let line = this.line;
    let start = 0;
    let startLine = line;
    let complete = true;
    const delimiter = String.fromCharCode(D);
    // Where the next line feed, quote and carriage return are (-1: none in this text; -2: not looked
    // for yet), so that a record on one line with no quote is cut at its delimiters with indexOf.
    let nextLf = -2;
    let nextQuote = -2;
    let nextCr = -2;
    records: while (p < n) {
      start = p;
      startLine = line;
      if (nextLf !== -1 && nextLf < p) nextLf = s.indexOf('\n', p);
      if (nextLf >= 0) {
        if (nextQuote !== -1 && nextQuote < p) nextQuote = s.indexOf('"', p);
        if (nextCr !== -1 && nextCr < p) nextCr = s.indexOf('\r', p);
        const end = nextLf > p && s.charCodeAt(nextLf - 1) === CR ? nextLf - 1 : nextLf;
        if ((nextQuote === -1 || nextQuote > nextLf) && (nextCr === -1 || nextCr >= end)) {
          splitLine(s, p, end, delimiter, maxColumns, out, startLine);
          p = nextLf + 1;
          line++;
          continue;
        }
      }
      const cells: string[] = [];
      let extra = 0;
      for (;;) {
        let field: string;
        if (s.charCodeAt(p) === QUOTE) {
          const quoted = this.quotedField(s, p, final);
          if (quoted === null) {
            complete = false;
            break records;
          }
          field = quoted;
          p = this.fieldEnd;
          line += this.fieldLines;
        } else {
          const k = cellEnd(s, p, D);
          field = s.slice(p, k);
          p = k;
        }
        if (cells.length < maxColumns) cells.push(field);
        else extra++;
        if (p >= n) {
          if (!final) {
            complete = false;
            break records;
          }
          emit(out, startLine, cells, extra);
          break;
        }
        const c = s.charCodeAt(p);
        if (c === D) {
          p++;
          if (p >= n && !final) {
            complete = false;
            break records;
          }
          continue;
        }
        if (c === CR) {
          if (p + 1 >= n && !final) {
            complete = false;
            break records;
          }
          p++;
          if (s.charCodeAt(p) === LF) p++;
        } else {
          p++;
        }
        line++;
        emit(out, startLine, cells, extra);
        break;
      }
    }
    if (complete) this.line = line;
    else this.keepUnfinished(s, start, startLine, final, out);
  }

  /**
   * Out of text mid-record: keeps the record for the next chunk, unless it is already too long, when
   * it is reported and skipped to the next line break.
   */
  private keepUnfinished(s: string, start: number, startLine: number, final: boolean, out: RawRow[]): void {
    this.line = startLine;
    if (s.length - start <= this.maxRecordChars) {
      this.carry = s.slice(start);
      return;
    }
    out.push({ rowNumber: startLine, cells: [], extraColumns: 0, tooLong: true });
    const lf = s.indexOf('\n', start);
    if (lf < 0) {
      this.skipping = true;
      return;
    }
    this.line = startLine + 1;
    this.push(s.slice(lf + 1), final, out);
  }

  /**
   * The quoted field that starts at `p`, with any text after its closing quote up to the next
   * delimiter or line break; null when the text ends before it does and more is to come. Where it
   * ends and how many line breaks it holds are left in `fieldEnd` and `fieldLines`.
   */
  private quotedField(s: string, p: number, final: boolean): string | null {
    const n = s.length;
    const close = closingQuote(s, p);
    // Out of text before the field closes, or on a quote the next text may double: more is to come.
    if (!final && (close < 0 || close + 1 >= n)) return null;
    const contentEnd = close < 0 ? n : close;
    let field = quotedText(s, p, contentEnd);
    this.fieldLines = countLineBreaks(s, p + 1, contentEnd);
    p = close < 0 ? n : close + 1;
    const k = cellEnd(s, p, this.delimiter);
    if (k > p) {
      field += s.slice(p, k);
      p = k;
    }
    this.fieldEnd = p;
    return field;
  }
}

/** Cuts a record on one line with no quote, from `p` to `end`, at its delimiters. */
function splitLine(
  s: string,
  p: number,
  end: number,
  delimiter: string,
  maxColumns: number,
  out: RawRow[],
  rowNumber: number,
): void {
  const cells: string[] = [];
  let extra = 0;
  for (let q = p; ;) {
    let k = s.indexOf(delimiter, q);
    if (k < 0 || k > end) k = end;
    if (cells.length < maxColumns) cells.push(s.slice(q, k));
    else extra++;
    if (k === end) break;
    q = k + 1;
  }
  emit(out, rowNumber, cells, extra);
}

function emit(out: RawRow[], rowNumber: number, cells: string[], extra: number): void {
  // A blank line is not a row.
  if (cells.length === 1 && cells[0]!.length === 0) return;
  out.push({ rowNumber, cells, extraColumns: extra, tooLong: false });
}
