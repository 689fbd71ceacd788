/** The clerk's decision on a validated upload (docs/requirements.md §2, §7): cancel it, or confirm it. */
import { eq } from 'drizzle-orm';
import type { ProcedureCode } from '@esr/contracts/procedures';
import {
  importMessages,
  uploadStatusLabels,
  type BatchStatus,
  type ImportDecision,
} from '@esr/contracts/waiting-list';
import { type Database, type Db } from '../../platform/db/client.js';
import { importBatches } from '../../platform/db/schema.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { procedureName } from '../library/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, type Principal } from '../identity/index.js';
import { type JobQueue } from '../../platform/queue/job-definition.js';
import { confirmBatchJob } from './confirm/confirm-batch-job.js';
import { discardStagedRows } from './batch-files.js';
import { plannedChanges } from './confirm/list-changes.js';
import {
  archiveCountMessages,
  archiveSentence,
  needsArchiveAcknowledgement,
} from '@esr/contracts/archive-warning';
import { findBatch, type ImportBatchRow } from './waiting-list-imports.js';
import { confirmable } from './validation-summary.js';

function decisionOf(batch: ImportBatchRow): ImportDecision {
  return {
    batchId: batch.id,
    batchStatus: batch.status as BatchStatus,
    created: batch.createdCount,
    updated: batch.updatedCount,
    archived: batch.archivedCount,
  };
}

/** Cancel discards the staged rows; the files and the batch stay for the upload history. */
export async function cancelImport(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  batchId: string,
): Promise<ImportDecision> {
  const procedure = await procedureName(db, procedureCode);
  await findBatch(db, principal, trustCode, procedureCode, batchId, 'waiting-list:import');
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId)).for('update');
    if (!batch) throw notFound(importMessages.batchNotFound);
    if (batch.status === 'CANCELLED') return decisionOf(batch);
    if (batch.status !== 'VALIDATING' && batch.status !== 'VALIDATED')
      throw conflict(importMessages.alreadyDecided);
    const [cancelled] = await tx
      .update(importBatches)
      .set({
        status: 'CANCELLED',
        decidedAt: new Date(),
        decidedBy: principalName(principal),
        decidedByUserId: principal.userId,
      })
      .where(eq(importBatches.id, batchId))
      .returning();
    await discardStagedRows(txDb, batchId);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Cancelled the ${procedure} waiting list upload ${batch.waitingListFileName}`,
      entityType: 'import',
      entityId: batchId,
      before: {
        uploadStatus:
          uploadStatusLabels[batch.status as BatchStatus & keyof typeof uploadStatusLabels] ?? batch.status,
      },
      after: { uploadStatus: uploadStatusLabels.CANCELLED },
    });
    return decisionOf(cancelled!);
  });
}

/**
 * Decision 0053: a confirm that would archive more than the limits of the list needs the number it
 * archives (`archiveCount`), as the summary's warning gives it; a number given when none is needed
 * is checked all the same, since a caller who sends one is relying on it. Counted as the summary
 * counts (`plannedChanges`), now: an upload cancels every undecided one of its list and only a
 * confirm adds pathways, so the confirm job archives these or fewer (some may leave the list
 * meanwhile as operated or removed), never more. Refused with 409, the warning's sentence and the
 * field's message. Answers the number acknowledged, or null when none was needed.
 */
async function acknowledgedArchive(
  db: Db,
  database: Pick<Database, 'executeSql'>,
  batch: ImportBatchRow,
  archiveCount: number | undefined,
): Promise<number | null> {
  const { archived, active } = await plannedChanges(database, batch);
  const needed = needsArchiveAcknowledgement({ archived, active });
  if (archiveCount === undefined ? !needed : archiveCount === archived) return needed ? archived : null;
  throw new HttpError(
    409,
    archiveSentence({ archived, active }, await procedureName(db, batch.procedureCode)),
    {
      archiveCount: [archiveCount === undefined ? archiveCountMessages.missing : archiveCountMessages.wrong],
    },
  );
}

/**
 * Confirm (docs/requirements.md §4): only when both files validated without errors, and with the
 * number archived when the summary warns of it (decision 0053). Idempotent: a second confirm, while
 * the first is applied or after, answers with the same batch and applies nothing again.
 */
export async function confirmImport(
  db: Db,
  database: Pick<Database, 'executeSql'>,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  body: { batchId: string; archiveCount?: number | undefined },
  queue: JobQueue,
): Promise<{ decision: ImportDecision; accepted: boolean }> {
  const { batchId } = body;
  const found = await findBatch(db, principal, trustCode, procedureCode, batchId, 'waiting-list:import');
  const acknowledged = confirmable(found)
    ? await acknowledgedArchive(db, database, found, body.archiveCount)
    : null;
  const result = await db.transaction(async (tx) => {
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId)).for('update');
    if (!batch) throw notFound(importMessages.batchNotFound);
    if (batch.status === 'IMPORTED' || batch.status === 'CONFIRMING')
      return { decision: decisionOf(batch), accepted: false };
    if (batch.status === 'VALIDATING') throw conflict(importMessages.stillValidating);
    if (batch.status !== 'VALIDATED') throw conflict(importMessages.alreadyDecided);
    if (batch.waitingListStatus !== 'VALIDATED' || batch.bloodTestStatus !== 'VALIDATED') {
      throw new HttpError(422, importMessages.notReadyToConfirm);
    }
    const [confirming] = await tx
      .update(importBatches)
      .set({
        status: 'CONFIRMING',
        decidedAt: new Date(),
        decidedBy: principalName(principal),
        decidedByUserId: principal.userId,
        archiveAcknowledged: acknowledged,
      })
      .where(eq(importBatches.id, batchId))
      .returning();
    return { decision: decisionOf(confirming!), accepted: true };
  });
  if (result.accepted || result.decision.batchStatus === 'CONFIRMING')
    await queue.enqueue(
      confirmBatchJob,
      { batchId, trustCode, procedureCode: procedureCode as ProcedureCode },
      { singletonKey: batchId },
    );
  return result;
}
