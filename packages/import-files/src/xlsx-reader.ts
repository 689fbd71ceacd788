import { serialToIso } from './dates.js';
import { fileMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';
import type { RawBatch, RawRow } from './raw-rows.js';
import type { ImportLimits } from './types.js';
import { attribute, decodeEntities, decodeOoxmlEscapes, XmlScanner } from './xml-scanner.js';
import { inflateEntry, inflateEntryChunks, InflateBudget, readCentralDirectory } from './zip.js';
import type { ZipEntry } from './zip.js';

export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  rows(): AsyncGenerator<RawBatch>;
}

// Packed files that have no business inside a spreadsheet (docs/requirements.md §5: refuse nested archives).
const archiveExtensions =
  /\.(zip|xlsx|xlsm|xlsb|xltx|xltm|docx|docm|pptx|pptm|jar|7z|rar|gz|tgz|tar|cab|bz2|xz)$/i;

// ECMA-376 built-in number formats that show dates or times.
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/** The text without its bracketed parts (`[Red]`, `[$-809]`); an unclosed `[` and what follows it stay. */
function withoutBrackets(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('[', from);
    const close = open < 0 ? -1 : text.indexOf(']', open + 1);
    if (close < 0) return out + text.slice(from);
    out += text.slice(from, open);
    from = close + 1;
  }
}

export function isDateFormatCode(code: string): boolean {
  // Brackets are cut with indexOf: an expression would look for a `]` again from each of many `[`.
  const bare = withoutBrackets(code.replace(/"[^"]*"/g, '').replace(/\\./g, '')).toLowerCase();
  if (bare === 'general' || bare.length === 0) return false;
  return /[dmyhs]/.test(bare.replace(/e[+-]/g, ''));
}

function resolvePath(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

function relsPathFor(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

interface Relationship {
  target: string;
  type: string;
}

function columnIndex(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col - 1;
}

function numberText(v: string): string {
  // Excel writes numbers in their shortest form; anything else (1.0E+2) is normalised.
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 48 || c > 57) && c !== 45) {
      const n = Number(v);
      return Number.isFinite(n) ? String(n) : v;
    }
  }
  return v;
}

/**
 * Our own streaming reader for xlsx, over the central directory the zip guard checked: it reads only
 * the entries that directory names (a local header cannot smuggle in another), inflates a worksheet
 * as a stream counting its bytes, and keeps one row at a time. Formulas are never evaluated: their
 * stored results are read. Date-formatted numbers become ISO dates.
 */
export class XlsxWorkbook {
  private readonly entries = new Map<string, ZipEntry>();
  private readonly budget: InflateBudget;
  private sharedStrings: string[] = [];
  private dateStyles: boolean[] = [];
  private date1904 = false;
  readonly sheets: WorkbookSheet[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ImportLimits,
  ) {
    this.budget = new InflateBudget(limits.maxUnzippedBytes);
    for (const entry of readCentralDirectory(bytes, limits)) {
      const lower = entry.name.toLowerCase();
      if (lower.endsWith('vbaproject.bin')) throw new ImportFileError(fileMessages.macros);
      if (archiveExtensions.test(lower)) throw new ImportFileError(fileMessages.nestedArchive(entry.name));
      this.entries.set(entry.name, entry);
    }
    this.load();
  }

  private entry(path: string): ZipEntry | undefined {
    const exact = this.entries.get(path);
    if (exact) return exact;
    const lower = path.toLowerCase();
    for (const [name, entry] of this.entries) if (name.toLowerCase() === lower) return entry;
    return undefined;
  }

  private text(entry: ZipEntry): string {
    return new TextDecoder('utf-8').decode(inflateEntry(this.bytes, entry, this.budget));
  }

  private scan(path: string, open: (name: string, attributes: string) => void): boolean {
    const entry = this.entry(path);
    if (!entry) return false;
    const scanner = new XmlScanner({ open, close: () => {}, text: () => {} });
    scanner.feed(this.text(entry));
    scanner.end();
    return true;
  }

  private relationships(part: string): Map<string, Relationship> {
    const rels = new Map<string, Relationship>();
    this.scan(relsPathFor(part), (name, attributes) => {
      if (name !== 'Relationship') return;
      const id = attribute(attributes, 'Id');
      const target = attribute(attributes, 'Target');
      if (id && target && attribute(attributes, 'TargetMode') !== 'External') {
        rels.set(id, { target: resolvePath(part, target), type: attribute(attributes, 'Type') ?? '' });
      }
    });
    return rels;
  }

  private load(): void {
    let workbookPath = 'xl/workbook.xml';
    for (const rel of this.relationships('').values()) {
      if (rel.type.endsWith('/officeDocument')) workbookPath = rel.target;
    }
    if (workbookPath.toLowerCase().endsWith('.bin')) throw new ImportFileError(fileMessages.xlsb);
    const sheets: { name: string; state: string; id: string }[] = [];
    const found = this.scan(workbookPath, (name, attributes) => {
      if (name === 'workbookPr') {
        const flag = attribute(attributes, 'date1904');
        this.date1904 = flag === '1' || flag === 'true';
      } else if (name === 'sheet') {
        sheets.push({
          name: attribute(attributes, 'name') ?? '',
          state: attribute(attributes, 'state') ?? 'visible',
          id: attribute(attributes, 'r:id') ?? attribute(attributes, 'id') ?? '',
        });
      }
    });
    if (!found) throw new ImportFileError(fileMessages.notWorkbook);
    const rels = this.relationships(workbookPath);
    for (const rel of rels.values()) {
      if (rel.type.endsWith('/styles')) this.loadStyles(rel.target);
      if (rel.type.endsWith('/sharedStrings')) this.loadSharedStrings(rel.target);
    }
    for (const sheet of sheets) {
      const rel = rels.get(sheet.id);
      if (!rel || !rel.type.endsWith('/worksheet')) continue;
      const entry = this.entry(rel.target);
      if (!entry) continue;
      this.sheets.push({
        name: sheet.name,
        hidden: sheet.state !== 'visible',
        rows: () => this.readSheet(entry),
      });
    }
  }

  private loadStyles(path: string): void {
    const formats = new Map<number, string>();
    const xfs: number[] = [];
    let inCellXfs = false;
    const entry = this.entry(path);
    if (!entry) return;
    const scanner = new XmlScanner({
      open: (name, attributes, selfClosing) => {
        if (name === 'numFmt') {
          formats.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
        } else if (name === 'cellXfs') {
          inCellXfs = !selfClosing;
        } else if (name === 'xf' && inCellXfs) {
          xfs.push(Number(attribute(attributes, 'numFmtId') ?? '0'));
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text: () => {},
    });
    scanner.feed(this.text(entry));
    scanner.end();
    this.dateStyles = xfs.map((id) => {
      const custom = formats.get(id);
      return custom !== undefined ? isDateFormatCode(custom) : builtInDateFormats.has(id);
    });
  }

  private loadSharedStrings(path: string): void {
    const entry = this.entry(path);
    if (!entry) return;
    if (entry.size > this.limits.maxSharedStringsBytes) {
      throw new ImportFileError(fileMessages.sharedStringsTooLarge(this.limits.maxSharedStringsBytes));
    }
    const strings: string[] = [];
    const textCap = this.limits.maxCellChars + 1;
    let current = '';
    let inT = false;
    let phonetic = 0;
    const scanner = new XmlScanner({
      open: (name, _attributes, selfClosing) => {
        if (name === 'si') current = '';
        else if (name === 't' && !selfClosing && phonetic === 0) inT = true;
        else if (name === 'rPh' && !selfClosing) phonetic++;
      },
      close: (name) => {
        if (name === 't') inT = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si') strings.push(decodeOoxmlEscapes(current));
      },
      text: (raw, cdata) => {
        if (inT && current.length <= textCap) current += cdata ? raw : decodeEntities(raw);
      },
    });
    scanner.feed(this.text(entry));
    scanner.end();
    this.sharedStrings = strings;
  }

  private async *readSheet(entry: ZipEntry): AsyncGenerator<RawBatch> {
    const maxColumns = this.limits.maxColumns;
    const textCap = this.limits.maxCellChars + 1;
    const shared = this.sharedStrings;
    const dateStyles = this.dateStyles;
    const date1904 = this.date1904;
    let batch: RawRow[] = [];
    let inSheetData = false;
    let row: RawRow | null = null;
    let lastRow = 0;
    let col = -1;
    let type = '';
    let style = 0;
    let value = '';
    let inline = '';
    let inValue = false;
    let inInlineText = false;
    let phonetic = 0;
    let hasValue = false;

    const scanner = new XmlScanner({
      open(name, attributes, selfClosing) {
        if (name === 'c') {
          if (!row) return;
          const ref = attribute(attributes, 'r');
          col = ref ? columnIndex(ref) : col + 1;
          type = attribute(attributes, 't') ?? '';
          const s = attribute(attributes, 's');
          style = s ? Number(s) : 0;
          value = '';
          inline = '';
          hasValue = false;
        } else if (name === 'row') {
          if (!inSheetData) return;
          const r = attribute(attributes, 'r');
          lastRow = r ? Number(r) : lastRow + 1;
          row = { rowNumber: lastRow, cells: [], extraColumns: 0, tooLong: false };
          col = -1;
          if (selfClosing) row = null;
        } else if (name === 'v') {
          if (!selfClosing) {
            inValue = true;
            hasValue = true;
          }
        } else if (name === 't') {
          if (!selfClosing && phonetic === 0) inInlineText = true;
          hasValue = true;
        } else if (name === 'rPh') {
          if (!selfClosing) phonetic++;
        } else if (name === 'sheetData') {
          inSheetData = !selfClosing;
        }
      },
      close(name) {
        if (name === 'c') {
          if (!row || !hasValue) return;
          const text =
            type === 's'
              ? (shared[Number(value)] ?? '')
              : type === 'inlineStr'
                ? decodeOoxmlEscapes(inline)
                : cellText(type, value, dateStyles[style] === true, date1904);
          setCell(row, col, text, maxColumns);
        } else if (name === 'v') {
          inValue = false;
        } else if (name === 't') {
          inInlineText = false;
        } else if (name === 'rPh') {
          phonetic--;
        } else if (name === 'row') {
          if (row && row.cells.length + row.extraColumns > 0) batch.push(row);
          row = null;
        } else if (name === 'sheetData') {
          inSheetData = false;
        }
      },
      // Text beyond the cell cap is not kept: the cell is already too long and its row invalid.
      text(raw, cdata) {
        if (inValue) {
          if (value.length <= textCap) value += raw;
        } else if (inInlineText && inline.length <= textCap) {
          inline += cdata ? raw : decodeEntities(raw);
        }
      },
    });

    const decoder = new TextDecoder('utf-8');
    for await (const chunk of inflateEntryChunks(this.bytes, entry, this.budget)) {
      scanner.feed(decoder.decode(chunk, { stream: true }));
      if (batch.length > 0) {
        yield { rows: batch, checkCharacters: true };
        batch = [];
      }
    }
    scanner.feed(decoder.decode());
    scanner.end();
    if (batch.length > 0) yield { rows: batch, checkCharacters: true };
  }
}

/** Puts a cell's text in its column of the row; past the columns kept, a filled cell is counted. */
function setCell(row: RawRow, col: number, text: string, maxColumns: number): void {
  if (col >= maxColumns) {
    if (text.length > 0) row.extraColumns++;
    return;
  }
  const cells = row.cells;
  while (cells.length < col) cells.push('');
  cells[col] = text;
}

/**
 * A cell's text from its `<v>` value, by its type: a formula's string, an error or an ISO date as
 * written, a boolean as TRUE or FALSE, a number as Excel shows it, or as an ISO date when its style
 * shows a date.
 */
function cellText(type: string, value: string, dateStyle: boolean, date1904: boolean): string {
  switch (type) {
    case 'str':
    case 'e':
    case 'd':
      return decodeOoxmlEscapes(decodeEntities(value));
    case 'b':
      return value.trim() === '1' ? 'TRUE' : 'FALSE';
    default: {
      const v = value.trim();
      if (v.length === 0) return '';
      if (dateStyle) {
        const serial = Number(v);
        return Number.isFinite(serial) && serial >= 0 && serial < 2_958_466
          ? serialToIso(serial, date1904)
          : v;
      }
      return numberText(v);
    }
  }
}
