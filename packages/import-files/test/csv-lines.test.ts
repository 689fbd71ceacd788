import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CellCache, CsvLines, type CsvBytes } from '../src/csv-lines.js';
import { CsvTokenizer } from '../src/csv-tokenizer.js';
import type { RawRow } from '../src/raw-rows.js';

const source = (bytes: Uint8Array, options: Partial<Omit<CsvBytes, 'bytes'>> = {}): CsvBytes => ({
  bytes,
  encoding: 'utf-8',
  delimiter: 44,
  start: 0,
  line: 1,
  maxColumns: 200,
  maxRecordChars: 100_000,
  ...options,
});

/** Every record, as rows: a simple line made into the row the tokenizer would give. */
function records(lines: CsvLines): { rows: RawRow[]; simple: number } {
  const rows: RawRow[] = [];
  let simple = 0;
  for (;;) {
    const next = lines.next();
    if (next === 'end') return { rows, simple };
    if (next === 'line') {
      rows.push(lines.rawRow());
      simple++;
    } else {
      rows.push(...lines.rows);
    }
  }
}

function tokenized(text: string, delimiter = ',', maxColumns = 200): RawRow[] {
  const out: RawRow[] = [];
  new CsvTokenizer(delimiter.charCodeAt(0), maxColumns, 100_000).push(text, true, out);
  return out;
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('CSV lines read from their bytes', () => {
  it('cuts simple lines into fields, with quoted fields, blank lines, CRLF and a last line without a break', () => {
    const text = 'a,b,c\r\n"x, y",,"z"\r\n\r\n""\r\n1,2,\r\nlast,row';
    const lines = new CsvLines(source(utf8(text)));
    const { rows, simple } = records(lines);
    expect(rows.map((row) => [row.rowNumber, ...row.cells])).toEqual([
      [1, 'a', 'b', 'c'],
      [2, 'x, y', '', 'z'],
      [5, '1', '2', ''],
      [6, 'last', 'row'],
    ]);
    expect(simple).toBe(4);
  });

  it('hands a record the tokenizer must read to it, keeping the physical line numbers', () => {
    const text =
      'one,1\n"two\nlines",2\nthree,"say ""hi"""\nfour\rfive,5\nsix,\u0001\n"open,7\n\nstill",8\nnine,9\n';
    const lines = new CsvLines(source(utf8(text)));
    const { rows, simple } = records(lines);
    expect(rows).toEqual(tokenized(text));
    expect(rows.map((row) => row.rowNumber)).toEqual([1, 2, 4, 5, 6, 7, 8, 11]);
    expect(simple).toBe(2);
  });

  it('sends a line with more fields than the column cap to the tokenizer, which counts the extra ones', () => {
    const lines = new CsvLines(source(utf8('a,b,c,d\ne,f\n'), { maxColumns: 3 }));
    expect(records(lines).rows).toEqual(tokenized('a,b,c,d\ne,f\n', ',', 3));
  });

  it('reads cells outside ASCII in the file’s encoding', () => {
    const text = 'Créatinine,µmol/L,89\n';
    const latin = new CsvLines(
      source(new Uint8Array(iconv.encode(text, 'win1252')), { encoding: 'windows-1252' }),
    );
    expect(latin.next()).toBe('line');
    expect([latin.text(0), latin.text(1), latin.text(2)]).toEqual(['Créatinine', 'µmol/L', '89']);
    expect([...latin.wide.subarray(0, 3)]).toEqual([1, 1, 0]);
    const unicode = new CsvLines(source(utf8(text)));
    expect(unicode.next()).toBe('line');
    expect(unicode.rawRow().cells).toEqual(['Créatinine', 'µmol/L', '89']);
  });

  it('starts part-way through a file, at the record and line given', () => {
    const bytes = utf8('Title\nA,B\n1,2\n');
    const lines = new CsvLines(source(bytes, { start: 10, line: 3 }));
    expect(records(lines).rows).toEqual([
      { rowNumber: 3, cells: ['1', '2'], extraColumns: 0, tooLong: false },
    ]);
  });

  it('gives the rows the tokenizer gives, for any text of delimiters, quotes, line breaks and controls', () => {
    const alphabet = fc.constantFrom(
      'a',
      'b',
      '1',
      ' ',
      ',',
      ';',
      '"',
      '\n',
      '\r',
      '\r\n',
      '\t',
      '\u0000',
      'é',
      'µ',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 60 }),
        fc.constantFrom(',', ';', '\t'),
        (pieces, delimiter) => {
          const text = pieces.join('');
          const lines = new CsvLines(
            source(utf8(text), { delimiter: delimiter.charCodeAt(0), maxColumns: 4 }),
          );
          expect(records(lines).rows).toEqual(tokenized(text, delimiter, 4));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the rows the tokenizer gives when fed a line at a time, records too long included', () => {
    const alphabet = fc.constantFrom('a', 'bb', ',', '"', '""', '\n', '\r', '\r\n', '\u0000', 'é');
    /** The tokenizer given the text one line (to its line feed) at a time, as files were once read. */
    const lineByLine = (text: string, maxRecordChars: number) => {
      const out: RawRow[] = [];
      const tokenizer = new CsvTokenizer(44, 4, maxRecordChars);
      for (const line of text.split(/(?<=\n)/)) tokenizer.push(line, !line.endsWith('\n'), out);
      if (text === '' || text.endsWith('\n')) tokenizer.push('', true, out);
      return out;
    };
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 60 }),
        fc.constantFrom(4, 8, 16, 100_000),
        (pieces, max) => {
          const text = pieces.join('');
          const lines = new CsvLines(source(utf8(text), { maxColumns: 4, maxRecordChars: max }));
          expect(records(lines).rows).toEqual(lineByLine(text, max));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('a cache of what cells were read as, by their bytes', () => {
  it('finds a value by a cell’s bytes, and starts again empty when full', () => {
    const lines = new CsvLines(source(utf8('Hb,WBC,Hb,PLT\n')));
    lines.next();
    const cache = new CellCache<string>(2);
    expect(cache.get(lines, 0)).toBeUndefined();
    cache.set(lines, 0, 'haemoglobin');
    cache.set(lines, 1, 'whiteBloodCount');
    expect(cache.get(lines, 2)).toBe('haemoglobin');
    expect(cache.get(lines, 1)).toBe('whiteBloodCount');
    expect(cache.get(lines, 3)).toBeUndefined();
    cache.set(lines, 3, 'plateletCount');
    expect(cache.get(lines, 3)).toBe('plateletCount');
    expect(cache.get(lines, 0)).toBeUndefined();
    expect(cache.get(lines, 9)).toBeUndefined();
  });
});
