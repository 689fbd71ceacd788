/**
 * The report PDF keeps an NHS number, a date and a header word on one line however many columns
 * the report has (docs/requirements.md, reports). pdftotext (Debian poppler-utils;
 * `node scripts/ensure-pdftotext.mjs`) must be installed: without it this test fails, never skips.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfDocument, trimLayoutCache } from '../../platform/pdf/pdf-document.js';
import type { ReportColumn } from './report-format.js';
import { pdfReport } from './report-pdf.js';

type Row = Record<string, string | number | null>;

/** Every field a clerk can tick on the report form, at the widths reports.ts gives them. */
const fields: [key: string, label: string, kind: ReportColumn<Row>['kind'], width: number][] = [
  ['nhsNumber', 'NHS number', 'nhsNumber', 12],
  ['hospitalNumber', 'Hospital number', 'text', 14],
  ['firstName', 'First name', 'text', 14],
  ['lastName', 'Last name', 'text', 14],
  ['dateOfBirth', 'Date of birth', 'date', 12],
  ['operationType', 'Operation type', 'text', 20],
  ['referralDate', 'Referral date', 'date', 12],
  ['tciDate', 'TCI date', 'date', 12],
  ['surgeonName', 'Surgeon name', 'text', 18],
  ['priority', 'Priority', 'text', 9],
  ['surgery', 'Readiness for surgery', 'text', 15],
  ['social', 'Social circumstances', 'text', 18],
  ['status', 'Status', 'text', 13],
  ['prediction', 'Prediction', 'text', 13],
  ['probability', 'Probability', 'number', 11],
];
const columns: ReportColumn<Row>[] = fields.map(([key, label, kind, width]) => ({
  key,
  label,
  kind,
  width,
  value: (row) => row[key] ?? null,
}));

const surnames = ['Featherstonehaugh', 'Okonkwo-Smith', 'Ní Bhriain', 'Kowalczyk'];
const rows: Row[] = Array.from({ length: 60 }, (_, index) => ({
  nhsNumber: String(4_010_232_137 + index * 11),
  hospitalNumber: `RAN${String(482_113 + index).padStart(7, '0')}`,
  firstName: 'Siobhán',
  lastName: surnames[index % surnames.length]!,
  dateOfBirth: `19${40 + (index % 50)}-${String((index % 12) + 1).padStart(2, '0')}-28`,
  operationType: 'Primary total knee replacement (cemented) with patella resurfacing',
  referralDate: '2025-05-02',
  tciDate: '2026-12-14',
  surgeonName: 'Miss L Okonkwo',
  priority: 'P3',
  surgery: 'Ready for surgery',
  social: 'Lives alone with carer support',
  status: 'Processed',
  prediction: 'Moderate risk',
  probability: 0.1612,
}));

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function reportText(dataAsAt?: Date): Promise<string> {
  async function* pages() {
    yield rows.slice(0, 30);
    yield rows.slice(30);
  }
  const chunks: Buffer[] = [];
  const output = pdfReport({
    trustName: 'Royal Anywhere NHS Foundation Trust',
    title: 'Knee waiting list',
    generatedAt: new Date('2026-11-27T09:30:00Z'),
    filters: [],
    demonstration: false,
    ...(dataAsAt ? { dataAsAt } : {}),
    columns,
    rowCount: rows.length,
    pages: pages(),
  });
  for await (const chunk of output) chunks.push(chunk as Buffer);
  const file = path.join(folder, 'report.pdf');
  fs.writeFileSync(file, Buffer.concat(chunks));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('the report PDF with every field', () => {
  it('keeps each NHS number and each date on one line', async () => {
    const lines = (await reportText()).split('\n');
    const has = (text: string) => lines.some((line) => line.includes(text));
    for (const row of rows) {
      const digits = String(row.nhsNumber);
      expect(has(`${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`), digits).toBe(true);
    }
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (const row of rows) {
      const [year, month] = String(row.dateOfBirth).split('-');
      expect(has(`28-${months[Number(month) - 1]}-${year}`), String(row.dateOfBirth)).toBe(true);
    }
    expect(has('02-May-2025')).toBe(true);
    expect(has('14-Dec-2026')).toBe(true);
  });

  it('says when the list was uploaded under when the report was made, in UK time, when it is from one list', async () => {
    const dated = (await reportText(new Date('2026-07-01T08:05:00Z'))).split('\n');
    const generated = dated.findIndex((line) => line.includes('Generated 27-Nov-2026 09:30:00 (UK time)'));
    expect(generated).toBeGreaterThanOrEqual(0);
    expect(dated[generated + 1]).toContain('Data as at 01-Jul-2026 09:05 (UK time)');
    expect(await reportText()).not.toContain('Data as at');
  });

  it('never breaks a header word', async () => {
    const words = new Set((await reportText()).split(/\s+/));
    for (const [, label] of fields) for (const word of label.split(' ')) expect(words, word).toContain(word);
  });
});

describe('trimLayoutCache', () => {
  it('starts the cache of laid-out words afresh once it holds more than 20,000', () => {
    const doc = createPdfDocument({
      layout: 'landscape',
      margins: { top: 20, left: 20, right: 20, bottom: 20 },
      title: 'Test',
      author: 'Test',
      createdAt: new Date(),
      extra: { fontLayoutCache: true },
    });
    doc.font('Body');
    const cache = () =>
      Object.keys(
        (doc as unknown as { _fontFamilies: Record<string, { layoutCache: object }> })._fontFamilies.Body!
          .layoutCache,
      ).length;
    for (let word = 0; word < 19_000; word += 1) doc.widthOfString(`w${word}`);
    trimLayoutCache(doc);
    expect(cache()).toBe(19_000);
    for (let word = 19_000; word < 20_500; word += 1) doc.widthOfString(`w${word}`);
    trimLayoutCache(doc);
    expect(cache()).toBe(0);
    doc.end();
  });
});
