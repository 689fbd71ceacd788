/**
 * docs/decisions/0043: a report never prints a hidden text-direction character, so a name stored
 * before the import removed them cannot read as another in a CSV, a workbook or a PDF.
 * pdftotext (Debian poppler-utils; `node scripts/ensure-pdftotext.mjs`) must be installed: without
 * it the PDF test fails, never skips.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { csvReport } from './report-csv.js';
import type { ReportColumn, ReportContent } from './report-format.js';
import { pdfReport } from './report-pdf.js';
import { xlsxReport } from './report-xlsx.js';

type Row = Record<string, string | number | null>;

const rlo = '\u202E';
const controls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

const columns: ReportColumn<Row>[] = [
  ['nhsNumber', 'NHS number', 'nhsNumber', 12],
  ['hospitalNumber', 'Hospital number', 'text', 14],
  ['firstName', 'First name', 'text', 14],
  ['lastName', 'Last name', 'text', 14],
  ['surgeonName', 'Surgeon name', 'text', 18],
  ['tciDate', 'TCI date', 'date', 12],
].map(([key, label, kind, width]) => ({
  key: key as string,
  label: label as string,
  kind: kind as ReportColumn<Row>['kind'],
  width: width as number,
  value: (row: Row) => row[key as string] ?? null,
}));

// As a list imported before the rule might hold them: `Ann` + RLO + `gnp.exe` reads "Annexe.png".
const rows: Row[] = [
  {
    nhsNumber: '9990000026',
    hospitalNumber: `RAN${rlo}0482113`,
    firstName: `Ann${rlo}gnp.exe`,
    lastName: `O\u2067’Brien\u2069`,
    surgeonName: `Mr ${rlo}kcaj`,
    tciDate: '2026-12-14',
  },
  {
    nhsNumber: '9990000034',
    hospitalNumber: 'RAN0482114',
    firstName: 'Łukasz',
    lastName: 'Nowak',
    // A formula behind an override is still a formula once the override is gone.
    surgeonName: `${rlo}=HYPERLINK("http://example.invalid")`,
    tciDate: null,
  },
];

function content(): ReportContent<Row> {
  async function* pages() {
    yield rows;
  }
  return {
    trustName: `Royal Anywhere ${rlo}NHS Foundation Trust`,
    title: `Knee ${rlo}list`,
    generatedAt: new Date('2026-11-27T09:30:00Z'),
    filters: [{ label: 'Surgeon name', value: `Mr ${rlo}kcaj` }],
    demonstration: false,
    columns,
    rowCount: rows.length,
    pages: pages(),
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'report-direction-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('reports without hidden text-direction characters', () => {
  it('CSV: removes them from every text cell, then neutralises a formula they hid', async () => {
    const text = (await bytesOf(csvReport(content()))).toString('utf8');
    expect(text).not.toMatch(controls);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe('9990000026,RAN0482113,Anngnp.exe,O’Brien,Mr kcaj,14-Dec-2026');
    expect(lines[2]).toBe(`9990000034,RAN0482114,Łukasz,Nowak,"'=HYPERLINK(""http://example.invalid"")",`);
  });

  it('XLSX: removes them from every text cell', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(xlsxReport(content()))) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = [2, 3].map((r) =>
      (sheet.getRow(r).values as unknown[]).slice(1, 6).map((value) => String(value)),
    );
    expect(values).toEqual([
      ['9990000026', 'RAN0482113', 'Anngnp.exe', 'O’Brien', 'Mr kcaj'],
      ['9990000034', 'RAN0482114', 'Łukasz', 'Nowak', '=HYPERLINK("http://example.invalid")'],
    ]);
  });

  it('PDF: removes them from the rows, the header and the filters', async () => {
    const file = path.join(folder, 'report.pdf');
    fs.writeFileSync(file, await bytesOf(pdfReport(content())));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).not.toMatch(controls);
    expect(text).toContain('Anngnp.exe');
    expect(text).toContain('Mr kcaj');
    expect(text).toContain('Royal Anywhere NHS Foundation Trust');
    expect(text).toContain('Filters: Surgeon name: Mr kcaj');
  });
});
