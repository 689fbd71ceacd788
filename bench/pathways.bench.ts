/**
 * The open-pathway lists and reports at scale (docs/requirements.md, open pathways): 100,000
 * active knee pathways with their evaluations (and 20,000 archived), seeded in bulk into a fresh
 * PGlite folder (or a fresh PostgreSQL database when DATABASE_URL is set), served by the real built
 * server (`npm run build` first):
 *
 * - the total table (`…/manage/records/active`) with each filter and at page 1,000, 20 connections,
 *   10 s each (BENCH_SECONDS changes it), beside `GET /api/health` in the same run
 *   (target p99 ≤ 50 ms);
 * - the workbook report of every active pathway: time to its last byte (target ≤ 15 s) and the
 *   server's peak resident memory while it is written, and its rise over what the server rested at
 *   (target ≤ 300 MB);
 * - the CSV report of the same rows against `COPY (select …) TO STDOUT` of the same rows in the same
 *   run (psql on PostgreSQL; a PGlite in this process on the seeded folder, `TO '/dev/blob'`)
 *   (target ≥ 0.3× COPY's rows/s).
 *
 * BENCH_ROWS changes the number of active pathways; BENCH_DATA_DIR (PGlite) or BENCH_DATABASE_NAME
 * (PostgreSQL) keeps a seeded database between runs. Run: npx tsx bench/pathways.bench.ts
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Result } from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { developmentAuthorization } from './lib/access-token.js';
import { benchDatabase, seedOnce } from './lib/bench-database.js';
import { latencyRow, printLatencyTable, type LatencyRow } from './lib/latency-table.js';
import { seedBase, seedPathways, surgeons, vacuumAnalyze } from './lib/seed-pathways.js';
import { startApiAlone } from './lib/server.js';
import { measureLoad, downloadWatchingMemory } from './lib/load.js';
import { writeBenchResults } from './lib/results.js';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const archivedRows = Math.round(rows / 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const targets = { p99Ms: 50, xlsxSeconds: 15, xlsxMb: 300, csvRatio: 0.3 };
const clerkId = '00000000-0000-4000-8000-000000000003';
/** Page 1,000 of 15 (or the last full page of a smaller list). */
const deepPage = Math.min(1000, Math.floor(rows / 15));

/** The CSV report's rows and columns, as plain SQL (the report formats dates and labels on top). */
const copySelect = `select p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name, p.date_of_birth,
  p.operation_type, p.referral_date, p.tci_date, p.surgeon_name, p.surgery, p.social, p.status, p.prediction
  from pathways p where p.trust_code = 'RAN' and p.procedure_code = 'knee' and p.is_active
  order by p.referral_date, p.id`;
const csvFields =
  'nhsNumber,hospitalNumber,firstName,lastName,dateOfBirth,operationType,referralDate,tciDate,surgeonName,surgery,social,status,prediction';

/** Reference: COPY of the same rows to nothing, on the same kind of database, in milliseconds. */
async function copyReference(serverEnv: Record<string, string>): Promise<number> {
  const databaseUrl = serverEnv.DATABASE_URL;
  if (databaseUrl) {
    const started = performance.now();
    execFileSync('psql', [
      databaseUrl,
      '-q',
      '-c',
      `\\copy (${copySelect.replace(/\s+/g, ' ')}) to '/dev/null' with (format csv, header)`,
    ]);
    return performance.now() - started;
  }
  const db = await PGlite.create(path.join(serverEnv.DATA_DIR!, 'pglite'));
  try {
    await db.query(`copy (${copySelect}) to '/dev/blob' with (format csv, header)`); // warm the cache
    const started = performance.now();
    const result = await db.query(`copy (${copySelect}) to '/dev/blob' with (format csv, header)`);
    const elapsed = performance.now() - started;
    if (!result.blob || result.blob.size === 0) throw new Error('COPY wrote nothing');
    return elapsed;
  } finally {
    await db.close();
  }
}

const measure = (url: string, headers: Record<string, string> = {}, duration = seconds) =>
  measureLoad(url, { connections, duration, headers });

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const port = 3700 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
// BENCH_DATABASE_NAME or BENCH_DATA_DIR keeps a seeded database between runs (for looking at plans).
const bench = await benchDatabase('pathways');
const databaseLabel = bench.label;

console.log(`Seeding ${databaseLabel}:`);
const signingKey = await seedOnce(bench, async (database) => {
  await seedBase(database);
  await seedPathways(database, { procedureCode: 'knee', rows, archivedRows });
  await vacuumAnalyze(database);
});

console.log(`\n${databaseLabel}: reference COPY (select …) of the ${fmt(rows)} active rows`);
const copyMs = await copyReference(bench.serverEnv);
console.log(`  ${(copyMs / 1000).toFixed(2)} s (${fmt(rows / (copyMs / 1000))} rows/s)`);

// The API alone: the 1 % of pathways seeded as waiting stay so.
const server = await startApiAlone(port, bench.serverEnv);

try {
  const headers = await developmentAuthorization(baseUrl, signingKey, clerkId);
  const list = '/api/trusts/RAN/waiting-list/procedures/knee/manage/records/active';
  const scenarios: { name: string; path: string }[] = [
    { name: 'bare route GET /api/health', path: '/api/health' },
    { name: 'no filter, page 1', path: `${list}?pageNumber=1&pageSize=15` },
    { name: `no filter, page ${fmt(deepPage)}`, path: `${list}?pageNumber=${deepPage}&pageSize=15` },
    { name: 'NHS number (whole)', path: `${list}?nhsNumber=${9_000_000_000 + 4242}` },
    { name: 'local patient identifier (prefix)', path: `${list}?hospitalNumber=ran00042` },
    { name: 'TCI date', path: `${list}?tciDate=2026-09-01` },
    { name: 'referral date', path: `${list}?referralDate=2025-03-03` },
    { name: 'surgeon name (prefix)', path: `${list}?surgeonName=${encodeURIComponent(surgeons[7]!)}` },
    { name: 'status processed', path: `${list}?status=processed` },
    { name: 'status not processed', path: `${list}?status=waiting` },
    { name: 'prediction high', path: `${list}?prediction=high` },
    { name: 'social concerns', path: `${list}?social=social_concerns` },
    { name: 'surgery not ready', path: `${list}?surgery=not_ready` },
    {
      name: 'processed + high + ready + surgeon',
      path: `${list}?status=processed&prediction=high&surgery=ready&surgeonName=${encodeURIComponent(surgeons[7]!)}`,
    },
    { name: 'processed counters', path: '/api/trusts/RAN/waiting-list/procedures/knee/manage/processed' },
  ];
  for (const scenario of scenarios) {
    const response = await fetch(`${baseUrl}${scenario.path}`, { headers });
    if (response.status !== 200) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    const body = (await response.json()) as { totalCount?: number; items?: unknown[] };
    if (body.items && body.items.length === 0) throw new Error(`${scenario.name}: no rows`);
    if (body.totalCount !== undefined) scenario.name += ` [${fmt(body.totalCount)}]`;
  }

  const results: LatencyRow[] = [];
  // A second of each first, so that every statement is prepared and its pages are in memory.
  for (const scenario of scenarios) await measure(`${baseUrl}${scenario.path}`, headers, 1);
  let baseline: Result | undefined;
  for (const scenario of scenarios) {
    const result = await measure(`${baseUrl}${scenario.path}`, headers);
    baseline ??= result;
    results.push(latencyRow(scenario.name, result, baseline, targets.p99Ms));
  }

  console.log(
    `\nThe total table on ${databaseLabel}: ${fmt(rows)} active pathways, ${connections} connections, ${seconds} s each`,
  );
  printLatencyTable(results, targets.p99Ms);

  const exportBase = `${baseUrl}${list}/export?fields=${csvFields}`;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const resting = server.rssMb();
  const xlsx = await downloadWatchingMemory(
    `${exportBase},probability&fileName=Bench&fileType=xlsx`,
    headers,
    server.rssMb,
  );
  const xlsxOk = xlsx.ms <= targets.xlsxSeconds * 1000 && xlsx.highestMb - resting <= targets.xlsxMb;
  console.log(`\nWorkbook report of the ${fmt(rows)} active pathways (14 fields)`);
  console.log(
    `  ${(xlsx.ms / 1000).toFixed(2)} s to the last byte (target ≤ ${targets.xlsxSeconds} s), ${(xlsx.bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(
    `  server RSS ${xlsx.highestMb} MB at most while writing, ${xlsx.highestMb - resting} MB over the ${resting} MB it rested at (target ≤ ${targets.xlsxMb} MB)`,
  );

  const csvResting = server.rssMb();
  const csv = await downloadWatchingMemory(
    `${exportBase}&fileName=Bench&fileType=csv`,
    headers,
    server.rssMb,
  );
  if (csv.lines !== rows + 1) throw new Error(`The CSV has ${csv.lines} lines, not ${rows + 1}`);
  const csvRate = rows / (csv.ms / 1000);
  const copyRate = rows / (copyMs / 1000);
  const csvOk = csvRate / copyRate >= targets.csvRatio;
  console.log(`\nCSV report of the same rows (13 fields) against COPY`);
  console.log(
    `  ${(csv.ms / 1000).toFixed(2)} s (${fmt(csvRate)} rows/s, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB): ${(csvRate / copyRate).toFixed(2)}× COPY's ${fmt(copyRate)} rows/s (target ≥ ${targets.csvRatio}×); server RSS ${csv.highestMb - csvResting} MB over rest`,
  );

  const failing = results.filter((r) => !r.ok).length + (xlsxOk ? 0 : 1) + (csvOk ? 0 : 1);
  console.log(`\nresult: ${failing === 0 ? 'meets every target' : `BELOW TARGET in ${failing} measure(s)`}`);
  writeBenchResults('pathways', databaseLabel, {
    rows,
    connections,
    seconds,
    results,
    xlsx: { ...xlsx, restingMb: resting },
    csv: { ...csv, restingMb: csvResting, copyMs, ratio: csvRate / copyRate },
  });
} finally {
  await server.stop();
  await bench.dispose();
}
