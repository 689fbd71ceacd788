/**
 * Soak: the clerical and clinician reads at 50 connections for 10 minutes on 100,000 knee pathways,
 * with a 100,000-row import of the same trust's hip list uploaded and confirmed half way, on the built
 * product (`npm run build` first). PGlite: one server that runs its own jobs. PostgreSQL (with
 * `DATABASE_URL`): a server with `RUN_WORKER=false` and a worker beside it, as production runs them.
 *
 * - 20 connections page through the total table of open pathways (`…/manage/records/active`) as the
 *   clerk; 20 read risk summaries and 10 remodel (PUT of new blood results, at most
 *   `BENCH_REMODEL_RATE`, 50, a second in all) as the clinician;
 * - per minute: each call's req/s, p99 and failed requests (target 0), and the resident memory of the
 *   server (and worker) at its end (target: flat after the first minute's warm-up);
 * - the reference, measured in the same run before the load: each call's p99 alone, one request at
 *   a time (`BENCH_IDLE_SECONDS`, 10 s each); the load's p99 is printed against it.
 *
 * `BENCH_MINUTES` (or `--minutes=N`; default 10, fractions allowed) sets the length, `BENCH_ROWS`
 * the size of both lists. Alone: `npx tsx bench/soak.bench.ts --minutes=2`.
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { generatedWaitingList } from '../apps/api/src/test/factories/generated-lists.js';
import { benchDatabase } from './lib/bench-database.js';
import { seedKneeSample } from './lib/seed-pathways.js';
import { startBuiltServer, startBuiltWorker } from './lib/server.js';
import { signInWithCodeFlow } from './lib/sign-in.js';
import { median } from './lib/timing.js';
import { writeBenchResults } from './lib/results.js';

const flag = process.argv.find((argument) => argument.startsWith('--minutes='))?.split('=')[1];
const minutes = Number(flag ?? process.env.BENCH_MINUTES ?? 10);
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const remodelRate = Number(process.env.BENCH_REMODEL_RATE ?? 50);
const clerkId = '00000000-0000-4000-8000-000000000003';
const clinicianId = '00000000-0000-4000-8000-000000000004';
/** The last minute's memory may exceed the first's by this much and still count as flat. */
const flatTolerance = 0.15;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const port = 3900 + Math.floor(Math.random() * 90);

const bench = await benchDatabase('soak', { fresh: true });
console.log(`Seeding ${bench.label}: ${fmt(rows)} scored knee pathways of trust RAN`);
const ids = await seedKneeSample(bench, { rows, sample: 5000 });

// Tokens outlive the run: the development provider's default of 10 minutes would not.
const serverEnv = { NODE_ENV: 'test', DEV_ACCESS_TOKEN_TTL_SECONDS: '3600', ...bench.serverEnv };
const postgres = bench.label === 'PostgreSQL';
const server = await startBuiltServer(port, postgres ? { ...serverEnv, RUN_WORKER: 'false' } : serverEnv);
const worker = postgres ? await startBuiltWorker(serverEnv) : undefined;

interface Call {
  name: string;
  connections: number;
  headers: Record<string, string>;
  method: 'GET' | 'PUT';
  path: (i: number) => string;
  body?: (i: number) => string;
  rate?: number;
}

/** One call at `connections` for `seconds`, each request on the next path (and body). */
function load(baseUrl: string, call: Call, options: { connections: number; seconds: number; rate?: number }) {
  let next = 0;
  return new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.seconds,
        method: call.method,
        headers: call.headers,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: [
          {
            setupRequest: (request) => {
              const i = next++;
              request.path = call.path(i);
              if (call.body) request.body = call.body(i);
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const failures = (result: Result) => result.non2xx + result.errors + result.timeouts;
/** What the failed requests were: answers other than 2xx by status, connection errors, timeouts. */
const failedAs = (result: Result) =>
  [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${stats.count}× ${code}`),
    ...(result.timeouts ? [`${result.timeouts} timed out`] : []),
    ...(result.errors - result.timeouts > 0 ? [`${result.errors - result.timeouts} errors`] : []),
  ].join(', ');

interface Minute {
  minute: number;
  seconds: number;
  calls: Record<string, { rps: number; p99: number; max: number; failed: number; failedAs: string }>;
  serverRssMb: number;
  workerRssMb?: number;
  /** The machine's one-minute load average at the minute's end (other work moves the figures). */
  load: number;
  note: string;
  importDone: boolean;
}
const minutesMeasured: Minute[] = [];
const idle: Record<string, number> = {};
const importStages: { stage: string; seconds: number }[] = [];

try {
  const clerk = {
    authorization: `Bearer ${await signInWithCodeFlow(server.baseUrl, clerkId)}`,
  };
  const clinician = { authorization: `Bearer ${await signInWithCodeFlow(server.baseUrl, clinicianId)}` };
  const patient = (i: number) => `/api/trusts/RAN/procedures/knee/patients/${ids[i % ids.length]}`;
  const calls: Call[] = [
    {
      name: 'open pathways (total table)',
      connections: 20,
      headers: clerk,
      method: 'GET',
      path: (i) =>
        `/api/trusts/RAN/waiting-list/procedures/knee/manage/records/active?pageNumber=${1 + (i % 50)}&pageSize=15`,
    },
    {
      name: 'risk summary',
      connections: 20,
      headers: clinician,
      method: 'GET',
      path: (i) => `${patient(i)}/risk-summary/`,
    },
    {
      name: 'remodel',
      connections: 10,
      headers: { ...clinician, 'content-type': 'application/json' },
      method: 'PUT',
      path: (i) => patient(i + 2500),
      body: (i) =>
        JSON.stringify({ haemoglobin: String(90 + (i % 60)), egfr: String(30 + (i % 80)), albumin: '33' }),
      rate: remodelRate,
    },
  ];
  for (const call of calls) {
    const response = await fetch(`${server.baseUrl}${call.path(0)}`, {
      method: call.method,
      headers: call.headers,
      ...(call.body ? { body: call.body(0) } : {}),
    });
    if (response.status !== 200)
      throw new Error(`${call.name}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
  }

  // The reference: each call alone on the idle server, after a warm-up of its statements.
  console.log(`\nReference on ${bench.label}: each call alone, one request at a time, ${idleSeconds} s`);
  for (const call of calls) {
    await load(server.baseUrl, call, { connections: 1, seconds: 2 });
    const result = await load(server.baseUrl, call, { connections: 1, seconds: idleSeconds });
    if (failures(result)) throw new Error(`${call.name}: ${failures(result)} requests failed while idle`);
    idle[call.name] = result.latency.p99;
    console.log(
      `  ${call.name.padEnd(28)} ${fmt(result.requests.average).padStart(6)} req/s, p99 ${result.latency.p99} ms`,
    );
  }

  // Half way, the clerk uploads the hip list and confirms it, while the load goes on.
  const list = generatedWaitingList(rows, { seed: 42, firstNumber: 0 });
  const hip = `${server.baseUrl}/api/trusts/RAN/waiting-list/procedures/hip`;
  let importStage = '';
  let importDone = false;
  const importList = async () => {
    const started = performance.now();
    const stage = (name: string) => {
      importStage = name;
      importStages.push({ stage: name, seconds: (performance.now() - started) / 1000 });
    };
    const json = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, { ...init, headers: { ...clerk, ...(init.headers ?? {}) } });
      const body = await response.text();
      if (response.status >= 300) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 300)}`);
      return JSON.parse(body) as Record<string, unknown>;
    };
    const until = async (url: string, done: (body: Record<string, unknown>) => boolean) => {
      while (!done(await json(url))) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    stage('uploading');
    const form = new FormData();
    form.append('waitingListDataFile', new Blob([list.waitingListCsv]), 'hip-ptl.csv');
    form.append('bloodTestDataFile', new Blob([list.bloodTestCsv]), 'hip-bloods.csv');
    const { batchId } = (await json(`${hip}/files/upload/`, { method: 'POST', body: form })) as {
      batchId: string;
    };
    stage('validating');
    await until(
      `${hip}/files/upload-status/?batchId=${batchId}`,
      (body) => body.batchStatus !== 'VALIDATING',
    );
    stage('confirming');
    await json(`${hip}/files/confirm_import/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batchId }),
    });
    await until(`${hip}/batch-inferencing/status`, (body) => body.status === 'idle');
    stage('imported and scored');
    importStage = '';
    importDone = true;
  };

  console.log(
    `\nSoak on ${bench.label}: ${calls.map((call) => `${call.name} × ${call.connections}`).join(', ')} ` +
      `(remodels at most ${remodelRate}/s), ${minutes} min; ${fmt(rows)}-row hip import half way`,
  );
  const header = calls.map((call) => call.name.split(' ')[0]!.padStart(18)).join('');
  console.log(`minute ${header}   failed   server RSS${worker ? '   worker RSS' : ''}  load  import`);
  const slices = Math.ceil(minutes);
  const importAt = Math.floor(slices / 2);
  let importing: Promise<void> | undefined;
  for (let minute = 1; minute <= slices; minute++) {
    const seconds = Math.round(Math.min(60, (minutes - (minute - 1)) * 60));
    if (minute === importAt + 1 && !importing) {
      importing = importList();
      importing.catch(() => undefined);
    }
    const noteAtStart = importStage;
    const results = await Promise.all(
      calls.map((call) =>
        load(server.baseUrl, call, { connections: call.connections, seconds, rate: call.rate }),
      ),
    );
    const measured: Minute = {
      minute,
      seconds,
      calls: Object.fromEntries(
        calls.map((call, index) => [
          call.name,
          {
            rps: results[index]!.requests.average,
            p99: results[index]!.latency.p99,
            max: results[index]!.latency.max,
            failed: failures(results[index]!),
            failedAs: failedAs(results[index]!),
          },
        ]),
      ),
      serverRssMb: server.rssMb(),
      ...(worker ? { workerRssMb: worker.rssMb() } : {}),
      load: os.loadavg()[0]!,
      note: [noteAtStart, importStage || (importDone && !minutesMeasured.at(-1)?.importDone ? 'done' : '')]
        .filter(Boolean)
        .join(' → '),
      importDone,
    };
    minutesMeasured.push(measured);
    const failed = Object.values(measured.calls).reduce((sum, call) => sum + call.failed, 0);
    console.log(
      `${String(minute).padStart(6)} ${calls
        .map((call) => {
          const c = measured.calls[call.name]!;
          return `${fmt(c.rps).padStart(7)}/s ${`${c.p99} ms`.padStart(8)}`;
        })
        .join('')} ${String(failed).padStart(8)} ${`${measured.serverRssMb} MB`.padStart(12)}${
        worker ? `${`${measured.workerRssMb} MB`.padStart(13)}` : ''
      } ${measured.load.toFixed(1).padStart(5)}  ${measured.note}`,
    );
    for (const [name, call] of Object.entries(measured.calls))
      if (call.failed) console.log(`         ${name}: ${call.failedAs}`);
  }
  if (importing) await importing;
} finally {
  await worker?.stop();
  const serverPeak = server.peakRssMb();
  await server.stop();
  console.log(`\nserver RSS at most ${serverPeak} MB`);
  // What the run left in the database: every read of a patient is logged, every remodel evaluated.
  const database = await bench.open();
  try {
    // Counted: the embedded database keeps no statistics over a restart.
    const { rows: tables } = await database.executeSql(
      ['pathways', 'evaluations', 'patient_access_log', 'change_log']
        .map(
          (table) =>
            `select '${table}' as relname, (select count(*) from ${table}) as live, pg_total_relation_size('${table}') as bytes`,
        )
        .join(' union all '),
    );
    for (const table of tables)
      console.log(
        `  ${String(table.relname).padEnd(20)} ${fmt(Number(table.live)).padStart(9)} rows ` +
          `${fmt(Number(table.bytes) / 1_048_576).padStart(6)} MB with indexes`,
      );
  } finally {
    await database.close();
    await bench.dispose();
  }
}

const totalFailed = minutesMeasured.reduce(
  (sum, minute) => sum + Object.values(minute.calls).reduce((calls, call) => calls + call.failed, 0),
  0,
);
console.log(`\nImport of ${fmt(rows)} hip pathways under the load:`);
for (const { stage, seconds } of importStages)
  console.log(`  ${stage.padEnd(22)} at ${seconds.toFixed(1)} s`);

console.log(`\nPer call, over the ${minutesMeasured.length} minute(s), against its p99 alone:`);
for (const name of Object.keys(idle)) {
  const p99s = minutesMeasured.map((minute) => minute.calls[name]!.p99);
  const worst = Math.max(...p99s);
  // A stall of a few seconds holds a request on each connection: too few to move the p99.
  const longest = Math.max(...minutesMeasured.map((minute) => minute.calls[name]!.max));
  console.log(
    `  ${name.padEnd(28)} p99 median ${median(p99s)} ms, worst ${worst} ms; alone ${idle[name]} ms ` +
      `(×${(median(p99s) / idle[name]!).toFixed(1)} median, ×${(worst / idle[name]!).toFixed(1)} worst); ` +
      `longest request ${longest} ms`,
  );
}
/**
 * Flat: within each stretch of three minutes or more, before the import and after the minute it
 * finished in, memory does not trend upwards by more than the tolerance of its median over the
 * stretch (a least-squares line through the minutes' values; single minutes move with the
 * collector). The import itself raises it by a step (its reading threads, the new list's pages).
 */
const memory = (pick: (minute: Minute) => number | undefined, label: string) => {
  const finished = minutesMeasured.findIndex((minute) => minute.importDone);
  const stretches = [
    minutesMeasured.filter((minute) => minute.note === '' && !minute.importDone),
    finished < 0 ? [] : minutesMeasured.slice(finished + 1),
  ];
  let flat = true;
  let judged = false;
  for (const [index, stretch] of stretches.entries()) {
    const values = stretch.map(pick).filter((value): value is number => value !== undefined);
    if (values.length === 0) continue;
    const n = values.length;
    const meanX = (n - 1) / 2;
    const meanY = values.reduce((sum, value) => sum + value, 0) / n;
    const slope =
      n < 2
        ? 0
        : values.reduce((sum, value, x) => sum + (x - meanX) * (value - meanY), 0) /
          values.reduce((sum, _, x) => sum + (x - meanX) ** 2, 0);
    const trend = slope * (n - 1);
    const ok = n < 3 || trend <= flatTolerance * median(values);
    flat &&= ok;
    judged ||= n >= 3;
    console.log(
      `  ${label}, ${index === 0 ? 'before the import' : 'after it'}: ${values.join(', ')} MB` +
        (n < 3
          ? ' (under three minutes: too short to judge)'
          : `; trend ${trend >= 0 ? '+' : ''}${trend.toFixed(0)} MB (flat within ${flatTolerance * 100} % of ${median(values)} MB: ${ok ? 'yes' : 'NO'})`),
    );
  }
  return { flat, judged };
};
console.log('\nMemory at the end of each minute:');
const memories = [
  memory((minute) => minute.serverRssMb, 'server'),
  memory((minute) => minute.workerRssMb, 'worker'),
];
const flat = memories.every((judgement) => judgement.flat);
const memoryVerdict = !memories.some((judgement) => judgement.judged)
  ? 'too short to judge'
  : flat
    ? 'flat'
    : 'growing';
console.log(`\nfailed requests: ${totalFailed} (target 0: ${totalFailed === 0 ? 'yes' : 'NO'})`);
console.log(
  `result: ${totalFailed === 0 && flat ? 'meets every target' : 'BELOW TARGET'} (errors ${totalFailed}, memory ${memoryVerdict})`,
);
writeBenchResults('soak', bench.label, {
  rows,
  minutes,
  remodelRate,
  idle,
  perMinute: minutesMeasured,
  importStages,
});
if (totalFailed > 0 || !flat) process.exitCode = 1;
