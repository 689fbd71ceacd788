import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('parses quoted fields, escaped quotes, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
    ]);
  });
  it('keeps empty cells and newlines inside quotes, skips blank lines', () => {
    expect(parseCsv('a,,c\n\n"multi\nline",2,\n')).toEqual([
      ['a', '', 'c'],
      ['multi\nline', '2', ''],
    ]);
  });
  it('handles a last line without a newline and a lone empty quoted field', () => {
    expect(parseCsv('x\n""')).toEqual([['x'], ['']]);
  });
  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('"abc')).toThrow(/quoted field/);
  });
});
