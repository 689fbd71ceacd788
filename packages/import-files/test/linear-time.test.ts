import { isoDate } from '@esr/contracts/open-pathways';
import { showCalendarDate } from '@esr/contracts/london-dates';
import { hasValidCheckDigit, nhsNumberDigits } from '@esr/contracts/nhs-number';
import { describe, expect, it } from 'vitest';
import { CsvLines } from '../src/csv-lines.js';
import { CsvTokenizer } from '../src/csv-tokenizer.js';
import { parseDate } from '../src/dates.js';
import { readHeaderCell } from '../src/headers.js';
import { normaliseUnit, parseLabResult, unitFactor } from '../src/lab-values.js';
import { localIdentifierDamage, parseNhsNumber } from '../src/nhs-number.js';
import type { RawRow } from '../src/raw-rows.js';
import { defaultImportLimits } from '../src/types.js';
import {
  cellValue,
  hasBadCharacter,
  parseMeasure,
  parseOperationType,
  parsePriority,
  parseSex,
  squash,
} from '../src/values.js';
import { isDateFormatCode, XlsxWorkbook } from '../src/xlsx-reader.js';
import { attribute, decodeEntities, decodeOoxmlEscapes, XmlScanner } from '../src/xml-scanner.js';
import {
  expectLinear,
  expectLinearAsync,
  expectLinearText,
  largeSize,
  within,
} from './helpers/linear-time.js';
import { writeZip } from './helpers/zip-writer.js';

// Every reader of text from a file meets a lab's, a PAS's or an attacker's worst: long runs of one
// character, repeated flags and separators, and a character at the end that makes the text invalid
// (docs/architecture.md, "Reading untrusted text").

/** `unit` repeated to at least `size` characters. */
const run = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));

type Case = [string, (size: number) => string];

describe('lab results are read in linear time', () => {
  const cases: Case[] = [
    ['asterisks then a letter', (n) => `150${run('*', n)}x`],
    ['asterisks', (n) => `150 ${run('*', n)}`],
    ['exclamation marks and asterisks then a letter', (n) => `150${run('!*', n)}x`],
    ['digits', (n) => run('9', n)],
    ['digits then a letter', (n) => `${run('9', n)}x`],
    ['digits then a flag', (n) => `${run('9', n)} H`],
    ['a long fraction then a letter', (n) => `1.${run('0', n)}x`],
    ['spaces after <', (n) => `<${run(' ', n)}`],
    ['spaces after < then a letter', (n) => `<${run(' ', n)}5x`],
    ['a limit, spaces and a letter', (n) => `<=5${run(' ', n)}x`],
    ['a limit with flags repeated then a word', (n) => `≥90${run(' *!H', n)} high`],
    ['flags repeated', (n) => `150${run(' H', n)}`],
    ['flags repeated then a letter', (n) => `150${run(' HL', n)} x`],
    ['bracketed flags repeated then a letter', (n) => `150 ${run('(H) ', n)}x`],
    ['open brackets', (n) => `150 ${run('(', n)}`],
    ['words repeated then a letter', (n) => `12 ${run('critical ', n)}x`],
    ['spaces then a letter', (n) => `150${run(' ', n)}x`],
    ['signs', (n) => run('+', n)],
    ['points', (n) => `-${run('.', n)}`],
  ];
  it.each(cases)('%s', (_name, make) => {
    expectLinearText(make, parseLabResult);
  });

  it('reads the adversarial results as labs mean them', () => {
    const read = (text: string) => within(1_000, () => parseLabResult(text));
    expect(read(`150${'*'.repeat(largeSize)}x`)).toEqual({ kind: 'comment' });
    expect(read(`150 ${'*'.repeat(largeSize)}`)).toEqual({ kind: 'number', value: 150, limit: null });
    expect(read(`150${' H'.repeat(largeSize)}`)).toEqual({ kind: 'number', value: 150, limit: null });
    expect(read(`<${' '.repeat(largeSize)}5`)).toEqual({ kind: 'number', value: 5, limit: '<' });
    // A number too large for a double is not a result.
    expect(read('9'.repeat(largeSize))).toEqual({ kind: 'comment' });
    expect(read(`${'9'.repeat(largeSize)} H`)).toEqual({ kind: 'comment' });
  });

  it('reads 900,000 digits in one OBX-5 within a second', () => {
    const digits = '9'.repeat(900_000);
    expect(within(1_000, () => parseLabResult(digits))).toEqual({ kind: 'comment' });
    expect(within(1_000, () => parseLabResult(`${digits}*x`))).toEqual({ kind: 'comment' });
  });

  it.each<Case>([
    ['units with powers repeated', (n) => run('x10^9/L', n)],
    ['micro signs', (n) => run('µ', n)],
    ['litres', (n) => run('litre', n)],
    ['spaces then a letter', (n) => `${run(' ', n)}x`],
  ])('units: %s', (_name, make) => {
    expectLinearText(make, (text) => [normaliseUnit(text), unitFactor('plateletCount', text)]);
  });
});

describe('dates are read in linear time', () => {
  const file = { spreadsheet: false, fullYearOnly: false };
  const workbook = { spreadsheet: true, fullYearOnly: true };
  const cases: Case[] = [
    ['digits', (n) => run('1', n)],
    ['a serial with a long fraction then a letter', (n) => `45000.${run('1', n)}x`],
    ['a date then spaces and a letter', (n) => `01/03/2024${run(' ', n)}x`],
    ['a date then a long hour', (n) => `01/03/2024 1${run('2', n)}`],
    ['a time with a long fraction then a letter', (n) => `01/03/2024 12:00:00.${run('0', n)}x`],
    ['a time then spaces and a letter', (n) => `2024-03-01T12:00${run(' ', n)}x`],
    ['a long month name', (n) => `01 ${run('a', n)} 2024`],
    ['a long day', (n) => `2024-03-${run('1', n)}`],
    ['separators', (n) => run('/', n)],
  ];
  it.each(cases)('import dates: %s', (_name, make) => {
    expectLinearText(make, (text) => [
      parseDate(text, 'Referral Date', file),
      parseDate(text, 'Date of Birth', workbook),
    ]);
  });

  it.each<Case>([
    ['digits', (n) => run('2', n)],
    ['a date then text', (n) => `2026-03-05${run('x', n)}`],
    ['hyphens', (n) => run('-', n)],
  ])('contracts dates: %s', (_name, make) => {
    expectLinearText(make, (text) => [isoDate.safeParse(text), showCalendarDate(text)]);
  });
});

describe('numbers, codes and words in cells are read in linear time', () => {
  const cases: Case[] = [
    ['digits then a letter', (n) => `${run('1', n)}x`],
    ['digits, a point and a letter', (n) => `${run('1', n)}.${run('1', n)}x`],
    ['points', (n) => run('1.', n)],
    ['digits then the unit', (n) => `${run('1', n)} cm`],
    ['spaces around a word', (n) => `${run(' ', n)}x${run(' ', n)}`],
    ['accented letters', (n) => run('é', n)],
    ['an OPCS code then spaces', (n) => `W37${run(' ', n)}x`],
    ['words and hyphens', (n) => run('a-', n)],
    ['lone surrogates', (n) => run('\uD800', n)],
  ];
  it.each(cases)('%s', (_name, make) => {
    expectLinearText(make, (text) => [
      parseMeasure(text, 'Height', 'cm'),
      cellValue(text),
      squash(text),
      parseSex(text),
      parsePriority(text),
      parseOperationType(text),
      hasBadCharacter(text),
    ]);
  });
});

describe('NHS numbers are read in linear time', () => {
  const cases: Case[] = [
    ['digits then a letter', (n) => `${run('1', n)}x`],
    ['digits then an exponent mark', (n) => `${run('1', n)}E`],
    ['scientific notation then a letter', (n) => `1.${run('1', n)}E+1${run('1', n)}x`],
    ['a decimal then a letter', (n) => `1.${run('0', n)}x`],
    ['digits and spaces', (n) => run('1 ', n)],
    ['hyphens', (n) => run('-', n)],
  ];
  it.each(cases)('%s', (_name, make) => {
    expectLinearText(make, (text) => [
      parseNhsNumber(text),
      localIdentifierDamage(text),
      nhsNumberDigits(text),
      hasValidCheckDigit(text),
    ]);
  });
});

describe('CSV records are read in linear time', () => {
  const tokenize = (text: string, chunk = text.length) => {
    const out: RawRow[] = [];
    const tokenizer = new CsvTokenizer(44, defaultImportLimits.maxColumns, 2 * largeSize);
    for (let at = 0; at < text.length; at += chunk) {
      tokenizer.push(text.slice(at, at + chunk), at + chunk >= text.length, out);
    }
    return out;
  };
  const cases: Case[] = [
    ['an unclosed quote', (n) => `"${run('a', n)}`],
    ['doubled quotes', (n) => `"${run('""', n)}`],
    ['text after a closing quote', (n) => run('"a"b', n)],
    ['delimiters', (n) => run(',', n)],
    ['carriage returns', (n) => run('a\r', n)],
    ['quoted line breaks', (n) => `"${run('\r\n', n)}"`],
    ['short records', (n) => run('a,b\n', n)],
  ];
  it.each(cases)('tokenizer: %s', (_name, make) => {
    expectLinearText(make, (text) => [tokenize(text), tokenize(text, 64 * 1024)]);
  });

  it.each(cases)('lines from bytes: %s', (_name, make) => {
    expectLinear((size) => {
      const bytes = new Uint8Array(Buffer.from(make(size), 'utf8'));
      return () => {
        const lines = new CsvLines({
          bytes,
          encoding: 'utf-8',
          delimiter: 44,
          start: 0,
          line: 1,
          maxColumns: defaultImportLimits.maxColumns,
          maxRecordChars: 2 * largeSize,
        });
        let records = 0;
        while (lines.next() !== 'end') records++;
        return records;
      };
    });
  });
});

describe('header cells are read in linear time', () => {
  it.each<Case>([
    ['spaces then a bracket', (n) => `Haemoglobin${run(' ', n)}(g/L)`],
    ['brackets', (n) => run('(', n)],
    ['closing brackets', (n) => `Hb ${run(')', n)}`],
    ['a bracket then spaces and a letter', (n) => `Hb (g/L)${run(' ', n)}x`],
  ])('%s', (_name, make) => {
    expectLinearText(make, readHeaderCell);
  });
});

describe('workbook cells are read in linear time', () => {
  it.each<Case>([
    ['opening brackets', (n) => run('[', n)],
    ['quotes', (n) => run('"', n)],
    ['backslashes', (n) => run('\\', n)],
    ['exponents', (n) => run('e+', n)],
  ])('number format codes: %s', (_name, make) => {
    expectLinearText(make, isDateFormatCode);
  });

  it.each<Case>([
    ['ampersands', (n) => run('&', n)],
    ['unfinished character references', (n) => run('&#', n)],
    ['a long hexadecimal reference', (n) => `&#x${run('f', n)};`],
    ['entities', (n) => run('&amp;&#65;', n)],
    ['OOXML escapes', (n) => run('_x0041_', n)],
    ['unfinished OOXML escapes', (n) => run('_x004', n)],
  ])('shared strings: %s', (_name, make) => {
    expectLinearText(make, (text) => [decodeEntities(text), decodeOoxmlEscapes(text)]);
  });

  it.each<Case>([
    ['names repeated', (n) => run(' r', n)],
    ['a name run', (n) => run('r', n)],
    ['names with equals signs', (n) => run(' r =', n)],
  ])('attributes: %s', (_name, make) => {
    expectLinearText(make, (text) => attribute(text, 'r'));
  });

  it.each<Case>([
    ['a tag with many attributes', (n) => `<c ${run('r="A1" ', n)}/>`],
    ['long text', (n) => `<t>${run('x', n)}</t>`],
    ['an unfinished tag of quotes', (n) => `<c ${run('"', n)}`],
    ['an unfinished comment', (n) => `<!--${run('-', n)}`],
    ['an unfinished CDATA section', (n) => `<![CDATA[${run(']', n)}`],
    ['an unfinished processing instruction', (n) => `<?${run('?', n)}`],
    ['a long closing tag', (n) => `</${run('x', n)}>`],
  ])('XML: %s', (_name, make) => {
    const scan = (text: string, chunk: number) => {
      let events = 0;
      const scanner = new XmlScanner({ open: () => events++, close: () => events++, text: () => events++ });
      for (let at = 0; at < text.length; at += chunk) scanner.feed(text.slice(at, at + chunk));
      return events;
    };
    expectLinearText(make, (text) => [scan(text, text.length), scan(text, 64 * 1024)]);
  });

  /** A workbook whose shared string, cell reference, cell value and number format are `size` long. */
  function hostileWorkbook(size: number): Uint8Array {
    const rel = (id: string, type: string, target: string) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    const parts = [
      {
        name: '_rels/.rels',
        data: `<Relationships>${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        data: '<workbook><sheets><sheet name="Results" sheetId="1" r:id="rId1"/></sheets></workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<Relationships>${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}${rel('rId2', 'sharedStrings', 'sharedStrings.xml')}${rel('rId3', 'styles', 'styles.xml')}</Relationships>`,
      },
      {
        name: 'xl/sharedStrings.xml',
        data: `<sst><si><t>${run('&amp;_x0041_', size)}</t></si><si><t>${run('150*', size)}</t><rPh><t>${run('x', size)}</t></rPh></si></sst>`,
      },
      {
        name: 'xl/styles.xml',
        data: `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="${run('[', size)}"/></numFmts><cellXfs><xf numFmtId="164"/></cellXfs></styleSheet>`,
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="${run('A', size)}1" t="s"><v>1</v></c><c r="C1" t="str"><v>${run('&amp;', size)}</v></c><c r="D1" s="0"><v>${run('1', size)}</v></c></row></sheetData></worksheet>`,
      },
    ];
    return new Uint8Array(writeZip(parts));
  }

  it('a whole workbook: its shared strings, styles and cells', async () => {
    const limits = { ...defaultImportLimits, maxCellChars: 2 * largeSize };
    expectLinear((size) => {
      const bytes = hostileWorkbook(size);
      return () => new XlsxWorkbook(bytes, limits);
    });
    await expectLinearAsync((size) => {
      const bytes = hostileWorkbook(size);
      return async () => {
        const rows: RawRow[] = [];
        for await (const batch of new XlsxWorkbook(bytes, limits).sheets[0]!.rows()) rows.push(...batch.rows);
        return rows;
      };
    });
    const rows: RawRow[] = [];
    for await (const batch of new XlsxWorkbook(hostileWorkbook(largeSize), limits).sheets[0]!.rows()) {
      rows.push(...batch.rows);
    }
    expect(rows[0]!.cells[0]!.slice(0, 4)).toBe('&A&A');
    expect(rows[0]!.cells[2]!.slice(0, 2)).toBe('&&');
  });
});
