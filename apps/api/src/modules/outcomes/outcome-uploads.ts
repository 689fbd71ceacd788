/**
 * The outcomes file (decision 0045): upload, validation, status, summary, cancel and confirm, as the
 * waiting list's (decision 0023) for one file. The file is stored before the upload is answered,
 * read on a sandbox thread by a job, its valid rows matched to the trust's pathways of the
 * procedure (active or archived) and staged; the confirm records them through the outcome writer.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import {
  outcomeMessages,
  type OutcomeChanges,
  type OutcomesDecision,
  type OutcomesUploads,
  type OutcomesUploadStatus,
  type OutcomesValidationSummary,
} from '@esr/contracts/outcomes';
import type { ProcedureCode } from '@esr/contracts/procedures';
import {
  importMessages,
  uploadStatusLabels,
  type BatchStatus,
  type FileResult,
  type FileStatus,
} from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import type { ReceivedFile } from '../../platform/http/multipart-files.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import {
  batchLifetimeMs,
  invalidRowOf,
  isBusy,
  storeImportFile,
  uploadedFileProblem,
  warningGroupsOf,
  type ImportSettings,
} from '../waiting-list/index.js';
import { procedureName } from '../library/index.js';
import {
  outcomeFieldsOf,
  plannedOutcomeChanges,
  recordOutcomes,
  type OutcomeToRecord,
  type StoredOutcomeFields,
} from './outcome-writer.js';
import { validateOutcomesJob } from './validate-outcomes-job.js';
import type { StoredOutcomesResult } from './outcomes-validation.js';

export interface OutcomeBatchRow extends Record<string, unknown> {
  id: string;
  trust_code: string;
  procedure_code: string;
  status: string;
  file_name: string;
  file_status: string;
  file_result: StoredOutcomesResult | null;
  matched: number | null;
  unmatched: number | null;
  changes: OutcomeChanges | null;
  created_at: string | Date;
  created_by: string;
  expires_at: string | Date;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A batch nobody decided in time is expired when next read. */
const expiredNow = (batch: OutcomeBatchRow) =>
  (batch.status === 'VALIDATING' || batch.status === 'VALIDATED') &&
  new Date(batch.expires_at).getTime() < Date.now();

async function findBatch(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  batchId: string,
  lock = false,
): Promise<OutcomeBatchRow> {
  requireAccess(principal, 'outcomes:import', trustCode);
  const [batch] = await queryRows<OutcomeBatchRow>(
    db,
    sql`select * from outcome_batches
      where id = ${batchId} and trust_code = ${trustCode} and procedure_code = ${procedureCode}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!batch) throw notFound(importMessages.batchNotFound);
  if (expiredNow(batch)) {
    await db.execute(sql`update outcome_batches set status = 'EXPIRED', decided_at = now(),
      decided_by = 'Expired unconfirmed' where id = ${batchId} and status in ('VALIDATING', 'VALIDATED')`);
    await db.execute(sql`delete from staged_outcomes where batch_id = ${batchId}`);
    return { ...batch, status: 'EXPIRED' };
  }
  return batch;
}

/**
 * Stores the file and its batch, then queues its validation; the upload is answered once the bytes
 * are committed. Earlier undecided outcomes uploads of the procedure are cancelled (their validation
 * job then leaves them alone), so an older file is never confirmed over a newer one. Refused while
 * the waiting list is busy, as its own uploads are.
 */
export async function uploadOutcomes(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  file: ReceivedFile | undefined,
  settings: Pick<ImportSettings, 'maxFileBytes' | 'databaseKind'>,
  queue: JobQueue,
): Promise<{ batchId: string }> {
  requireAccess(principal, 'outcomes:import', trustCode);
  const procedure = await procedureName(db, procedureCode);
  if (await isBusy(db, trustCode, procedureCode)) throw conflict(outcomeMessages.serviceBusy);
  const problem = file
    ? uploadedFileProblem(file, 'outcomes', settings.maxFileBytes)
    : outcomeMessages.selectFile;
  if (problem || !file) throw badRequest('The file could not be uploaded', { outcomesFile: [problem ?? ''] });
  const batchId = crypto.randomUUID();
  const fileName = path.basename(file.fileName);
  const who = principalName(principal);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`outcomes/${trustCode}/${procedureCode}`}))`,
    );
    await tx.execute(sql`update outcome_batches
      set status = 'CANCELLED', decided_at = now(), decided_by = ${`Replaced by a newer upload from ${who}`}
      where trust_code = ${trustCode} and procedure_code = ${procedureCode} and status in ('VALIDATING', 'VALIDATED')`);
    await tx.execute(sql`insert into outcome_batches (id, trust_code, procedure_code, status,
        created_by_user_id, created_by, expires_at, file_name, file_sha256, file_bytes)
      values (${batchId}, ${trustCode}, ${procedureCode}, 'VALIDATING', ${principal.userId}::uuid, ${who},
        ${new Date(Date.now() + batchLifetimeMs).toISOString()}::timestamptz, ${fileName},
        ${sha256(file.bytes)}, ${file.bytes.length})`);
    await storeImportFile(txDb, settings.databaseKind, batchId, 'outcomes', file.bytes);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Uploaded a ${procedure} outcomes file (${fileName})`,
      entityType: 'import',
      entityId: batchId,
      after: { procedureCode, outcomesFileName: fileName, outcomesFileBytes: file.bytes.length },
    });
  });
  await queue.enqueue(validateOutcomesJob, {
    batchId,
    trustCode,
    procedureCode: procedureCode as ProcedureCode,
  });
  return { batchId };
}

const emptyTotals = { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 };

export async function outcomesUploadStatus(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  batchId: string,
): Promise<OutcomesUploadStatus> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, batchId);
  return {
    batchId: batch.id,
    batchStatus: batch.status as BatchStatus,
    fileName: batch.file_name,
    status: batch.file_status as FileStatus,
    totals: batch.file_result?.totals ?? emptyTotals,
  };
}

function fileResultOf(batch: OutcomeBatchRow, page: { pageNumber: number; pageSize: number }): FileResult {
  const stored = batch.file_result;
  const status = batch.file_status as FileStatus;
  const start = offsetOf(page.pageNumber, page.pageSize);
  const totals = stored?.totals ?? emptyTotals;
  return {
    file_name: batch.file_name,
    status,
    invalid_rows: (stored?.invalidRows ?? [])
      .slice(start, start + page.pageSize)
      .map((row) => invalidRowOf(row.rowNumber, row.errors, row.values)),
    error_rows: [],
    warnings: (stored?.warnings ?? []).map((w) => ({
      row_number: w.rowNumber,
      field: w.field,
      message: w.message,
    })),
    warning_groups: warningGroupsOf(stored?.warningGroups ?? []),
    base_errors: stored?.baseErrors ?? [],
    totals,
    has_errors: status === 'FAILED' || (stored?.baseErrors.length ?? 0) > 0,
    has_validation_errors: totals.invalid > 0,
    error: stored?.error ?? null,
    diff_headers: stored?.diffHeaders ?? { missing: [], unexpected: [] },
    format: stored?.format ?? null,
  };
}

/** Validated without refused rows or file errors, its matched rows staged. */
const confirmable = (batch: OutcomeBatchRow) =>
  batch.status === 'VALIDATED' && batch.file_status === 'VALIDATED';

async function stagedRows(db: Db, batchId: string): Promise<OutcomeToRecord[]> {
  const rows = await queryRows<StoredOutcomeFields & { pathway_id: string }>(
    db,
    sql`select pathway_id, date_of_operation::text as date_of_operation, complication_90_days,
        complication_type, readmission_30_days, length_of_stay_days, death_90_days
      from staged_outcomes where batch_id = ${batchId} order by row_number`,
  );
  return rows.map((row) => ({ pathwayId: row.pathway_id, ...outcomeFieldsOf(row) }));
}

/**
 * The trust's pathways (any procedure, active or archived) of the patients the shown rows with
 * errors name, by NHS number, else by local identifier, as the waiting list's summary finds them
 * (decision 0042): a row is not a pathway, but it names a patient.
 */
async function pathwaysOfRows(
  db: Db,
  trustCode: string,
  rows: readonly { values: Record<string, string> }[],
): Promise<string[]> {
  const named = rows.map((row) => ({
    nhs: (row.values.nhsNumber ?? '').replace(/[^0-9]/g, '') || null,
    local: row.values.localPatientIdentifier?.trim() || null,
  }));
  const found = await queryRows<{ id: string }>(
    db,
    sql`with i as (select * from json_to_recordset(${JSON.stringify(named)}::json) as i(nhs text, local text))
      select p.id from i join pathways p on p.trust_code = ${trustCode} and p.nhs_number = i.nhs
      union
      select p.id from i join pathways p on p.trust_code = ${trustCode} and p.local_patient_identifier = i.local`,
  );
  return found.map((row) => row.id);
}

export async function outcomesValidationSummary(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  query: { batchId: string; pageNumber: number; pageSize: number },
): Promise<OutcomesValidationSummary> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, query.batchId);
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize };
  const result = fileResultOf(batch, page);
  // The refused rows are the file's cells, NHS numbers among them (decision 0042).
  if (result.invalid_rows.length > 0)
    await recordPatientAccess(db, principal, {
      trustCode,
      route: routeOf(endpoints.outcomes.validationSummary),
      action: 'outcomes-summary',
      pathwayIds: await pathwaysOfRows(db, trustCode, result.invalid_rows),
      detail: `outcomes upload ${batch.id}, page ${page.pageNumber}`,
    });
  const changes = confirmable(batch)
    ? await plannedOutcomeChanges(db, await stagedRows(db, batch.id))
    : batch.status === 'IMPORTED'
      ? batch.changes
      : null;
  return {
    batchId: batch.id,
    batchStatus: batch.status as BatchStatus,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    outcomes_result: result,
    matched: batch.matched ?? 0,
    unmatched: batch.unmatched ?? 0,
    changes,
  };
}

const decisionOf = (batch: OutcomeBatchRow): OutcomesDecision => ({
  batchId: batch.id,
  batchStatus: batch.status as BatchStatus,
  changes: batch.status === 'IMPORTED' ? batch.changes : null,
});

interface BatchDecision {
  status: 'CANCELLED' | 'IMPORTED';
  /** What a confirm recorded, kept with the batch for its summary. */
  changes?: OutcomeChanges;
  /** The change log's words. */
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Closes a batch in the caller's transaction: marks it decided by the principal, discards its staged
 * rows and writes the change-log entry.
 */
async function decideBatch(
  txDb: Db,
  principal: Principal,
  trustCode: string,
  batchId: string,
  decision: BatchDecision,
): Promise<OutcomesDecision> {
  const [decided] = await queryRows<OutcomeBatchRow>(
    txDb,
    sql`update outcome_batches set status = ${decision.status}, decided_at = now(),
        decided_by = ${principalName(principal)}, decided_by_user_id = ${principal.userId}::uuid
        ${decision.changes ? sql`, changes = ${JSON.stringify(decision.changes)}::jsonb` : sql``}
      where id = ${batchId} returning *`,
  );
  await txDb.execute(sql`delete from staged_outcomes where batch_id = ${batchId}`);
  await recordChange(txDb, {
    principal,
    trustCode,
    trustName: principal.trustName,
    action: decision.action,
    entityType: 'import',
    entityId: batchId,
    before: decision.before,
    after: decision.after,
  });
  return decisionOf(decided!);
}

/** An outcomes upload as a decision on it names it: the database, the caller, the list and the batch. */
export type OutcomesBatchTarget = readonly [Db, Principal, string, string, string];

export async function cancelOutcomes(target: OutcomesBatchTarget): Promise<OutcomesDecision> {
  const [db, principal, trustCode, procedureCode, batchId] = target;
  const procedure = await procedureName(db, procedureCode);
  await findBatch(db, principal, trustCode, procedureCode, batchId);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const batch = await findBatch(txDb, principal, trustCode, procedureCode, batchId, true);
    if (batch.status === 'CANCELLED') return decisionOf(batch);
    if (batch.status !== 'VALIDATING' && batch.status !== 'VALIDATED')
      throw conflict(importMessages.alreadyDecided);
    return decideBatch(txDb, principal, trustCode, batchId, {
      status: 'CANCELLED',
      action: `Cancelled the ${procedure} outcomes upload ${batch.file_name}`,
      before: { uploadStatus: uploadStatusLabels[batch.status as 'VALIDATED'] ?? batch.status },
      after: { uploadStatus: uploadStatusLabels.CANCELLED },
    });
  });
}

/**
 * Records the staged outcomes in one transaction (idempotent: a confirmed batch answers as it is).
 * Only when the file validated without errors; busy as the upload is.
 */
export async function confirmOutcomes(target: OutcomesBatchTarget): Promise<OutcomesDecision> {
  const [db, principal, trustCode, procedureCode, batchId] = target;
  const procedure = await procedureName(db, procedureCode);
  const before = await findBatch(db, principal, trustCode, procedureCode, batchId);
  if (before.status === 'IMPORTED') return decisionOf(before);
  if (await isBusy(db, trustCode, procedureCode)) throw conflict(outcomeMessages.serviceBusy);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const batch = await findBatch(txDb, principal, trustCode, procedureCode, batchId, true);
    if (batch.status === 'IMPORTED') return decisionOf(batch);
    if (batch.status === 'VALIDATING') throw conflict(importMessages.stillValidating);
    if (batch.status !== 'VALIDATED') throw conflict(importMessages.alreadyDecided);
    if (!confirmable(batch)) throw new HttpError(422, outcomeMessages.notReadyToConfirm);
    const changes = await recordOutcomes(txDb, await stagedRows(txDb, batchId), {
      trustCode,
      procedureCode,
      source: 'file',
      batchId,
      fileName: batch.file_name,
      recordedBy: principalName(principal),
      userId: principal.userId,
    });
    return decideBatch(txDb, principal, trustCode, batchId, {
      status: 'IMPORTED',
      changes,
      action: `Recorded the ${procedure} outcomes of ${batch.file_name}`,
      before: { uploadStatus: uploadStatusLabels.VALIDATED },
      after: { uploadStatus: uploadStatusLabels.IMPORTED, ...changes },
    });
  });
}

/** The procedure's outcomes files, newest first. */
export async function outcomesUploads(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  query: { pageNumber: number; pageSize: number },
): Promise<OutcomesUploads> {
  requireAccess(principal, 'outcomes:import', trustCode);
  await procedureName(db, procedureCode);
  const rows = await queryRows<OutcomeBatchRow & { total: number | string }>(
    db,
    sql`select *, count(*) over () as total from outcome_batches
      where trust_code = ${trustCode} and procedure_code = ${procedureCode}
      order by created_at desc, id
      limit ${query.pageSize} offset ${offsetOf(query.pageNumber, query.pageSize)}`,
  );
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from outcome_batches where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return {
    items: rows.map((row) => {
      const status = (
        ['IMPORTED', 'CANCELLED', 'EXPIRED'].includes(row.status)
          ? row.status
          : expiredNow(row)
            ? 'EXPIRED'
            : row.file_status
      ) as keyof typeof uploadStatusLabels;
      return {
        batchId: row.id,
        fileName: row.file_name,
        uploadDate: new Date(row.created_at).toISOString(),
        status,
        statusLabel: uploadStatusLabels[status] ?? status,
        user: row.created_by,
      };
    }),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: Number(count?.n ?? 0),
  };
}
