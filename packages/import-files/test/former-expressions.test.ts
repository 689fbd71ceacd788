import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHeaderCell } from '../src/headers.js';
import { squash } from '../src/values.js';
import { isDateFormatCode } from '../src/xlsx-reader.js';

// Readers once written as regular expressions that backtrack, now scanned by hand (docs/architecture.md,
// "Reading untrusted text"). The former expressions are kept here as the reference each rewrite must
// agree with; they only ever see the short text generated here.

/* eslint-disable regexp/no-super-linear-backtracking, regexp/no-super-linear-move -- reference only, on generated text of at most 48 characters */
const formerHeaderBracket = /^(.*?)[\s]*[([]([^()[\]]*)[)\]]\s*$/;
const formerFormatBrackets = /\[[^\]]*\]/g;
/* eslint-enable regexp/no-super-linear-backtracking, regexp/no-super-linear-move */

function formerHeaderCell(raw: string) {
  const text = raw.replace(/^\uFEFF/, '').trim();
  const bracket = formerHeaderBracket.exec(text);
  return {
    squashed: squash(text),
    base: bracket ? squash(bracket[1]!) : null,
    unit: bracket ? bracket[2]!.trim() : null,
  };
}

function formerIsDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(formerFormatBrackets, '')
    .toLowerCase();
  if (bare === 'general' || bare.length === 0) return false;
  return /[dmyhs]/.test(bare.replace(/e[+-]/g, ''));
}

const textOf = (tokens: string[]) =>
  fc.array(fc.constantFrom(...tokens), { maxLength: 8 }).map((parts) => parts.join(''));

describe('the rewritten readers read what the former expressions read', () => {
  it('header cells with a unit in brackets', () => {
    const tokens = [
      'Hb',
      'Creatinine',
      ' ',
      '\u00a0',
      '\n',
      '\r',
      '\u2028',
      '\t',
      '(',
      ')',
      '[',
      ']',
      'g/L',
      'µmol/L',
      '\uFEFF',
    ];
    fc.assert(
      fc.property(textOf(tokens), (raw) => {
        expect(readHeaderCell(raw)).toEqual(formerHeaderCell(raw));
      }),
      { numRuns: 10_000 },
    );
    expect(readHeaderCell('Haemoglobin (g/L)')).toEqual({
      squashed: 'haemoglobingl',
      base: 'haemoglobin',
      unit: 'g/L',
    });
    expect(readHeaderCell('Creatinine [µmol/L]')).toMatchObject({ base: 'creatinine', unit: 'µmol/L' });
  });

  it('number formats that show dates', () => {
    const tokens = [
      '[',
      ']',
      '"',
      '\\',
      'd',
      'mm',
      'yyyy',
      'h',
      's',
      '0',
      '.00',
      'E+',
      'e-',
      '$-809',
      'Red',
      'General',
      ';',
      '@',
    ];
    fc.assert(
      fc.property(textOf(tokens), (code) => {
        expect(isDateFormatCode(code)).toBe(formerIsDateFormatCode(code));
      }),
      { numRuns: 10_000 },
    );
    expect(isDateFormatCode('[$-809]dd/mm/yyyy')).toBe(true);
    expect(isDateFormatCode('[Red]0.00')).toBe(false);
  });
});
