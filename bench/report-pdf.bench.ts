/**
 * The all-records PDF report (docs/requirements.md, reports): 2,400 active pathways with every
 * field the report form offers, written by the built report writer (`npm run build` first), against
 * the CSV report of the same rows in the same run (the reference), with the target of at most 10 s
 * for the PDF. Each is written three times and the fastest kept.
 *
 *   npx tsx bench/report-pdf.bench.ts [--rows 2400]
 */
import type { Readable } from 'node:stream';
import { csvReport } from '../apps/api/dist/modules/reports/report-csv.js';
import type { ReportColumn, ReportContent } from '../apps/api/dist/modules/reports/report-format.js';
import { pdfReport } from '../apps/api/dist/modules/reports/report-pdf.js';

type Row = Record<string, string | number | null>;
const rowsArg = process.argv.indexOf('--rows');
const rowCount = rowsArg >= 0 ? Number(process.argv[rowsArg + 1]) : 2400;
const targetSeconds = 10;

const fields: [string, string, ReportColumn<Row>['kind'], number][] = [
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

const firstNames = ['Margaret', 'John', 'Siobhán', 'Łukasz', 'Patricia', 'Mohammed', 'Susan', 'David'];
const lastNames = ['Smith', 'Jones', 'Okonkwo', 'Featherstonehaugh', 'Kowalczyk', 'Patel', 'Ní Bhriain'];
const surgeons = ['Miss L Okonkwo', 'Mr A Shah', 'Mr D Hughes', 'Ms R Campbell'];
const bands = ['Low risk', 'Moderate risk', 'High risk'];
const rows: Row[] = Array.from({ length: rowCount }, (_, index) => ({
  nhsNumber: String(4_000_000_000 + index * 7919),
  hospitalNumber: `RAN${String(100_000 + index).padStart(7, '0')}`,
  firstName: firstNames[index % firstNames.length]!,
  lastName: lastNames[(index * 3) % lastNames.length]!,
  dateOfBirth: `19${String(40 + (index % 45))}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
  operationType:
    index % 3 ? 'Primary total knee replacement' : 'Revision of total knee replacement (cemented)',
  referralDate: `2025-${String((index % 12) + 1).padStart(2, '0')}-14`,
  tciDate: index % 4 ? `2026-12-${String((index % 28) + 1).padStart(2, '0')}` : null,
  surgeonName: surgeons[index % surgeons.length]!,
  priority: index % 5 ? 'P4' : 'P3',
  surgery: 'Ready for surgery',
  social: index % 6 ? 'No social concerns' : 'Lives alone with carer support',
  status: 'Processed',
  prediction: bands[index % 3]!,
  probability: Math.round(((index * 37) % 400) / 10) / 1000,
}));

function content(): ReportContent<Row> {
  async function* pages() {
    for (let start = 0; start < rows.length; start += 500) yield rows.slice(start, start + 500);
  }
  return {
    trustName: 'Royal Anywhere NHS Foundation Trust',
    title: 'Knee waiting list',
    generatedAt: new Date(),
    filters: [],
    demonstration: false,
    columns,
    rowCount: rows.length,
    pages: pages(),
  };
}

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

async function fastest(write: () => Readable): Promise<{ ms: number; bytes: number }> {
  let best = { ms: Infinity, bytes: 0 };
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const bytes = await drain(write());
    const ms = performance.now() - started;
    if (ms < best.ms) best = { ms, bytes };
  }
  return best;
}

const fmt = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 0 });
const csv = await fastest(() => csvReport(content()));
const pdf = await fastest(() => pdfReport(content()));
console.log(`All-records report of ${fmt(rowCount)} pathways, ${columns.length} fields (fastest of 3)`);
console.log(`  CSV (reference) ${fmt(csv.ms)} ms, ${fmt(csv.bytes / 1024)} KB`);
console.log(
  `  PDF             ${fmt(pdf.ms)} ms, ${fmt(pdf.bytes / 1024)} KB, ${fmt(pdf.ms / csv.ms)}× the CSV's time`,
);
const met = pdf.ms <= targetSeconds * 1000;
console.log(`  target PDF ≤ ${targetSeconds} s: ${met ? 'met' : 'NOT MET'}`);
if (!met) process.exitCode = 1;
