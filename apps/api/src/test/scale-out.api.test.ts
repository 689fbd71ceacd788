/**
 * Scale-out, proven (docs/operations.md, Running and Sizing): two API processes (RUN_WORKER=false)
 * and two workers of the built product, all started at once on one fresh PostgreSQL database.
 * Clerks of three trusts sign in through either API process and import their lists at once, each
 * upload through one process and its confirm through the other; a worker is killed (SIGKILL) while
 * it writes a confirm, after another list has been scored. Restarted, as a supervisor would, it
 * takes part again when the trusts' technical admins upload a new model version at once; a worker
 * is killed again in the middle of the scoring runs, after some chunks of 2,000 were written. Then
 * nothing is lost and nothing is done twice: every batch imported, every pathway of every file
 * active and scored once by each model version, each change-log entry written once, no job or lock
 * left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { signInWithCodeFlow } from '../../../../bench/lib/sign-in.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { runningJobLockClass, runningKeyLockClass } from '../platform/queue/running-jobs.js';
import { installDefaultModels } from '../modules/models/index.js';
import { createTrust, createUser } from './factories/users.js';
import { generatedWaitingList, type GeneratedList } from './factories/generated-lists.js';
import { multipartBody } from './multipart.js';

const databaseUrl = process.env.DATABASE_URL;
const skipReason =
  'needs DATABASE_URL: separate API and worker processes share PostgreSQL; the embedded database is owned by one process';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Pathways a trust's list holds: enough that a confirm runs for a second or more, to be caught in it. */
const rowsPerList = Number(process.env.SCALE_OUT_ROWS ?? 20_000);

interface Running {
  name: string;
  child: ChildProcess;
  log: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function startProcess(name: string, script: string, env: Record<string, string>): Running {
  let log = '';
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, child, log: () => log };
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function stopProcess(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe('two API processes and two workers on one PostgreSQL database', () => {
  const databaseName = `esr_scale_out_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const processes: Running[] = [];
  let database: Database | undefined;
  let apis: string[] = [];
  const trusts: {
    trustCode: string;
    userId: string;
    token: string;
    list: GeneratedList;
    batchId?: string;
  }[] = [];
  /** Each kill: the worker, how many pathways were scored before it, and whether another took its job on. */
  const kills: { worker: string; scoredBefore: number; unfinishedAfter: number; handedOn: boolean }[] = [];
  const newModels: string[] = [];
  let tokensAcrossProcesses: number[] = [];

  const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await database!.executeSql(text, values)).rows as T[];
  const codes = () => trusts.map((trust) => trust.trustCode);

  const call = async (api: string, token: string, route: string, init: RequestInit = {}) => {
    const response = await fetch(`${api}${route}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const files = (trustCode: string) => `/api/trusts/${trustCode}/waiting-list/procedures/knee/files`;

  beforeAll(async () => {
    if (!databaseUrl) return;
    for (const script of ['apps/api/dist/server.js', 'apps/api/dist/worker.js'])
      if (!existsSync(path.join(root, script)))
        throw new Error(`${script} is missing: run npm run build first (npm test builds before this suite)`);

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${databaseName}`;
    const ports = [await freePort(), await freePort()];
    apis = ports.map((port) => `http://127.0.0.1:${port}`);
    // One public address for both, as behind a load balancer: one issuer, so a token either process
    // issued is accepted by the other (they share the signing key through the database).
    const publicUrl = apis[0]!;
    // All four start at once, as a deployment's processes do: migrations and seeding must not race.
    ports.forEach((port, index) =>
      processes.push(
        startProcess(`api-${index + 1}`, 'apps/api/dist/server.js', {
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: publicUrl,
          RUN_WORKER: 'false',
          LOG_LEVEL: 'warn',
        }),
      ),
    );
    const startWorker = (name: string) =>
      startProcess(name, 'apps/api/dist/worker.js', {
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'info',
        // Names the worker's connections in pg_stat_activity, so that the test can tell which one
        // is inside a write.
        PGAPPNAME: `esr-scale-out-${name}`,
      });
    const workerStarted = (worker: Running) =>
      waitFor(
        `${worker.name} to start`,
        async () => {
          if (worker.child.exitCode !== null)
            throw new Error(`${worker.name} exited while starting:\n${worker.log()}`);
          return worker.log().includes('worker started');
        },
        Boolean,
        90_000,
        250,
      );
    processes.push(startWorker('worker-1'), startWorker('worker-2'));
    const exitedEarly = () => processes.find((running) => running.child.exitCode !== null);
    for (const api of apis)
      await waitFor(
        `${api} to answer`,
        async () => {
          const early = exitedEarly();
          if (early) throw new Error(`${early.name} exited while starting:\n${early.log()}`);
          return fetch(`${api}/api/health`).then(
            (response) => response.ok,
            () => false,
          );
        },
        Boolean,
        90_000,
        250,
      );
    for (const worker of processes.filter((running) => running.name.startsWith('worker')))
      await workerStarted(worker);

    const total = rowsPerList * 3;
    // A worker inside a write (a transaction holding an id) once some pathways, but not all, were
    // scored as `scored` counts them: it is killed there, and another must take its job on.
    const killAWriter = async (what: string, scored: string, values: unknown[]) => {
      const moment = await waitFor(
        what,
        async () => {
          const [row] = await sql<{ scored: string; writing: string | null }>(
            `select (${scored}) as scored, (select min(application_name) from pg_stat_activity
                where datname = current_database() and application_name like 'esr-scale-out-worker-%'
                  and backend_xid is not null and query not ilike 'analyze%') as writing`,
            values,
          );
          return row!;
        },
        (row) => Number(row.scored) > 0 && Number(row.scored) < total && row.writing !== null,
        60_000,
        20,
      );
      const index = processes.findIndex(
        (running) => running.name === moment.writing!.replace('esr-scale-out-', ''),
      );
      const victim = processes[index]!;
      victim.child.kill('SIGKILL');
      await new Promise((resolve) => victim.child.once('exit', resolve));
      return { victim, index, scoredBefore: Number(moment.scored), killedAt: Date.now() };
    };
    const survivorHandedOn = (victim: Running) =>
      processes.some(
        (running) =>
          running !== victim &&
          running.name.startsWith('worker') &&
          running.log().includes('job handed on: its process stopped'),
      );
    const everyJobFinished = () =>
      waitFor(
        'every job to finish',
        async () =>
          (await sql<{ n: string }>(`select count(*) as n from pgboss.job where state < 'completed'`))[0]!.n,
        (n) => n === '0',
        90_000,
      );

    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    for (let index = 0; index < 3; index++) {
      const trust = await createTrust(database.db);
      await installDefaultModels(database.db, [trust.trustCode]);
      const user = await createUser(database.db, {
        trustCode: trust.trustCode,
        roles: ['cu'],
        firstName: `Clerk${index + 1}`,
      });
      // Each clerk signs in through one process, the real authorization-code flow.
      const token = await signInWithCodeFlow(publicUrl, user.id, { via: apis[index % 2] });
      const list = generatedWaitingList(rowsPerList, { seed: index + 1, firstNumber: index * 100_000 });
      trusts.push({ trustCode: trust.trustCode, userId: user.id, token, list });
    }
    // A token issued by one process, used at the other.
    tokensAcrossProcesses = await Promise.all(
      trusts.map(
        async (trust, index) => (await call(apis[(index + 1) % 2]!, trust.token, '/api/me/')).status,
      ),
    );

    // Three uploads at once, alternating between the processes.
    const started = Date.now();
    await Promise.all(
      trusts.map(async (trust, index) => {
        const body = multipartBody([
          {
            field: 'waitingListDataFile',
            fileName: `ptl-${trust.trustCode}.csv`,
            bytes: Buffer.from(trust.list.waitingListCsv),
          },
          {
            field: 'bloodTestDataFile',
            fileName: `bloods-${trust.trustCode}.csv`,
            bytes: Buffer.from(trust.list.bloodTestCsv),
          },
        ]);
        const response = await call(apis[index % 2]!, trust.token, `${files(trust.trustCode)}/upload/`, {
          method: 'POST',
          headers: { 'content-type': body.contentType },
          body: body.payload,
        });
        if (response.status !== 202)
          throw new Error(`Upload answered ${response.status}: ${JSON.stringify(response.body)}`);
        trust.batchId = response.body.batchId as string;
      }),
    );
    let polls = 0;
    await Promise.all(
      trusts.map((trust) =>
        waitFor(
          `${trust.trustCode}'s upload to validate`,
          async () =>
            (
              await call(
                apis[(polls += 1) % 2]!,
                trust.token,
                `${files(trust.trustCode)}/upload-status/?batchId=${trust.batchId}`,
              )
            ).body,
          (status) => status.batchStatus !== 'VALIDATING',
          60_000,
        ),
      ),
    );
    const validatedAt = Date.now();
    // Each confirm through the process the upload did not go through, all at once.
    await Promise.all(
      trusts.map(async (trust, index) => {
        const response = await call(
          apis[(index + 1) % 2]!,
          trust.token,
          `${files(trust.trustCode)}/confirm_import/`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ batchId: trust.batchId }),
          },
        );
        if (response.status !== 202)
          throw new Error(`Confirm answered ${response.status}: ${JSON.stringify(response.body)}`);
      }),
    );

    const confirmedAt = Date.now();
    const first = await killAWriter(
      'a worker inside a confirm after another list was scored',
      `select count(*) from pathways where trust_code = any($1::text[]) and status = 'processed'`,
      [codes()],
    );
    const [confirming] = await sql<{ n: string }>(
      `select count(*) as n from import_batches where trust_code = any($1::text[]) and status = 'CONFIRMING'`,
      [codes()],
    );

    // The clerks' screens, asked of either process, until every list is imported and scored.
    let asked = 0;
    await Promise.all(
      trusts.map((trust) =>
        waitFor(
          `${trust.trustCode}'s list to be imported and scored`,
          async () => {
            const api = apis[(asked += 1) % 2]!;
            const status = await call(
              api,
              trust.token,
              `${files(trust.trustCode)}/upload-status/?batchId=${trust.batchId}`,
            );
            const service = await call(
              api,
              trust.token,
              `/api/trusts/${trust.trustCode}/waiting-list/procedures/knee/batch-inferencing/status`,
            );
            return { batch: status.body.batchStatus, service: service.body.status };
          },
          (state) => state.batch === 'IMPORTED' && state.service === 'idle',
          120_000,
          500,
        ),
      ),
    );
    // The service is idle once the lists are scored; the confirm job that ran again may still be
    // finishing after its commit (the planner's statistics, the next job's request).
    await everyJobFinished();
    const importedAt = Date.now();
    kills.push({
      worker: first.victim.name,
      scoredBefore: first.scoredBefore,
      unfinishedAfter: Number(confirming!.n),
      handedOn: survivorHandedOn(first.victim),
    });

    // The killed worker back, as its supervisor would start it again.
    processes[first.index] = startWorker(first.victim.name);
    await workerStarted(processes[first.index]!);
    // Each trust's technical admin uploads a new version of the knee model, all at once, through
    // alternating processes: each list is scored again by the scoring run (the infer-batch job).
    const modelFile = (name: string) => readFileSync(path.join(root, 'models/default/knee', name));
    const rescoringAt = Date.now();
    await Promise.all(
      trusts.map(async (trust, index) => {
        const admin = await createUser(database!.db, { trustCode: trust.trustCode, roles: ['tca'] });
        const token = await signInWithCodeFlow(publicUrl, admin.id, { via: apis[(index + 1) % 2] });
        const body = multipartBody([
          { field: 'modelFile', fileName: 'model.pkl', bytes: modelFile('model.pkl') },
          { field: 'wrapperFile', fileName: 'wrapper.pkl', bytes: modelFile('wrapper.pkl') },
        ]);
        const response = await call(
          apis[index % 2]!,
          token,
          `/api/trusts/${trust.trustCode}/machine-learning/procedures/knee/models/upload`,
          { method: 'POST', headers: { 'content-type': body.contentType }, body: body.payload },
        );
        if (response.status !== 202)
          throw new Error(`Model upload answered ${response.status}: ${JSON.stringify(response.body)}`);
        // Decision 0060: the trust's clinical safety officer approves it, through the other process.
        const officer = await createUser(database!.db, { trustCode: trust.trustCode, roles: ['cso'] });
        const officerToken = await signInWithCodeFlow(publicUrl, officer.id, { via: apis[index % 2] });
        const approved = await call(
          apis[(index + 1) % 2]!,
          officerToken,
          `/api/trusts/${trust.trustCode}/machine-learning/procedures/knee/models/${response.body.id as string}/approve`,
          { method: 'POST' },
        );
        if (approved.status !== 200)
          throw new Error(`Model approval answered ${approved.status}: ${JSON.stringify(approved.body)}`);
        newModels.push(response.body.id as string);
      }),
    );
    const second = await killAWriter(
      'a worker inside a scoring run after some chunks were written',
      `select count(*) from pathways where trust_code = any($1::text[]) and scored_model_id = any($2::uuid[])`,
      [codes(), newModels],
    );
    const [rescoring] = await sql<{ n: string }>(
      `select count(*) as n from pathways where trust_code = any($1::text[]) and is_active
        and scored_model_id <> all($2::uuid[])`,
      [codes(), newModels],
    );
    await Promise.all(
      trusts.map((trust) =>
        waitFor(
          `${trust.trustCode}'s list to be scored again`,
          async () => {
            const service = await call(
              apis[(asked += 1) % 2]!,
              trust.token,
              `/api/trusts/${trust.trustCode}/waiting-list/procedures/knee/batch-inferencing/status`,
            );
            return service.body.status;
          },
          (status) => status === 'idle',
          120_000,
          500,
        ),
      ),
    );
    await everyJobFinished();
    kills.push({
      worker: second.victim.name,
      scoredBefore: second.scoredBefore,
      unfinishedAfter: Number(rescoring!.n),
      handedOn: survivorHandedOn(second.victim),
    });

    const seconds = (at: number) => ((at - started) / 1000).toFixed(1);
    console.info(
      `scale-out: 3 lists of ${rowsPerList} pathways, uploaded and validated by ${seconds(validatedAt)} s, ` +
        `confirmed at ${seconds(confirmedAt)} s; ${first.victim.name} killed in a confirm at ` +
        `${seconds(first.killedAt)} s (${first.scoredBefore} pathways scored); every list imported and ` +
        `scored at ${seconds(importedAt)} s. New models uploaded at ${seconds(rescoringAt)} s; ` +
        `${second.victim.name} killed in a scoring run at ${seconds(second.killedAt)} s ` +
        `(${second.scoredBefore} pathways scored again); every list scored again at ${seconds(Date.now())} s`,
    );
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map(stopProcess));
    await database?.close();
    if (!databaseUrl) return;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // A closed pool's connections end a moment after it says so: dropped before, they would error.
    await waitFor(
      'the test’s connections to close',
      async () =>
        (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = $1`,
            [databaseName],
          )
        ).rows[0]!.n,
      (n) => n === 0,
      10_000,
      100,
    ).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('accepts a token issued by one API process at the other', (context) => {
    context.skip(!databaseUrl, skipReason);
    expect(tokensAcrossProcesses).toEqual([200, 200, 200]);
  });

  it('killed a worker inside a confirm, and another in a scoring run, each time part way', (context) => {
    context.skip(!databaseUrl, skipReason);
    expect(kills).toHaveLength(2);
    for (const kill of kills) {
      expect(kill.scoredBefore).toBeGreaterThan(0);
      expect(kill.scoredBefore).toBeLessThan(rowsPerList * trusts.length);
      expect(kill.unfinishedAfter).toBeGreaterThan(0);
      // A worker still running found the job the killed one left, and handed it on.
      expect(kill.handedOn).toBe(true);
    }
    // The confirm was left undone, not half done: whole lists were scored when it was killed.
    expect(kills[0]!.scoredBefore % rowsPerList).toBe(0);
  });

  it('imports every batch, with every row of its file active and scored', async (context) => {
    context.skip(!databaseUrl, skipReason);
    const batches = await sql<{ trust_code: string; status: string; created_count: number }>(
      `select trust_code, status, created_count from import_batches where trust_code = any($1::text[]) order by trust_code`,
      [codes()],
    );
    expect(batches).toEqual(
      [...codes()]
        .sort()
        .map((trustCode) => ({ trust_code: trustCode, status: 'IMPORTED', created_count: rowsPerList })),
    );
    const pathways = await sql<{ trust_code: string; active: string; processed: string; nhs: string }>(
      `select trust_code, count(*) filter (where is_active) as active,
          count(*) filter (where is_active and status = 'processed') as processed,
          count(distinct nhs_number) as nhs
        from pathways where trust_code = any($1::text[]) group by trust_code order by trust_code`,
      [codes()],
    );
    expect(pathways.map((row) => [Number(row.active), Number(row.processed), Number(row.nhs)])).toEqual(
      trusts.map(() => [rowsPerList, rowsPerList, rowsPerList]),
    );
    // The NHS numbers are the files' own.
    for (const trust of trusts) {
      const [row] = await sql<{ missing: string }>(
        `select count(*) as missing from unnest($2::text[]) n
          where not exists (select 1 from pathways p where p.trust_code = $1 and p.nhs_number = n and p.is_active)`,
        [trust.trustCode, trust.list.nhsNumbers],
      );
      expect(Number(row!.missing)).toBe(0);
    }
  });

  it('scores each pathway exactly once per model version, and makes the last its current one', async (context) => {
    context.skip(!databaseUrl, skipReason);
    const [twice] = await sql<{ n: string }>(
      `select count(*) as n from (select pathway_id, model_id from evaluations
        where trust_code = any($1::text[]) group by pathway_id, model_id having count(*) > 1) d`,
      [codes()],
    );
    expect(Number(twice!.n)).toBe(0);
    const [evaluations] = await sql<{ n: string; pathways: string; models: string; current: string }>(
      `select count(*) as n, count(distinct e.pathway_id) as pathways, count(distinct e.model_id) as models,
          count(*) filter (where p.current_evaluation_id = e.id and p.scored_model_id = e.model_id
            and e.model_id = any($2::uuid[])) as current
        from evaluations e join pathways p on p.id = e.pathway_id where e.trust_code = any($1::text[])`,
      [codes(), newModels],
    );
    const pathways = rowsPerList * trusts.length;
    // Each pathway: one evaluation by its trust's first version (the confirm), one by the new one.
    expect(evaluations).toEqual({
      n: String(pathways * 2),
      pathways: String(pathways),
      models: String(trusts.length * 2),
      current: String(pathways),
    });
  });

  it('writes each upload and confirm to the change log once', async (context) => {
    context.skip(!databaseUrl, skipReason);
    const entries = await sql<{ entity_id: string; uploaded: string; confirmed: string; total: string }>(
      `select entity_id, count(*) filter (where action like 'Uploaded %') as uploaded,
          count(*) filter (where action like 'Confirmed %') as confirmed, count(*) as total
        from change_log where entity_type = 'import' and entity_id = any($1::text[]) group by entity_id`,
      [trusts.map((trust) => trust.batchId)],
    );
    expect(entries).toHaveLength(trusts.length);
    for (const entry of entries)
      expect([entry.uploaded, entry.confirmed, entry.total].map(Number)).toEqual([1, 1, 2]);
  });

  it('leaves no job waiting, running or failed, and no lock held', async (context) => {
    context.skip(!databaseUrl, skipReason);
    const jobs = await sql<{ name: string; state: string; n: string; retried: string; most: number }>(
      `select name, state::text as state, count(*) as n, count(*) filter (where retry_count > 0) as retried,
          max(retry_count) as most
        from pgboss.job where name not like '\\_\\_%' group by name, state order by name, state`,
    );
    expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
    // The confirms and the scoring runs the killed workers were in (a worker runs several at once,
    // decision 0069) each ran again, once. One confirm a batch; a scoring run a list for the new
    // models, and one for each confirm that, run again, found its batch already applied.
    const [confirms, scorings] = ['confirm-batch.v1', 'infer-batch.v1'].map((name) =>
      jobs.find((job) => job.name === name)!,
    );
    expect(Number(confirms!.n)).toBe(trusts.length);
    expect(Number(scorings!.n)).toBeGreaterThanOrEqual(trusts.length);
    for (const queue of [confirms!, scorings!]) {
      expect(queue.most).toBe(1);
      expect(Number(queue.retried)).toBeGreaterThanOrEqual(1);
    }
    // Neither a running job's lock nor a list's.
    const locks = await sql<{ n: string }>(
      `select count(*) as n from pg_locks l join pg_database d on d.oid = l.database
        where d.datname = current_database() and l.locktype = 'advisory' and l.classid in ($1, $2)`,
      [runningJobLockClass, runningKeyLockClass],
    );
    expect(Number(locks[0]!.n)).toBe(0);
  });
});
