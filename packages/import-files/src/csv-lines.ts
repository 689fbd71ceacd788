import iconv from 'iconv-lite';
import { CsvTokenizer } from './csv-tokenizer.js';
import type { RawRow } from './raw-rows.js';

const LF = 10;
const CR = 13;
const QUOTE = 34;
const TAB = 9;

/**
 * A CSV file's data rows as bytes, from the first record after its header: what a reader needs to
 * read the rows straight from the bytes instead of through decoded text.
 */
export interface CsvBytes {
  bytes: Uint8Array;
  /** Encodings in which every ASCII byte is its character and no other character has one. */
  encoding: 'utf-8' | 'windows-1252';
  delimiter: number;
  /** The offset of the first data record, and the physical line it is on. */
  start: number;
  line: number;
  maxColumns: number;
  maxRecordChars: number;
}

/**
 * The records of a CSV file read straight from its bytes. A record on one line whose fields need no
 * unescaping and hold no control character (nearly every line of an extract) is a *simple line*:
 * its fields are byte ranges, and a cell becomes a string only if its reader asks for one. Any other
 * record (a quoted line break or quote, a control character, a lone carriage return, more fields than
 * the column cap) is read by the tokenizer every other CSV goes through, so both ways give the same
 * rows with the same line numbers.
 */
export class CsvLines {
  readonly bytes: Uint8Array;
  /** The current simple line's fields: field i is `bytes[starts[i]..ends[i])`. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Whether field i has a byte outside ASCII (its text depends on the encoding). */
  readonly wide: Uint8Array;
  fields = 0;
  /** The physical line the current record starts on, as the clerk sees it in a text editor. */
  rowNumber = 0;
  /** The rows of the current record when it was not a simple line (zero or one, or more after a skip). */
  rows: RawRow[] = [];

  readonly #buffer: Buffer;
  readonly #encoding: CsvBytes['encoding'];
  readonly #delimiter: number;
  readonly #maxColumns: number;
  readonly #maxRecordChars: number;
  readonly #tokenizer: CsvTokenizer;
  #position: number;
  #line: number;

  constructor(source: CsvBytes) {
    this.bytes = source.bytes;
    this.#buffer = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
    this.#encoding = source.encoding;
    this.#delimiter = source.delimiter;
    this.#maxColumns = source.maxColumns;
    this.#maxRecordChars = source.maxRecordChars;
    this.starts = new Int32Array(source.maxColumns);
    this.ends = new Int32Array(source.maxColumns);
    this.wide = new Uint8Array(source.maxColumns);
    this.#position = source.start;
    this.#line = source.line;
    this.#tokenizer = new CsvTokenizer(
      source.delimiter,
      source.maxColumns,
      source.maxRecordChars,
      source.line,
    );
  }

  /**
   * Moves to the next record: 'line' for a simple line (its fields in `starts`, `ends`), 'rows' for
   * a record the tokenizer read (in `rows`), 'end' when the file is read. Blank lines are skipped.
   */
  next(): 'line' | 'rows' | 'end' {
    const bytes = this.bytes;
    const length = bytes.length;
    for (;;) {
      const start = this.#position;
      if (start >= length) return 'end';
      let lineEnd = bytes.indexOf(LF, start);
      if (lineEnd < 0) lineEnd = length;
      const end = lineEnd > start && bytes[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
      if (end === start) {
        this.#position = lineEnd + 1;
        this.#line++;
        continue;
      }
      if (this.#split(start, end)) {
        this.rowNumber = this.#line;
        this.#position = lineEnd + 1;
        this.#line++;
        // `""` alone is a blank line too.
        if (this.fields === 1 && this.starts[0] === this.ends[0]) continue;
        return 'line';
      }
      this.#tokenize(start, lineEnd);
      return 'rows';
    }
  }

  /** Cuts a line into fields; false when it is not a simple line. */
  #split(start: number, end: number): boolean {
    const bytes = this.bytes;
    const delimiter = this.#delimiter;
    const maxColumns = this.#maxColumns;
    let field = 0;
    let at = start;
    for (;;) {
      if (field >= maxColumns) return false;
      let wide = 0;
      let fieldStart = at;
      let fieldEnd: number;
      if (bytes[at] === QUOTE && at < end) {
        // A quoted field closed on this line with no quote inside it, followed by a delimiter or the
        // line's end: its text is what lies between the quotes.
        fieldStart = at + 1;
        let k = fieldStart;
        for (; k < end; k++) {
          const c = bytes[k]!;
          if (c === QUOTE) break;
          if (c < 32 && c !== TAB) return false;
          if (c > 127) wide = 1;
        }
        if (k >= end) return false;
        fieldEnd = k;
        at = k + 1;
        if (at < end && bytes[at] !== delimiter) return false;
      } else {
        let k = at;
        for (; k < end; k++) {
          const c = bytes[k]!;
          if (c === delimiter) break;
          if (c < 32 && c !== TAB) return false;
          if (c > 127) wide = 1;
        }
        fieldEnd = k;
        at = k;
      }
      this.starts[field] = fieldStart;
      this.ends[field] = fieldEnd;
      this.wide[field] = wide;
      field++;
      if (at >= end) break;
      at++;
      if (at === end) {
        // A delimiter ending the line: one more, empty, field.
        if (field >= maxColumns) return false;
        this.starts[field] = end;
        this.ends[field] = end;
        this.wide[field] = 0;
        field++;
        break;
      }
    }
    this.fields = field;
    return true;
  }

  /**
   * Reads the record starting at `start` with the tokenizer, a line at a time until it ends. Lines
   * that leave a quoted field open are held and given to the tokenizer together once the field closes
   * (or the record grows too long): given one at a time, each would make the tokenizer read the
   * record again from its start, and a field of many line breaks would take quadratic time. The
   * tokenizer gives the same rows either way, as a line that leaves a field open gives it no row.
   */
  #tokenize(start: number, lineEnd: number): void {
    const bytes = this.bytes;
    const tokenizer = this.#tokenizer;
    tokenizer.restartAt(this.#line);
    const rows: RawRow[] = [];
    const scan = new OpenRecord(this.#delimiter);
    let held = '';
    // After a record too long, the tokenizer has read on from its second line; lines then go one at a time.
    let holding = true;
    let from = start;
    let to = lineEnd;
    for (;;) {
      const final = to >= bytes.length;
      const text = this.#decode(from, final ? bytes.length : to + 1);
      from = to + 1;
      if (holding) {
        held += text;
        if (final || !scan.openAfter(text) || scan.chars > this.#maxRecordChars) {
          tokenizer.push(held, final, rows);
          held = '';
          holding = false;
        }
      } else {
        tokenizer.push(text, final, rows);
      }
      if (final || (!holding && !tokenizer.pending)) break;
      to = bytes.indexOf(LF, from);
      if (to < 0) to = bytes.length;
    }
    this.rows = rows;
    this.#position = from;
    this.#line = tokenizer.nextLine;
  }

  #decode(start: number, end: number): string {
    if (this.#encoding === 'utf-8') return this.#buffer.toString('utf8', start, end);
    return iconv.decode(this.#buffer.subarray(start, end), 'win1252');
  }

  /** Field i's text as the tokenizer would give it (empty past the line's last field). */
  text(field: number): string {
    if (field >= this.fields) return '';
    const start = this.starts[field]!;
    const end = this.ends[field]!;
    if (start === end) return '';
    return this.wide[field] === 0 ? this.#buffer.toString('latin1', start, end) : this.#decode(start, end);
  }

  /** The current simple line as the tokenizer would have read it. */
  rawRow(): RawRow {
    const cells: string[] = [];
    for (let i = 0; i < this.fields; i++) cells.push(this.text(i));
    return { rowNumber: this.rowNumber, cells, extraColumns: 0, tooLong: false };
  }

  /** Whether field i holds exactly the first `length` bytes of `other` (a missing field holds none). */
  same(field: number, other: Uint8Array, length: number): boolean {
    if (this.byteLength(field) !== length) return false;
    const start = field < this.fields ? this.starts[field]! : 0;
    const bytes = this.bytes;
    for (let i = 0; i < length; i++) if (bytes[start + i] !== other[i]) return false;
    return true;
  }

  /** Copies field i's bytes into `into` (which must have room) and says how many there were. */
  copyInto(field: number, into: Uint8Array): number {
    if (field >= this.fields) return 0;
    into.set(this.bytes.subarray(this.starts[field]!, this.ends[field]!));
    return this.ends[field]! - this.starts[field]!;
  }

  /** Field i's length in bytes (0 past the line's last field). */
  byteLength(field: number): number {
    return field < this.fields ? this.ends[field]! - this.starts[field]! : 0;
  }
}

/**
 * Whether lines of CSV leave a quoted field open, read as the tokenizer reads them: a field is quoted
 * when it starts with a quote, a doubled quote inside it is a quote, and a line feed or carriage return
 * outside quotes ends the record.
 */
class OpenRecord {
  #state: 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted' = 'fieldStart';
  /** The characters of the record read so far, from its start (as the tokenizer measures a record). */
  chars = 0;

  constructor(private readonly delimiter: number) {}

  /** Reads one more line (ending in a line feed unless it is the last): is a quoted field open after it? */
  openAfter(line: string): boolean {
    let state = this.#state;
    let chars = this.chars;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      chars++;
      if (state === 'quoted') {
        if (c === QUOTE) state = 'quoteInQuoted';
        continue;
      }
      if (state === 'quoteInQuoted' && c === QUOTE) {
        state = 'quoted';
        continue;
      }
      if (state === 'fieldStart' && c === QUOTE) {
        state = 'quoted';
      } else if (c === this.delimiter) {
        state = 'fieldStart';
      } else if (c === LF || c === CR) {
        state = 'fieldStart';
        chars = 0;
      } else {
        state = 'unquoted';
      }
    }
    this.#state = state;
    this.chars = chars;
    return state === 'quoted';
  }
}

/**
 * What a reader made of a cell, keyed by the cell's bytes, so that an extract's few distinct test
 * names, units and dates are read once each and then found without making a string. Bounded: it
 * starts again empty when full.
 */
export class CellCache<T> {
  readonly #slots: Int32Array;
  readonly #mask: number;
  #keys: Uint8Array[] = [];
  #values: T[] = [];
  /** The entry found last (-1: none). */
  #last = -1;

  constructor(
    private readonly capacity = 4096,
    private readonly maxKeyBytes = 64,
  ) {
    let size = 1;
    while (size < capacity * 2) size *= 2;
    this.#slots = new Int32Array(size).fill(-1);
    this.#mask = size - 1;
  }

  static #hash(bytes: Uint8Array, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    return hash >>> 0;
  }

  get(lines: CsvLines, field: number): T | undefined {
    if (field >= lines.fields) return undefined;
    const start = lines.starts[field]!;
    const end = lines.ends[field]!;
    if (end - start > this.maxKeyBytes) return undefined;
    const bytes = lines.bytes;
    // The cell of the line before, first: an extract's rows come patient by patient.
    if (this.#last >= 0 && CellCache.#same(this.#keys[this.#last]!, bytes, start, end))
      return this.#values[this.#last];
    let slot = CellCache.#hash(bytes, start, end) & this.#mask;
    for (;;) {
      const entry = this.#slots[slot]!;
      if (entry < 0) return undefined;
      if (CellCache.#same(this.#keys[entry]!, bytes, start, end)) {
        this.#last = entry;
        return this.#values[entry];
      }
      slot = (slot + 1) & this.#mask;
    }
  }

  static #same(key: Uint8Array, bytes: Uint8Array, start: number, end: number): boolean {
    if (key.length !== end - start) return false;
    for (let i = 0; i < key.length; i++) if (key[i] !== bytes[start + i]) return false;
    return true;
  }

  set(lines: CsvLines, field: number, value: T): void {
    if (field >= lines.fields) return;
    const start = lines.starts[field]!;
    const end = lines.ends[field]!;
    if (end - start > this.maxKeyBytes) return;
    if (this.#keys.length >= this.capacity) {
      this.#slots.fill(-1);
      this.#keys = [];
      this.#values = [];
      this.#last = -1;
    }
    const bytes = lines.bytes;
    let slot = CellCache.#hash(bytes, start, end) & this.#mask;
    while (this.#slots[slot]! >= 0) slot = (slot + 1) & this.#mask;
    this.#slots[slot] = this.#keys.length;
    this.#keys.push(bytes.slice(start, end));
    this.#values.push(value);
  }
}
