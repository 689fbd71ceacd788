// Times the parsers on large synthetic uploads and reports peak memory, each run in a child process
// so one run's heap does not colour the next. `npx tsx packages/import-files/scripts/measure-speed.ts`
// (add `--blood-rows 1000000 --waiting-rows 100000` to change the sizes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { parseBloodTests } from '../src/blood-tests.js';
import { comorbidityCodes } from '../src/types.js';
import { parseWaitingList } from '../src/waiting-list.js';
import { testNhsNumber } from '../test/helpers/nhs.js';

const { values } = parseArgs({
  options: {
    'blood-rows': { type: 'string', default: '1000000' },
    only: { type: 'string' },
    'waiting-rows': { type: 'string', default: '100000' },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});

async function child(kind: string, file: string): Promise<void> {
  const bytes = readFileSync(file);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let rows = 0;
  let invalid = 0;
  const generator =
    kind === 'blood'
      ? parseBloodTests(
          { bytes, fileName: file },
          { today: '2025-03-03', limits: { maxFileBytes: 200 * 1024 * 1024 } },
        )
      : parseWaitingList({ bytes, fileName: file }, { procedure: 'knee-hip', today: '2025-03-03' });
  for (;;) {
    const next = await (
      generator as AsyncGenerator<
        { rows: unknown[]; invalidRows: unknown[] },
        { status: string; totals: { rows: number } }
      >
    ).next();
    if (next.done) {
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuAtStart);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const rss = process.resourceUsage().maxRSS / 1024;
      console.log(
        JSON.stringify({
          kind,
          status: next.value.status,
          rowsRead: next.value.totals.rows,
          yielded: rows,
          invalid,
          seconds,
          rowsPerSecond: next.value.totals.rows / seconds,
          cpuSeconds,
          rowsPerCpuSecond: next.value.totals.rows / cpuSeconds,
          peakRssMb: rss,
          bytes: bytes.length,
        }),
      );
      return;
    }
    rows += next.value.rows.length;
    invalid += next.value.invalidRows.length;
  }
}

const tests = ['Hb', 'WBC', 'PLT', 'Urea', 'Creatinine', 'eGFR', 'Na', 'Albumin', 'CRP', 'Ferritin'];
const units = [
  'g/L',
  '10^9/L',
  '10^9/L',
  'mmol/L',
  'umol/L',
  'mL/min/1.73m2',
  'mmol/L',
  'g/L',
  'mg/L',
  'ug/L',
];
const results = ['131', '6.2', '250', '5.1', '78', '>90', '139', '41', '<5', '45'];

function bloodCsv(rows: number): string {
  const nhs = Array.from({ length: 2000 }, (_, i) => testNhsNumber(i));
  const lines = ['NHS Number,Hospital Number,Test Name,Result,Unit,Sample Date'];
  for (let i = 0; i < rows; i++) {
    const t = i % 10;
    const patient = Math.floor(i / 10) % nhs.length;
    const day = 1 + (Math.floor(i / 20000) % 28);
    lines.push(
      `${nhs[patient]},H${100000 + patient},${tests[t]},${results[t]},${units[t]},${day < 10 ? '0' : ''}${day}/02/2025 ${10 + t}:15`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function waitingRecord(i: number, nhs: string): (string | number | Date)[] {
  return [
    nhs,
    `H${100000 + i}`,
    'Siobhán',
    "O'Brien",
    `${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/19${40 + (i % 50)}`,
    i % 2 ? 'M' : 'F',
    'A',
    160 + (i % 30),
    60 + (i % 40),
    String(1 + (i % 4)),
    i % 2 ? 'W401' : 'W371',
    '12/03/2024',
    '15/04/2025',
    'Ms Aoife Ní Bhriain',
    'P3',
    'Ready',
    'No social concerns',
    ...Array.from({ length: 18 }, (_, k) => ((i + k) % 7 === 0 ? '1' : '0')),
  ];
}

const waitingHeader = [
  'NHS Number',
  'Local Patient Identifier',
  'Forename',
  'Surname',
  'Date of Birth',
  'Sex',
  'Ethnic Category',
  'Height (cm)',
  'Weight (kg)',
  'Smoking',
  'Operation Type',
  'Referral Date',
  'TCI Date',
  'Consultant Surgeon',
  'Priority',
  'Surgery Readiness',
  'Social',
  ...comorbidityCodes,
];

function waitingNumbers(rows: number): string[] {
  const out: string[] = [];
  for (let body = 900000000; out.length < rows; body++) {
    const nine = String(body);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) out.push(nine + check);
  }
  return out;
}

async function main(): Promise<void> {
  if (values.child) return child(values.child, values.file!);
  const dir = mkdtempSync(join(tmpdir(), 'import-speed-'));
  try {
    const bloodRows = Number(values['blood-rows']);
    const waitingRows = Number(values['waiting-rows']);
    const bloodFile = join(dir, 'blood.csv');
    writeFileSync(bloodFile, bloodCsv(bloodRows));
    const numbers = waitingNumbers(waitingRows);
    const csvFile = join(dir, 'waiting.csv');
    writeFileSync(
      csvFile,
      `${[waitingHeader, ...numbers.map((n, i) => waitingRecord(i, n))].map((r) => r.join(',')).join('\r\n')}\r\n`,
    );
    const xlsxFile = join(dir, 'waiting.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxFile, useSharedStrings: true });
    const sheet = writer.addWorksheet('PTL');
    sheet.addRow(waitingHeader).commit();
    numbers.forEach((n, i) => sheet.addRow(waitingRecord(i, n)).commit());
    await writer.commit();
    for (const [kind, file] of [
      ['blood', bloodFile],
      ['waiting', csvFile],
      ['waiting', xlsxFile],
    ] as const) {
      if (values.only && !file.endsWith(values.only)) continue;
      const run = spawnSync(
        process.execPath,
        [...process.execArgv, import.meta.filename, '--child', kind, '--file', file],
        {
          encoding: 'utf8',
        },
      );
      process.stdout.write(`${file.split('/').pop()}: ${run.stdout.trim() || run.stderr}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
