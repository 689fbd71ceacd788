/**
 * Documents under load (decision 0041): the knee list of 2,400 scored pathways,
 * served by the built server without its worker (`npm run build` first), while for 30 s
 * (BENCH_SECONDS changes it)
 *
 * - 20 connections download risk-summary PDFs one after another, and
 * - 5 clients export the whole list as a workbook with every field, one after another,
 *
 * a probe asks `GET /api/health` every 100 ms. Reported: documents made per second, the health
 * check's p95 during the load against its p95 on the idle server in the same run (target ≤ 200 ms),
 * every download complete, and the server's memory before, at its peak and one minute after
 * (BENCH_AFTER_SECONDS changes the wait).
 *
 * Run: npx tsx bench/documents.bench.ts (BENCH_ROWS changes the list's size)
 */
import autocannon, { type Result } from 'autocannon';
import { benchDatabase } from './lib/bench-database.js';
import { seedKneeSample } from './lib/seed-pathways.js';
import { startApiAlone } from './lib/server.js';
import { signInWithCodeFlow } from './lib/sign-in.js';

const rows = Number(process.env.BENCH_ROWS ?? 2400);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const afterSeconds = Number(process.env.BENCH_AFTER_SECONDS ?? 60);
const targets = { healthP95Ms: 200 };
const clerkId = '00000000-0000-4000-8000-000000000003';
const everyField =
  'nhsNumber,hospitalNumber,firstName,lastName,dateOfBirth,operationType,referralDate,tciDate,surgeonName,priority,surgery,social,status,prediction,probability';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const port = 3700 + Math.floor(Math.random() * 90);
const bench = await benchDatabase('documents', { fresh: true });
const databaseLabel = bench.label;
const serverEnv = bench.serverEnv;

console.log(`Seeding ${databaseLabel}:`);
const kneeIds = await seedKneeSample(bench, { rows, sample: 500 });

/** Asks for the health check every 100 ms until stopped; the time of each answer. */
function probeHealth(baseUrl: string) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
      await sleep(100);
    }
  })();
  return {
    times,
    failures: () => failures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const server = await startApiAlone(port, {
  ...serverEnv,
  ...(process.env.BENCH_SERVER_LOG ? { LOG_LEVEL: 'info' } : {}),
});
let failed = false;
try {
  const headers = { authorization: `Bearer ${await signInWithCodeFlow(server.baseUrl, clerkId)}` };
  const pdfPaths = kneeIds.map((id) => `/api/trusts/RAN/procedures/knee/patients/${id}/risk-summary/export`);
  const exportUrl = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/knee/manage/records/active/export?fileName=Whole%20list&fileType=xlsx&fields=${everyField}`;

  // One of each first: the document threads start and load their fonts.
  for (const url of [`${server.baseUrl}${pdfPaths[0]}`, exportUrl]) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  }

  const idle = probeHealth(server.baseUrl);
  await sleep(5_000);
  await idle.stop();
  const restMb = server.rssMb();

  let peakMb = restMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.rssMb())), 250);
  const loaded = probeHealth(server.baseUrl);
  const deadline = Date.now() + seconds * 1000;
  let workbooks = 0;
  let workbookFailures = 0;
  const exporters = Array.from({ length: 5 }, async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(exportUrl, { headers });
        const bytes = await response.arrayBuffer();
        if (response.ok && bytes.byteLength > 0) workbooks += 1;
        else throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        workbookFailures += 1;
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
        console.log(`  a workbook failed after ${fmt(performance.now() - started)} ms: ${cause}`);
      }
    }
  });
  let next = 0;
  const pdfs = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: server.baseUrl,
        connections: 20,
        duration: seconds,
        headers,
        timeout: 60,
        requests: [
          {
            setupRequest: (request) => {
              request.path = pdfPaths[next++ % pdfPaths.length]!;
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  await Promise.all(exporters);
  await loaded.stop();
  clearInterval(sampler);
  await sleep(afterSeconds * 1000);
  const afterMb = server.rssMb();

  const idleP95 = p95(idle.times);
  const loadedP95 = p95(loaded.times);
  const pdfFailures = pdfs.non2xx + pdfs.errors + pdfs.timeouts;
  console.log(`\nDocuments on ${databaseLabel}, the knee list of ${fmt(rows)} pathways, ${seconds} s`);
  console.log(
    `  risk-summary PDFs, 20 connections: ${fmt(pdfs.requests.average, 1)} a second (${fmt(pdfs.requests.total)} made, ${pdfFailures} failed), p97.5 ${pdfs.latency.p97_5} ms`,
  );
  console.log(
    `  workbooks of the whole list (${everyField.split(',').length} fields), 5 clients: ${fmt(workbooks / seconds, 2)} a second (${workbooks} made, ${workbookFailures} failed)`,
  );
  console.log(
    `  GET /api/health p95: ${fmt(loadedP95)} ms under the load, ${fmt(idleP95, 1)} ms idle (${fmt(loadedP95 / idleP95, 1)}×; ${loaded.times.length} probes)`,
  );
  console.log(
    `  server memory: ${restMb} MB at rest, ${peakMb} MB at the peak, ${afterMb} MB ${afterSeconds} s after`,
  );
  const healthMet = loadedP95 <= targets.healthP95Ms;
  const complete = pdfFailures === 0 && workbookFailures === 0;
  console.log(`  target health p95 ≤ ${targets.healthP95Ms} ms: ${healthMet ? 'met' : 'NOT MET'}`);
  console.log(`  every download complete: ${complete ? 'yes' : 'NO'}`);
  failed = !healthMet || !complete;
} finally {
  await server.stop();
  await bench.dispose();
}
if (failed) process.exitCode = 1;
