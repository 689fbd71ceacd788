import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { appSettings } from '../db/schema.js';
import { defineJob } from './job-definition.js';
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

  it('refuses a payload that does not match the job definition', async () => {
    await expect(t.app.queue.enqueue(markerJob, { key: 42 } as never)).rejects.toThrow();
  });
});
