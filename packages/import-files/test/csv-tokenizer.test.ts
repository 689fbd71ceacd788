import { describe, expect, it } from 'vitest';
import { CsvTokenizer } from '../src/csv-tokenizer.js';
import type { RawRow } from '../src/raw-rows.js';

function tokenize(
  text: string,
  pieces: number[] = [],
  delimiter = ',',
  maxColumns = 200,
  maxRecordChars = 10_000,
): RawRow[] {
  const tokenizer = new CsvTokenizer(delimiter.charCodeAt(0), maxColumns, maxRecordChars);
  const out: RawRow[] = [];
  let from = 0;
  for (const at of pieces) {
    tokenizer.push(text.slice(from, at), false, out);
    from = at;
  }
  tokenizer.push(text.slice(from), true, out);
  return out;
}

const shape = (rows: RawRow[]) => rows.map((r) => [r.rowNumber, ...r.cells]);

describe('CSV tokenizer', () => {
  const text = 'a,b,c\r\n"x, y","say ""hi""",\r\n\r\n"two\r\nlines",z,"q"\r\nlast,row,here';
  const expected = [
    [1, 'a', 'b', 'c'],
    [2, 'x, y', 'say "hi"', ''],
    [4, 'two\r\nlines', 'z', 'q'],
    [6, 'last', 'row', 'here'],
  ];

  it('reads quotes, doubled quotes, CRLF, blank lines and line breaks inside quotes, with physical line numbers', () => {
    expect(shape(tokenize(text))).toEqual(expected);
  });

  it('gives the same rows however the text is split into chunks', () => {
    for (let at = 1; at < text.length; at++) {
      expect(shape(tokenize(text, [at])), `split at ${at}`).toEqual(expected);
    }
    expect(shape(tokenize(text, [3, 9, 10, 20, 21, 30, 31, 40]))).toEqual(expected);
  });

  it('reads LF, CR-only line ends and a trailing delimiter', () => {
    expect(shape(tokenize('a;b\nc;\rd;e', [], ';'))).toEqual([
      [1, 'a', 'b'],
      [2, 'c', ''],
      [3, 'd', 'e'],
    ]);
  });

  it('keeps text after a closing quote, as Excel does', () => {
    expect(shape(tokenize('"a"b,c'))).toEqual([[1, 'ab', 'c']]);
  });

  it('takes an unclosed quote at the end of the file to the end', () => {
    expect(shape(tokenize('a,"b\nc'))).toEqual([[1, 'a', 'b\nc']]);
  });

  it('counts cells beyond the column cap without keeping them', () => {
    const rows = tokenize('a,b,c,d,e', [], ',', 2);
    expect(rows[0]).toEqual({ rowNumber: 1, cells: ['a', 'b'], extraColumns: 3, tooLong: false });
  });

  it('cuts off a record too long to be a row (an unclosed quote) and goes on at the next line', () => {
    const long = `a,b\n"${'x'.repeat(500)}\nnext,row\n`;
    const chunks = Array.from({ length: Math.ceil(long.length / 50) }, (_, i) => (i + 1) * 50).filter(
      (n) => n < long.length,
    );
    const rows = tokenize(long, chunks, ',', 200, 100);
    expect(rows[0]!.cells).toEqual(['a', 'b']);
    expect(rows[1]).toMatchObject({ rowNumber: 2, tooLong: true });
    expect(shape(rows.slice(2))).toEqual([[3, 'next', 'row']]);
  });
});

/**
 * The rules above, one character at a time: the tokenizer cuts plain one-line records at their
 * delimiters with indexOf and reads the rest character by character, and both must agree with this.
 */
function referenceRows(text: string, delimiter: string, maxColumns: number): (number | string)[][] {
  const rows: (number | string)[][] = [];
  let line = 1;
  let p = 0;
  while (p < text.length) {
    const startLine = line;
    const cells: string[] = [];
    let extra = 0;
    let field = '';
    let quoted = false;
    let atFieldStart = true;
    const endField = () => {
      if (cells.length < maxColumns) cells.push(field);
      else extra++;
      field = '';
      atFieldStart = true;
    };
    for (;;) {
      if (p >= text.length) {
        endField();
        break;
      }
      const c = text[p]!;
      if (quoted) {
        if (c === '"' && text[p + 1] === '"') {
          field += '"';
          p += 2;
        } else if (c === '"') {
          quoted = false;
          p++;
        } else {
          if (c === '\n' || (c === '\r' && text[p + 1] !== '\n')) line++;
          field += c;
          p++;
        }
        continue;
      }
      if (c === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
        p++;
      } else if (c === delimiter) {
        endField();
        p++;
      } else if (c === '\r' || c === '\n') {
        p += c === '\r' && text[p + 1] === '\n' ? 2 : 1;
        line++;
        endField();
        break;
      } else {
        field += c;
        atFieldStart = false;
        p++;
      }
    }
    if (!(cells.length === 1 && cells[0] === '' && extra === 0)) rows.push([startLine, ...cells]);
  }
  return rows;
}

describe('CSV tokenizer against the rules character by character', () => {
  it('gives the same rows for random text however it is split', () => {
    let seed = 20_261_125;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    const alphabet = ['a', 'b', ',', ',', '"', '\r', '\n', '\r\n', '\r\n', ';', ' '];
    for (let run = 0; run < 3_000; run++) {
      const text = Array.from(
        { length: Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const cuts = [...new Set(Array.from({ length: 3 }, () => Math.floor(random() * text.length)))]
        .filter((at) => at > 0)
        .sort((a, b) => a - b);
      const maxColumns = run % 5 === 0 ? 2 : 200;
      const expected = referenceRows(text, ',', maxColumns);
      expect(shape(tokenize(text, [], ',', maxColumns)), JSON.stringify(text)).toEqual(expected);
      expect(shape(tokenize(text, cuts, ',', maxColumns)), `${JSON.stringify(text)} cut at ${cuts}`).toEqual(
        expected,
      );
    }
  });
});
