/**
 * Model monitoring at scale (decision 0045): 100,000 current outcomes of trust RAN's knee list,
 * seeded in bulk into a fresh PGlite folder (or a fresh PostgreSQL database when DATABASE_URL is
 * set) as the outcome writer leaves them: archived (operated) pathways, each with the evaluation
 * made 5–60 days before its operation, and an outcome judged against it that keeps its
 * probability, band, model version and groups. Risks are spread as a model's are (log-odds about
 * normal, mean near 9 %) and complications drawn from them; operations over two years up to three
 * months ago; 2 % with no evaluation (excluded); 5 % corrected once (an earlier outcome no longer
 * current); 2 % with a clinician's view of the risk; ethnic groups and age bands spread as a
 * trust's knee list's are. Served by the real built server (`npm run build` first), without its
 * worker, as the clinician of trust RAN:
 *
 * - cold: the figures (`…/model-performance`) and the groups by sex, ethnic group and age band
 *   (`…/model-performance/groups?by=`), each the first call after the outcomes changed (a
 *   clinician's correction of one outcome first, which moves the list's outcome version on), so
 *   it reads every outcome and computes every figure (target ≤ 1 s each, judged on the median of
 *   BENCH_COLD_RUNS runs after one run printed apart, the first after the server started); and,
 *   in each run, the next call computed from the outcomes the cold one kept, so that the cold time
 *   splits into reading the outcomes and computing the figures;
 * - cached: the same calls when nothing has changed, BENCH_REQUESTS requests (200) at 4
 *   connections each, at most 60 s (target p99 ≤ 200 ms);
 *
 * each beside `GET /api/health` measured the same way in the same run.
 *
 * BENCH_ROWS changes the number of outcomes; BENCH_DATA_DIR (PGlite) or BENCH_DATABASE_NAME
 * (PostgreSQL) keeps a seeded database between runs.
 * Run: npx tsx bench/model-performance.bench.ts
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import type { JWK } from 'jose';
import { loadDevelopmentSecrets } from '../apps/api/dist/modules/identity/signing-keys.js';
import { developmentAuthorization } from './lib/access-token.js';
import { benchDatabase } from './lib/bench-database.js';
import { seedOutcomes } from './lib/seed-outcomes.js';
import { seedBase, seedPathways, vacuumAnalyze } from './lib/seed-pathways.js';
import { startApiAlone } from './lib/server.js';
import { median, timed } from './lib/timing.js';
import { writeBenchResults } from './lib/results.js';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
const connections = 4;
const loadSeconds = 60;
const targets = { coldMs: 1000, cachedP99Ms: 200 };
const clinicianId = '00000000-0000-4000-8000-000000000004'; // Olu Adeyemi, clinician ('cl') of RAN

/** `requests` requests at `connections`, stopped after `loadSeconds` whatever is left. */
const load = (url: string, headers: Record<string, string>) =>
  new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, amount: requests, timeout: loadSeconds, headers },
      (error, result) => {
        clearTimeout(limit);
        if (error) reject(error);
        else resolve(result);
      },
    );
    const limit = setTimeout(() => instance.stop(), loadSeconds * 1000);
  });

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const ms = (n: number) => `${n.toFixed(0)} ms`;

const port = 3700 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
const target = await benchDatabase('model_performance');

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
console.log(`Load average ${loadAverage()} on ${os.cpus().length} cores`);
console.log(`Seeding ${target.label}${target.reused ? ' (kept from an earlier run)' : ''}:`);
const database = await target.open();
let signingKey: JWK;
/** Scored pathways whose outcomes a clinician corrects, one before each cold call. */
let corrections: { id: string; operatedOn: string; complication: boolean }[];
try {
  if (!target.reused) {
    await seedBase(database);
    await seedPathways(database, { procedureCode: 'knee', rows: 0, archivedRows: rows });
    await seedOutcomes(database);
    await vacuumAnalyze(database);
    await database.executeSql('VACUUM ANALYZE pathway_outcomes');
  }
  signingKey = (await loadDevelopmentSecrets(database.db)).signingKey;
  const { rows: picked } = await database.executeSql(
    `select pathway_id, date_of_operation::text as operated_on, complication_90_days from pathway_outcomes
     where trust_code = 'RAN' and procedure_code = 'knee' and is_current and evaluation_id is not null
     order by pathway_id limit ${4 * (coldRuns + 1)}`,
  );
  corrections = picked.map((row) => ({
    id: String(row.pathway_id),
    operatedOn: String(row.operated_on),
    complication: Boolean(row.complication_90_days),
  }));
} finally {
  await database.close();
}

const server = await startApiAlone(port, target.serverEnv);

try {
  const headers = await developmentAuthorization(baseUrl, signingKey, clinicianId);
  const list = `${baseUrl}/api/trusts/RAN/procedures/knee`;
  const calls = [
    { name: 'figures', path: '/model-performance' },
    { name: 'groups by sex', path: '/model-performance/groups?by=sex' },
    { name: 'groups by ethnic group', path: '/model-performance/groups?by=ethnicGroup' },
    { name: 'groups by age band', path: '/model-performance/groups?by=ageBand' },
  ].map((call) => ({ ...call, url: `${list}${call.path}`, cold: [] as number[], kept: [] as number[] }));

  /** A clinician corrects one outcome (its complication the other way): the outcome version moves on. */
  const correct = async () => {
    const pathway = corrections.shift()!;
    pathway.complication = !pathway.complication;
    await timed(`${list}/patients/${pathway.id}/outcome`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        dateOfOperation: pathway.operatedOn,
        complication90Days: pathway.complication ? 'yes' : 'no',
        ...(pathway.complication ? { complicationType: 'Surgical site infection' } : {}),
      }),
    });
  };

  // The reference: the bare route alone, the same way.
  const health = `${baseUrl}/api/health`;
  const healthMs: number[] = [];
  for (let i = 0; i < 20; i++) healthMs.push((await timed(health)).ms);
  const healthMedian = median(healthMs);

  // Each run: for each call, an outcome corrected, the call (cold: reads the outcomes, computes its
  // figures), then the next call at the same version (computed from the outcomes the first kept).
  const firstRun: { name: string; ms: number }[] = [];
  let figures: { n: number; events: number; excluded: number; vlad: unknown[] } | undefined;
  const bytes: Record<string, number> = {};
  for (let round = 0; round <= coldRuns; round++) {
    for (const [index, call] of calls.entries()) {
      await correct();
      const cold = await timed(call.url, { headers });
      const next = calls[(index + 1) % calls.length]!;
      const kept = await timed(next.url, { headers });
      if (round === 0) {
        firstRun.push({ name: call.name, ms: cold.ms });
        continue;
      }
      call.cold.push(cold.ms);
      next.kept.push(kept.ms);
      bytes[call.name] = cold.body.length;
      if (index === 0) figures = JSON.parse(cold.body) as typeof figures;
    }
  }

  // Cached: nothing changes between these requests (each answer computed once before).
  for (const call of calls) await timed(call.url, { headers });
  const healthLoad = await load(health, headers);
  const cached = [];
  for (const call of calls) {
    const result = await load(call.url, headers);
    const failures = result.non2xx + result.errors + result.timeouts;
    cached.push({ name: call.name, result, failures });
  }

  const rssMb = server.rssMb();
  console.log(
    `\nModel monitoring on ${target.label}: ${fmt(rows)} current outcomes of one list (${fmt(figures!.n)} judged, ${fmt(figures!.events)} complications, ${fmt(figures!.excluded)} excluded, ${figures!.vlad.length} days of operation)`,
  );
  console.log(
    `Reference GET /api/health: ${healthMedian.toFixed(1)} ms alone (median of 20); mean ${healthLoad.latency.mean.toFixed(1)} ms, p99 ${healthLoad.latency.p99} ms at ${connections} connections`,
  );
  console.log(
    `First calls after the server started, each after a change: ${firstRun.map((row) => `${row.name} ${ms(row.ms)}`).join(', ')}`,
  );
  console.log(
    `\nCold: the first call after a change, median of ${coldRuns} (slowest); ×: against /api/health alone; of which computing, from the kept outcomes, and reading the rest`,
  );
  console.log(
    `${'call'.padEnd(24)} ${'cold'.padStart(8)} ${'slowest'.padStart(8)} ${'×'.padStart(6)} ${'compute'.padStart(8)} ${'read'.padStart(8)} ${'size'.padStart(8)}  cold ≤ ${targets.coldMs} ms`,
  );
  const coldRows = calls.map((call) => {
    const cold = median(call.cold);
    const compute = median(call.kept);
    return {
      name: call.name,
      coldMs: cold,
      slowestMs: Math.max(...call.cold),
      computeMs: compute,
      readMs: cold - compute,
      runs: call.cold,
      bytes: bytes[call.name]!,
      ok: cold <= targets.coldMs,
    };
  });
  for (const row of coldRows)
    console.log(
      `${row.name.padEnd(24)} ${ms(row.coldMs).padStart(8)} ${ms(row.slowestMs).padStart(8)} ${(row.coldMs / healthMedian).toFixed(0).padStart(6)} ${ms(row.computeMs).padStart(8)} ${ms(row.readMs).padStart(8)} ${`${(row.bytes / 1024).toFixed(0)} KB`.padStart(8)}  ${row.ok ? 'PASS' : 'FAIL'}`,
    );

  console.log(
    `\nCached: nothing changed, ${requests} requests at ${connections} connections each; ×: against /api/health the same way`,
  );
  console.log(
    `${'call'.padEnd(24)} ${'mean'.padStart(8)} ${'×mean'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'×p99'.padStart(6)}  p99 ≤ ${targets.cachedP99Ms} ms`,
  );
  const cachedRows = cached.map(({ name, result, failures }) => ({
    name,
    mean: result.latency.mean,
    meanRatio: result.latency.mean / healthLoad.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99Ratio: result.latency.p99 / Math.max(healthLoad.latency.p99, 1),
    requests: result.requests.total,
    failures,
    ok: result.latency.p99 <= targets.cachedP99Ms && failures === 0 && result.requests.total >= requests,
  }));
  for (const row of cachedRows)
    console.log(
      `${row.name.padEnd(24)} ${`${row.mean.toFixed(1)} ms`.padStart(8)} ${row.meanRatio.toFixed(1).padStart(6)} ${`${row.p50} ms`.padStart(7)} ${`${row.p99} ms`.padStart(7)} ${row.p99Ratio.toFixed(1).padStart(6)}  ${row.ok ? 'PASS' : 'FAIL'}${row.failures ? ` (${row.failures} failed requests)` : ''}${row.requests < requests ? ` (${row.requests} answered in ${loadSeconds} s)` : ''}`,
    );
  console.log(`\nServer RSS ${rssMb} MB with the outcomes and answers kept; load average ${loadAverage()}`);

  const failing = [
    ...coldRows.filter((row) => !row.ok).map((row) => `cold ${row.name}: ${ms(row.coldMs)}`),
    ...cachedRows.filter((row) => !row.ok).map((row) => `cached ${row.name}: p99 ${row.p99} ms`),
  ];
  console.log(
    `result: ${failing.length === 0 ? 'meets every target' : `BELOW TARGET in ${failing.length} measure(s)`}`,
  );
  for (const line of failing) console.log(`  FAIL ${line}`);
  writeBenchResults('model-performance', target.label, {
    rows,
    coldRuns,
    requests,
    connections,
    health: {
      aloneMedianMs: healthMedian,
      mean: healthLoad.latency.mean,
      p99: healthLoad.latency.p99,
    },
    firstRun,
    cold: coldRows,
    cached: cachedRows,
    rssMb,
  });
} finally {
  await server.stop();
  await target.dispose();
}
