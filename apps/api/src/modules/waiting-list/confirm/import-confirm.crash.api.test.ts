import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  decide,
  idle,
  uploadFiles,
  validated,
  waitUntil,
  type ClericalTrust,
} from '../../../test/factories/waiting-list.js';

const databaseUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

// The "nothing lost" guarantee is made for PostgreSQL (security baseline): a killed process cannot
// be tested against the embedded database, which one process owns and which may not survive SIGKILL.
describe.runIf(databaseUrl)('a worker killed in the middle of a confirm (PostgreSQL)', () => {
  let t: TestApp;
  let worker: ChildProcess | undefined;

  const startWorker = () => {
    const child = spawn(process.execPath, ['apps/api/dist/worker.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      stdio: 'ignore',
    });
    worker = child;
    return child;
  };

  beforeAll(async () => {
    // The test's own app queues jobs but never works them: only the worker process does.
    t = await createTestApp({ RUN_WORKER: 'false' });
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t?.close();
  });

  const header =
    'NHS Number,Local Patient Identifier,Forename,Surname,Date of Birth,Sex,Referral Date,Weight';
  const rows = {
    a: '9434765919,L1,Ann,Lee,01/02/1950,F,01/01/2026,70',
    b: '9990000018,L2,Bob,Ray,01/03/1951,M,01/01/2026,80',
    c: '9990000026,L3,Cat,Fox,01/04/1952,F,01/01/2026,90',
    d: '9990000034,L4,Dan,Orr,01/05/1953,M,01/01/2026,95',
  };
  const bloods = csvFile('bloods.csv', [
    'NHS Number,Test Name,Result,Units,Sample Date',
    '9434765919,Hb,130,g/L,01/10/2026',
  ]);

  async function upload(who: ClericalTrust, lines: string[]) {
    const response = await uploadFiles(t, who, 'knee', csvFile('list.csv', [header, ...lines]), bloods);
    expect(response.statusCode).toBe(202);
    const { batchId } = response.json<{ batchId: string }>();
    await validated(t, who, 'knee', batchId);
    return batchId;
  }

  const pathwayState = async (trustCode: string) =>
    queryRows<{ nhs_number: string; is_active: boolean; weight: string | null }>(
      t.app.db,
      sql`select nhs_number, is_active, clinical->>'weight' as weight from pathways
        where trust_code = ${trustCode} order by nhs_number, is_active`,
    );

  it('leaves the import not applied at all, then applies it exactly once after a restart', async () => {
    startWorker();
    const who = await createClericalTrust(t);
    const first = await upload(who, [rows.a, rows.b, rows.c]);
    expect((await decide(t, who, 'knee', 'confirm_import', first)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    const before = await pathwayState(who.trustCode);
    expect(before).toHaveLength(3);

    const second = await upload(who, [rows.a.replace(',70', ',71'), rows.b, rows.d]);
    // Hold one pathway the confirm must update, so the worker is caught inside its transaction.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query(
      `select id from pathways where trust_code = $1 and nhs_number = '9434765919' for update`,
      [who.trustCode],
    );
    expect((await decide(t, who, 'knee', 'confirm_import', second)).statusCode).toBe(202);
    // Asked on another connection: inside the blocker's transaction the statistics would not move.
    await waitUntil(
      () =>
        queryRows<{ wait: string | null; query: string }>(
          t.app.db,
          sql`select wait_event_type as wait, query from pg_stat_activity
            where datname = current_database() and state = 'active'`,
        ),
      (active) => active.some((row) => row.wait === 'Lock' && /update pathways/i.test(row.query)),
      30_000,
    );
    worker!.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));
    await blocker.query('rollback');
    await blocker.end();

    // All or nothing: nothing of the second file reached the active list.
    const [batch] = await queryRows<{ status: string }>(
      t.app.db,
      sql`select status from import_batches where id = ${second}`,
    );
    expect(batch!.status).toBe('CONFIRMING');
    await waitUntil(
      () => pathwayState(who.trustCode),
      (state) => JSON.stringify(state) === JSON.stringify(before),
      10_000,
    );

    startWorker();
    const imported = await waitUntil(
      () =>
        queryRows<{ status: string; created_count: number; updated_count: number; archived_count: number }>(
          t.app.db,
          sql`select status, created_count, updated_count, archived_count from import_batches where id = ${second}`,
        ),
      ([row]) => row?.status === 'IMPORTED',
      60_000,
    );
    // rows.b is on the new list as it was: matched, and counted unchanged (decision 0037).
    expect(imported[0]).toMatchObject({ created_count: 1, updated_count: 1, archived_count: 1 });
    await idle(t, who, 'knee');
    const after = await pathwayState(who.trustCode);
    expect(after.map((row) => [row.nhs_number, row.is_active, row.weight])).toEqual([
      ['9434765919', true, '71'],
      ['9990000018', true, '80'],
      ['9990000026', false, '90'],
      ['9990000034', true, '95'],
    ]);
    const [evaluations] = await queryRows<{ n: string; pathways: string }>(
      t.app.db,
      sql`select count(*) as n, count(distinct pathway_id) as pathways from evaluations where trust_code = ${who.trustCode}`,
    );
    // Three from the first import, then one each for the changed and the new pathway: none twice.
    expect(Number(evaluations!.n)).toBe(5);
  }, 240_000);
});
