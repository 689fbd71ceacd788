/**
 * At first start the demonstration trust's knee, hip and knee-hip lists are imported through the
 * same pipeline as any upload (validate, confirm, score), as uploaded by the demonstration clerical
 * user, so that `npm start` shows a populated product and the files serve as examples.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { demoUsers } from '../../platform/db/seed.js';
import { importBatches } from '../../platform/db/schema.js';
import { validateBatchJob } from './stage/validate-batch-job.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { storeImportFile } from './batch-files.js';
import { batchLifetimeMs } from './waiting-list-imports.js';

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

/** Queues the demonstration imports once: nothing happens when the trust has any upload already. */
export async function seedDemoWaitingLists(
  db: Db,
  databaseKind: Database['kind'],
  queue: JobQueue,
): Promise<number> {
  const clerk = demoUsers.find((user) => user.firstName === 'Claire')!;
  const [existing] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from import_batches where trust_code = ${clerk.trustCode}`,
  );
  if (Number(existing?.n ?? 0) > 0) return 0;
  const queued: { batchId: string; procedureCode: ProcedureCode }[] = [];
  await db.transaction(async (tx) => {
    for (const list of demoLists) {
      const waitingList = fs.readFileSync(path.join(demoListsFolder, list.waitingList));
      const bloodTests = fs.readFileSync(path.join(demoListsFolder, list.bloodTests));
      const batchId = crypto.randomUUID();
      await tx.insert(importBatches).values({
        id: batchId,
        trustCode: clerk.trustCode,
        procedureCode: list.procedureCode,
        status: 'VALIDATING',
        createdByUserId: clerk.id,
        createdBy: `${clerk.firstName} ${clerk.lastName}`,
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
