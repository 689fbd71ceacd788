import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { appSettings } from '../db/schema.js';
import { defineJob, type JobContext } from './job-definition.js';
import { runningJobKey, runningJobLockClass } from './running-jobs.js';
import { startQueue } from './queue.js';
import { openDatabase } from '../db/client.js';
import { allJobs } from '../../all-jobs.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

// A job of the test's own that leaves a trace in the database, so the test sees it really ran.
const markerJob = defineJob({
  name: 'test-marker',
  version: 1,
  payload: z.object({ key: z.string() }),
  async handle({ key }, { db }) {
    await db
      .insert(appSettings)
      .values({ key, value: { ranAt: new Date().toISOString() } })
      .onConflictDoNothing();
  },
});

// The same, on a queue only the test of prompt starting works (on PostgreSQL the apps share a database).
const promptJob = defineJob({ ...markerJob, name: 'test-marker-prompt' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraJobs: [markerJob] });
});
afterAll(async () => t?.close());

describe(`job queue on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs an enqueued job in the worker', async () => {
    const key = `test-marker-${crypto.randomUUID()}`;
    const jobId = await t.app.queue.enqueue(markerJob, { key });
    expect(jobId).toBeTruthy();
    const deadline = Date.now() + 30_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = (await t.app.db.select().from(appSettings).where(eq(appSettings.key, key))).length === 1;
    }
    expect(found).toBe(true);
  });

  it('starts a job queued by this process at once, without waiting for the next poll', async () => {
    const patient = await createTestApp({}, { extraJobs: [promptJob], jobPollingIntervalSeconds: 60 });
    try {
      const key = `test-marker-${crypto.randomUUID()}`;
      // The worker's first look for jobs happens as it starts; wait until that is over.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const queuedAt = Date.now();
      await patient.app.queue.enqueue(promptJob, { key });
      let found = false;
      while (!found && Date.now() - queuedAt < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        found =
          (await patient.app.db.select().from(appSettings).where(eq(appSettings.key, key))).length === 1;
      }
      expect(found).toBe(true);
      // Well inside the 60 s the worker would otherwise have waited.
      expect(Date.now() - queuedAt).toBeLessThan(20_000);
    } finally {
      await patient.close();
    }
  });

  it('hands on at once a job whose process stopped, and leaves one whose process still runs it', async () => {
    // Jobs as pg-boss shows them after their process took them, a minute ago, with a day to expire.
    const markerWritten = async (key: string) =>
      (await t.app.db.select().from(appSettings).where(eq(appSettings.key, key))).length === 1;
    const insertActive = (id: string, key: string) =>
      t.app.database.executeSql(
        `insert into pgboss.job (id, name, data, state, started_on, expire_in, retry_delay, retry_backoff)
          values ($1, 'test-marker.v1', $2::jsonb, 'active', now() - interval '1 minute', interval '1 day', 1, false)`,
        [id, JSON.stringify({ key })],
      );
    // The live one's process: a session of its own holding the job's lock (on PGlite, the one session).
    const live = { id: crypto.randomUUID(), key: `test-marker-${crypto.randomUUID()}` };
    const session = process.env.DATABASE_URL
      ? new pg.Client({ connectionString: process.env.DATABASE_URL })
      : undefined;
    await session?.connect();
    const holdLive = (fn: 'pg_advisory_lock' | 'pg_advisory_unlock') => {
      const text = `select ${fn}($1, $2)`;
      const values = [runningJobLockClass, runningJobKey(live.id)];
      return session ? session.query(text, values) : t.app.database.executeSql(text, values);
    };
    try {
      await holdLive('pg_advisory_lock');
      await insertActive(live.id, live.key);
      const orphan = { id: crypto.randomUUID(), key: `test-marker-${crypto.randomUUID()}` };
      await insertActive(orphan.id, orphan.key);
      const deadline = Date.now() + 40_000;
      while (!(await markerWritten(orphan.key)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      // Without the locks it would have waited its day's expiry.
      expect(await markerWritten(orphan.key)).toBe(true);
      const { rows } = await t.app.database.executeSql(`select state::text from pgboss.job where id = $1`, [
        live.id,
      ]);
      expect(rows).toEqual([{ state: 'active' }]);
      expect(await markerWritten(live.key)).toBe(false);
    } finally {
      await holdLive('pg_advisory_unlock');
      await session?.end();
      await t.app.database.executeSql(`delete from pgboss.job where id = $1`, [live.id]);
    }
  });

  it('refuses a payload that does not match the job definition', async () => {
    await expect(t.app.queue.enqueue(markerJob, { key: 42 } as never)).rejects.toThrow();
  });
});

// A deployment's processes start together on a database none of them has used yet.
describe.runIf(process.env.DATABASE_URL)('processes starting at once (PostgreSQL)', () => {
  it('each create the queues and start, none deadlocked', async () => {
    const name = `esr_queue_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const databases = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: url.toString() })),
      );
      const log = { info: () => undefined, error: () => undefined };
      // No job is queued here: the settings the import jobs would read are never read.
      const importSettings = {} as JobContext['importSettings'];
      const started = await Promise.allSettled(
        databases.map((database, index) =>
          startQueue(database, allJobs, {
            work: index % 2 === 0,
            context: { db: database.db, log, importSettings },
          }),
        ),
      );
      for (const queue of started) if (queue.status === 'fulfilled') await queue.value.stop();
      for (const database of databases) await database.close();
      expect(
        started.map((queue) => (queue.status === 'rejected' ? String(queue.reason) : 'started')),
      ).toEqual(['started', 'started', 'started', 'started']);
    } finally {
      // A closed pool's connections end a moment after it says so: dropped before, they would error.
      for (let wait = 0; wait < 50; wait++) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1`,
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
