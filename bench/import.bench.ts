/**
 * The waiting-list import at scale (bench/README.md), on the real built server
 * (`npm run build` first), PGlite or PostgreSQL when DATABASE_URL is set:
 *
 * - a generated 100,000-row waiting list (CSV) and 1,000,000-row long blood file: upload → both files
 *   VALIDATED, against a raw COPY of the same rows into scratch tables in the same run, the two taking
 *   turns BENCH_ROUNDS times (3 unless told), the median ratio held to the target
 *   (target ≥ 0.3× COPY's rows/s);
 * - `upload-status` at 10 connections while that validation runs (target p99 ≤ 50 ms);
 * - confirm → every pathway processed, against the risk engine alone on the same records
 *   (target ≥ 0.3× the engine's records/s);
 * - the same waiting list as a workbook: the server's resident memory while it validates, and how
 *   far it rises over what the server rested at (target ≤ 400 MB for the reading).
 *
 * BENCH_ROWS changes the number of pathways (blood rows are ten times as many).
 */
import { execFileSync } from 'node:child_process';

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { comorbidityCodes } from '../packages/import-files/src/types.js';
import { evaluateMany } from '../packages/risk-engine/src/evaluate.js';
import type { PatientRecord } from '../packages/risk-engine/src/features.js';
import { loadModel } from '../packages/risk-engine/src/model.js';
import { freshPostgres } from './lib/database.js';
import { startBuiltServer } from './lib/server.js';
import { signInWithCodeFlow } from './lib/sign-in.js';
import { mulberry32 } from '../packages/contracts/src/seeded-random.js';

const pathways = Number(process.env.BENCH_ROWS ?? 100_000);
const clerkId = '00000000-0000-4000-8000-000000000003';
const work = mkdtempSync(path.join(os.tmpdir(), 'esr-import-bench-'));

function nhsNumber(index: number): string {
  for (let body = 990_000_000 + index * 7; ; body += 1) {
    const digits = String(body).padStart(9, '0');
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const check = 11 - (sum % 11);
    if (check === 10 || /^(\d)\1+$/.test(digits)) continue;
    return digits + (check === 11 ? 0 : check);
  }
}

const comorbidities = comorbidityCodes;
/** Results taken a month ago: within the 90 days a model may use (decision 0057) on any day it runs. */
const sampleDate = new Date(Date.now() - 30 * 86_400_000)
  .toISOString()
  .slice(0, 10)
  .split('-')
  .reverse()
  .join('/');
const tests = [
  ['Haemoglobin', 134, 14, 'haemoglobin'],
  ['WBC', 7, 2, 'whiteBloodCount'],
  ['Platelets', 255, 60, 'plateletCount'],
  ['Urea', 6, 1.5, 'urea'],
  ['Creatinine', 82, 18, 'creatinine'],
  ['eGFR', 74, 15, 'egfr'],
  ['Sodium', 139, 3, 'sodium'],
  ['Albumin', 41, 4, 'albumin'],
  ['CRP', 5, 3, 'crp'],
  ['Haemoglobin', 132, 14, 'haemoglobin'],
] as const;

interface Generated {
  waitingListCsv: string;
  bloodCsv: string;
  records: PatientRecord[];
  waitingListRows: string[][];
  header: string[];
}

function generate(): Generated {
  const next = mulberry32(7);
  const header = [
    'NHS Number',
    'Local Patient Identifier',
    'Forename',
    'Surname',
    'Date of Birth',
    'Sex',
    'Height',
    'Weight',
    'Smoking',
    'Referral Date',
    'TCI Date',
    'Consultant',
    ...comorbidities,
  ];
  const waitingListRows: string[][] = [];
  const bloodLines = ['NHS Number,Test Name,Result,Units,Sample Date'];
  const records: PatientRecord[] = [];
  for (let i = 0; i < pathways; i++) {
    const nhs = nhsNumber(i);
    const year = 1935 + Math.floor(next() * 45);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const sex = next() < 0.58 ? 'F' : 'M';
    const height = Math.round(sex === 'F' ? 155 + next() * 20 : 168 + next() * 20);
    const weight = Math.round(55 + next() * 60);
    const flags = comorbidities.map(() => (next() < 0.1 ? '1' : '0'));
    const dob = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    waitingListRows.push([
      nhs,
      `L${i}`,
      'Alex',
      `Patient${i}`,
      `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
      sex,
      String(height),
      String(weight),
      '4',
      '03/01/2026',
      '',
      'Mr A Surgeon',
      ...flags,
    ]);
    const record: Record<string, string> = {
      height: String(height),
      weight: String(weight),
      sex,
      smoking: '4',
      dateOfBirth: dob,
      ethnicGroup: '',
    };
    comorbidities.forEach((code, index) => (record[code] = flags[index]!));
    for (const [name, mean, sd, field] of tests) {
      const value = (mean + (next() - 0.5) * 2 * sd).toFixed(1);
      bloodLines.push(`${nhs},${name},${value},,${sampleDate}`);
      record[field] = value;
    }
    records.push(record);
  }
  const waitingListCsv =
    [header.join(','), ...waitingListRows.map((row) => row.join(','))].join('\r\n') + '\r\n';
  return { waitingListCsv, bloodCsv: bloodLines.join('\r\n') + '\r\n', records, waitingListRows, header };
}

async function writeWorkbook(file: string, data: Generated) {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = writer.addWorksheet('PTL');
  sheet.addRow(data.header).commit();
  for (const row of data.waitingListRows) sheet.addRow(row).commit();
  await writer.commit();
}

/** The reference: COPY of the same CSV text into tables of text columns, on the same kind of database. */
async function copyReference(
  data: Generated,
  databaseUrl: string | undefined,
  round: number,
): Promise<number> {
  const wlColumns = data.header.map((_, i) => `c${i} text`).join(', ');
  const blColumns = 'a text, b text, c text, d text, e text';
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop table if exists bench_copy_wl; drop table if exists bench_copy_bl;
      create table bench_copy_wl (${wlColumns}); create table bench_copy_bl (${blColumns})`);
    await client.end();
    const wlFile = path.join(work, 'wl.csv');
    const blFile = path.join(work, 'bl.csv');
    writeFileSync(wlFile, data.waitingListCsv);
    writeFileSync(blFile, data.bloodCsv);
    const started = performance.now();
    execFileSync('psql', [
      databaseUrl,
      '-q',
      '-c',
      `\\copy bench_copy_wl from '${wlFile}' with (format csv, header)`,
    ]);
    execFileSync('psql', [
      databaseUrl,
      '-q',
      '-c',
      `\\copy bench_copy_bl from '${blFile}' with (format csv, header)`,
    ]);
    return performance.now() - started;
  }
  const db = await PGlite.create(path.join(work, `copy-reference-${round}`));
  await db.exec(`create table bench_copy_wl (${wlColumns}); create table bench_copy_bl (${blColumns})`);
  const started = performance.now();
  await db.query(`copy bench_copy_wl from '/dev/blob' with (format csv, header)`, [], {
    blob: new Blob([data.waitingListCsv]),
  });
  await db.query(`copy bench_copy_bl from '/dev/blob' with (format csv, header)`, [], {
    blob: new Blob([data.bloodCsv]),
  });
  const elapsed = performance.now() - started;
  await db.close();
  return elapsed;
}

function multipart(files: { field: string; name: string; bytes: Blob | Buffer | string }[]) {
  const form = new FormData();
  for (const file of files)
    form.append(file.field, file.bytes instanceof Blob ? file.bytes : new Blob([file.bytes]), file.name);
  return form;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

console.log(`Generating ${fmt(pathways)} pathways and ${fmt(pathways * 10)} blood results`);
const data = generate();
const postgres = process.env.DATABASE_URL
  ? await freshPostgres(process.env.DATABASE_URL, `esr_import_bench_${process.pid}`)
  : undefined;
const databaseLabel = postgres ? 'PostgreSQL' : 'PGlite';
const port = 3800 + Math.floor(Math.random() * 90);
const serverEnv = {
  NODE_ENV: 'test',
  SEED_DEMO_DATA: 'true',
  SEED_DEMO_WAITING_LISTS: 'false',
  IMPORT_MAX_FILE_MB: '512',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
};
let server = await startBuiltServer(port, serverEnv);

try {
  const token = await signInWithCodeFlow(server.baseUrl, clerkId);
  const headers = { authorization: `Bearer ${token}` };
  const files = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/knee/files`;
  const getJson = async <T>(url: string): Promise<T> => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const validatedStatus = (batchId: string) => async () => {
    const status = await getJson<{ batchStatus: string }>(`${files}/upload-status/?batchId=${batchId}`);
    return status.batchStatus !== 'VALIDATING';
  };

  const rssAtStart = server.rssMb();
  // The files as a browser holds them, bytes ready before the clock starts: encoding the generated
  // text is the benchmark's own work, not the clerk's.
  const waitingListBlob = new Blob([data.waitingListCsv]);
  const bloodBlob = new Blob([data.bloodCsv]);
  const uploadCsv = async () => {
    const upload = await fetch(`${files}/upload/`, {
      method: 'POST',
      headers,
      body: multipart([
        { field: 'waitingListDataFile', name: 'ptl.csv', bytes: waitingListBlob },
        { field: 'bloodTestDataFile', name: 'pathology.csv', bytes: bloodBlob },
      ]),
    });
    if (upload.status !== 202) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
    return ((await upload.json()) as { batchId: string }).batchId;
  };
  const rows = pathways * 11;
  const rate = (ms: number) => `${fmt(rows / (ms / 1000))} rows/s`;
  const reportValidation = async (batchId: string) => {
    const status = await getJson<{
      waiting_list: { status: string; totals: object };
      blood_test: { status: string; totals: object };
    }>(`${files}/upload-status/?batchId=${batchId}`);
    console.log(
      `    waiting list ${status.waiting_list.status} ${JSON.stringify(status.waiting_list.totals)}`,
    );
    console.log(`    blood tests ${status.blood_test.status} ${JSON.stringify(status.blood_test.totals)}`);
  };

  // The throughput is measured as a clerk's browser waits: its page asks for the status every 2 s
  // (docs/requirements.md §2); this loop asks every 100 ms to time the end closely. The reference
  // COPY, too, runs with nothing else on the machine. On two cores the speed of either varies by a
  // third from one minute to the next, so they take turns, BENCH_ROUNDS times (3 unless told), and
  // the target is held by the median of the rounds' ratios: one slow COPY or upload does not decide it.
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  console.log(
    `\nUpload → both files VALIDATED (CSV), against a reference COPY of the same ${fmt(rows)} rows into ${databaseLabel}, ${rounds} rounds`,
  );
  const ratios: number[] = [];
  const copyTimes: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const copyMs = await copyReference(data, postgres?.url, round);
    copyTimes.push(copyMs);
    const started = performance.now();
    const batch = await uploadCsv();
    await waitFor(validatedStatus(batch), 600_000);
    const validateMs = performance.now() - started;
    ratios.push(copyMs / validateMs);
    console.log(
      `  round ${round}: COPY ${seconds(copyMs)} (${rate(copyMs)}); VALIDATED ${seconds(validateMs)} (${rate(validateMs)}): ${(copyMs / validateMs).toFixed(2)}× COPY`,
    );
    await reportValidation(batch);
  }
  const sortedRatios = [...ratios].sort((a, b) => a - b);
  const medianRatio = sortedRatios[Math.floor(sortedRatios.length / 2)]!;
  console.log(
    `  median ${medianRatio.toFixed(2)}× COPY (rounds ${sortedRatios[0]!.toFixed(2)}–${sortedRatios.at(-1)!.toFixed(2)}×) (target ≥ 0.3×)`,
  );
  const copyMs = [...copyTimes].sort((a, b) => a - b)[Math.floor(copyTimes.length / 2)]!;

  // The same upload again (it replaces the first), with upload-status at 10 connections for as long
  // as it validates: the answers' latency, and how much the load, on the same two cores, slows it.
  console.log('\nThe same upload again, with upload-status at 10 connections meanwhile');
  const loadedStarted = performance.now();
  const batchId = await uploadCsv();
  const load = new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${files}/upload-status/?batchId=${batchId}`, connections: 10, duration: 120, headers },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    void waitFor(validatedStatus(batchId), 600_000).then(() => instance.stop());
  });
  await waitFor(validatedStatus(batchId), 600_000);
  const loadedMs = performance.now() - loadedStarted;
  const statusLoad = await load;
  await reportValidation(batchId);
  console.log(
    `  ${seconds(loadedMs)} (${rate(loadedMs)}): ${(copyMs / loadedMs).toFixed(2)}× the median COPY under that load`,
  );
  console.log(
    `  upload-status: ${fmt(statusLoad.requests.average)} req/s, p99 ${statusLoad.latency.p99} ms (target ≤ 50 ms), ${statusLoad.non2xx} non-2xx`,
  );

  const rssValidated = server.rssMb();
  console.log('\nConfirm → every pathway processed, against the risk engine alone on the same records');
  const model = loadModel(
    readFileSync('models/default/knee/model.pkl'),
    readFileSync('models/default/knee/wrapper.pkl'),
  );
  const engineStarted = performance.now();
  evaluateMany(model, data.records, { evaluationDate: '2026-11-25' });
  const engineMs = performance.now() - engineStarted;
  console.log(
    `  engine alone (explanations): ${seconds(engineMs)} (${fmt(pathways / (engineMs / 1000))} records/s)`,
  );
  const confirmBatch = async (id: string) => {
    const confirm = await fetch(`${files}/confirm_import/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ batchId: id }),
    });
    if (confirm.status !== 202)
      throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
  };
  const confirmStarted = performance.now();
  await confirmBatch(batchId);
  const manage = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/knee/manage/`;
  await waitFor(async () => {
    const { counters } = await getJson<{
      counters: {
        activeRecords: number;
        processedRecords: number;
        failedRecords: number;
        incompleteRecords: number;
        excludedRecords: number;
      };
    }>(manage);
    // Every pathway scored: with a band, failed, or without a band (decision 0057; none expected here).
    const scored =
      counters.processedRecords +
      counters.failedRecords +
      counters.incompleteRecords +
      counters.excludedRecords;
    return counters.activeRecords === pathways && scored === pathways;
  }, 1_200_000);
  const scoreMs = performance.now() - confirmStarted;
  console.log(
    `  confirm → all processed: ${seconds(scoreMs)} (${fmt(pathways / (scoreMs / 1000))} records/s): ${(engineMs / scoreMs).toFixed(2)}× the engine (target ≥ 0.3×)`,
  );

  console.log(
    `  server RSS: ${rssAtStart} MB at start, ${rssValidated} MB once validated, ${server.rssMb()} MB once scored (${server.peakRssMb()} MB at most)`,
  );

  // The same list again, unchanged, as a trust sends it the next week: every pathway is matched and
  // keeps its result. Printed without a target; a re-import planned against an empty list once took
  // ten minutes here (decision 0029).
  console.log('\nThe same list again, unchanged: upload → VALIDATED, then confirm → imported and idle');
  const inferencing = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/knee/batch-inferencing/status`;
  const idle = async () => (await getJson<{ status: string }>(inferencing)).status === 'idle';
  await waitFor(idle, 600_000);
  const againStarted = performance.now();
  const again = await uploadCsv();
  await waitFor(validatedStatus(again), 600_000);
  const againValidatedMs = performance.now() - againStarted;
  const againConfirmStarted = performance.now();
  await confirmBatch(again);
  await waitFor(async () => {
    const batch = await getJson<{ batchStatus: string }>(`${files}/upload-status/?batchId=${again}`);
    return batch.batchStatus === 'IMPORTED' && (await idle());
  }, 1_200_000);
  const { counters: afterAgain } = await getJson<{
    counters: { activeRecords: number; processedRecords: number };
  }>(manage);
  console.log(
    `  validated in ${seconds(againValidatedMs)}, confirmed in ${seconds(performance.now() - againConfirmStarted)}; ${fmt(afterAgain.processedRecords)} of ${fmt(afterAgain.activeRecords)} pathways processed`,
  );

  // The workbook is read by a server started afresh (the PostgreSQL database keeps the imported
  // list), so that its peak memory is the reading's and not what the import above left behind.
  await server.stop();
  console.log('\nThe same waiting list as a workbook, on a server started afresh: its peak memory');
  server = await startBuiltServer(port, serverEnv);
  const xlsxHeaders = { authorization: `Bearer ${await signInWithCodeFlow(server.baseUrl, clerkId)}` };
  const xlsxFiles = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/knee/files`;
  const workbook = path.join(work, 'ptl.xlsx');
  await writeWorkbook(workbook, data);
  const resting = server.rssMb();
  const xlsxStarted = performance.now();
  const xlsxUpload = await fetch(`${xlsxFiles}/upload/`, {
    method: 'POST',
    headers: xlsxHeaders,
    body: multipart([
      { field: 'waitingListDataFile', name: 'ptl.xlsx', bytes: readFileSync(workbook) },
      {
        field: 'bloodTestDataFile',
        name: 'pathology.csv',
        bytes: 'NHS Number,Test Name,Result,Units,Sample Date\r\n9434765919,Hb,130,g/L,01/10/2026\r\n',
      },
    ]),
  });
  if (xlsxUpload.status !== 202)
    throw new Error(`xlsx upload answered ${xlsxUpload.status}: ${await xlsxUpload.text()}`);
  const xlsxBatch = ((await xlsxUpload.json()) as { batchId: string }).batchId;
  let highest = resting;
  await waitFor(async () => {
    highest = Math.max(highest, server.rssMb());
    const response = await fetch(`${xlsxFiles}/upload-status/?batchId=${xlsxBatch}`, {
      headers: xlsxHeaders,
    });
    return ((await response.json()) as { batchStatus: string }).batchStatus !== 'VALIDATING';
  }, 600_000);
  console.log(
    `  ${seconds(performance.now() - xlsxStarted)}; server RSS ${resting} MB before, ${highest} MB at most while reading (target ≤ 400 MB): ${highest - resting} MB for the reading; ${server.peakRssMb()} MB the process's peak since it started`,
  );
} finally {
  await server.stop();
  await postgres?.drop();
  rmSync(work, { recursive: true, force: true });
}
