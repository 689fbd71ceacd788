/**
 * At first start the demonstration trust's knee, hip and knee-hip lists are imported through the
 * same pipeline as any upload (validate, confirm, score), as uploaded by the demonstration clerical
 * user, so that `npm start` shows a populated product and the files serve as examples. Their dates
 * follow the day of the first start (decision 0054, `demo-dates.ts`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { demoUsers } from '../../platform/db/seed.js';
import { importBatches } from '../../platform/db/schema.js';
import { validateBatchJob } from './stage/validate-batch-job.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { storeImportFile } from './batch-files.js';
import { batchLifetimeMs } from './waiting-list-imports.js';
import { demoShiftDays, shiftDemoFile } from './demo-dates.js';

/** The example extracts stay in the sources (the build copies no data files): found from src/ or dist/. */
export const demoListsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/data/demo-lists',
);

export const demoLists: { procedureCode: ProcedureCode; waitingList: string; bloodTests: string }[] = [
  { procedureCode: 'knee', waitingList: 'knee-waiting-list.csv', bloodTests: 'knee-blood-tests.csv' },
  { procedureCode: 'hip', waitingList: 'hip-waiting-list.xlsx', bloodTests: 'hip-blood-tests.csv' },
  {
    procedureCode: 'knee-hip',
    waitingList: 'knee-hip-waiting-list.csv',
    bloodTests: 'knee-hip-blood-tests.csv',
  },
];

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

const clerk = demoUsers.find((user) => user.firstName === 'Claire')!;

/**
 * Queues the demonstration imports once: nothing happens when the trust has any upload already.
 * `now` is the first start (tests set it): the files' dates move to its London day, and the uploads
 * are dated by it, which is how the demonstration history finds that day (`demoFirstStartDay`).
 */
export async function seedDemoWaitingLists(
  db: Db,
  databaseKind: Database['kind'],
  queue: JobQueue,
  now: Date = new Date(),
): Promise<number> {
  const [existing] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from import_batches where trust_code = ${clerk.trustCode}`,
  );
  if (Number(existing?.n ?? 0) > 0) return 0;
  // The files as the trust would have sent them on the day of the first start, shifted before the
  // upload is stored: from there on they are an upload like any other (decision 0054).
  const days = demoShiftDays(todayInLondon(now));
  const files: { list: (typeof demoLists)[number]; waitingList: Buffer; bloodTests: Buffer }[] = [];
  for (const list of demoLists) {
    const read = (name: string, kind: 'waitingList' | 'bloodTests') =>
      shiftDemoFile(name, fs.readFileSync(path.join(demoListsFolder, name)), kind, days);
    files.push({
      list,
      waitingList: await read(list.waitingList, 'waitingList'),
      bloodTests: await read(list.bloodTests, 'bloodTests'),
    });
  }
  const queued: { batchId: string; procedureCode: ProcedureCode }[] = [];
  await db.transaction(async (tx) => {
    for (const { list, waitingList, bloodTests } of files) {
      const batchId = crypto.randomUUID();
      await tx.insert(importBatches).values({
        id: batchId,
        trustCode: clerk.trustCode,
        procedureCode: list.procedureCode,
        status: 'VALIDATING',
        createdByUserId: clerk.id,
        createdBy: `${clerk.firstName} ${clerk.lastName}`,
        createdAt: now,
        // The pipeline's own clock, as for any upload: a test's first start may be days ago.
        expiresAt: new Date(Date.now() + batchLifetimeMs),
        waitingListFileName: list.waitingList,
        waitingListSha256: sha256(waitingList),
        waitingListBytes: waitingList.length,
        bloodTestFileName: list.bloodTests,
        bloodTestSha256: sha256(bloodTests),
        bloodTestBytes: bloodTests.length,
        autoConfirm: true,
      });
      await storeImportFile(tx as unknown as Db, databaseKind, batchId, 'waitingList', waitingList);
      await storeImportFile(tx as unknown as Db, databaseKind, batchId, 'bloodTest', bloodTests);
      queued.push({ batchId, procedureCode: list.procedureCode });
    }
  });
  for (const { batchId, procedureCode } of queued) {
    await queue.enqueue(validateBatchJob, { batchId, trustCode: clerk.trustCode, procedureCode });
  }
  return queued.length;
}

/**
 * The London day of the first start, which the demonstration lists' dates follow, so that the
 * history recorded once they are scored (priorities, validations, harm reviews, outcomes) is dated
 * from the same day even when it is recorded after a restart; today when the lists were never seeded.
 * The demonstration's uploads are the only ones confirmed as soon as they validate.
 */
export async function demoFirstStartDay(db: Db): Promise<string> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(created_at) as at from import_batches
      where trust_code = ${clerk.trustCode} and auto_confirm`,
  );
  return todayInLondon(row?.at ? new Date(row.at) : new Date());
}
