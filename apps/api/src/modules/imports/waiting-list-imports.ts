/**
 * The waiting-list import (docs/requirements.md §2 upload screens, §3 batch status and validation summary, §4, §7;
 * decision 0023): upload, status, summary, cancel and confirm, the upload history and the service status.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@esr/contracts/messages';
import { modelInputRulesOf } from './model-inputs.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import {
  importFileExtensions,
  importMessages,
  uploadStatusLabels,
  type BatchStatus,
  type FileResult,
  type FileStatus,
  type ImportChanges,
  type ImportDecision,
  type ImportUploadField,
  type ServiceStatus,
  type ToBeArchived,
  type UploadHistory,
  type UploadHistoryItem,
  type UploadStatus,
  type ValidationSummary,
} from '@esr/contracts/waiting-list';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { importBatches } from '../../platform/db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import type { ReceivedFile } from '../../platform/http/multipart-files.js';
import { requireAccess } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, type Principal } from '../identity/index.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import type { FileReading } from './read/import-reading.js';
import type { UploadHandoff } from './read/upload-handoff.js';
import { queueName, type JobQueue } from '../../platform/queue/job-definition.js';
import { inferBatchJob } from '../evaluations/index.js';
import { confirmBatchJob } from './confirm/confirm-batch-job.js';
import { validateBatchJob } from './stage/validate-batch-job.js';
import { discardStagedRows, storeImportFile, type FileKind } from './batch-files.js';
import { plannedChanges, toBeArchivedPage } from './confirm/list-changes.js';
import { warningGroupsOf, type StoredWarningGroup } from './warning-groups.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { endpoints } from '@esr/contracts/endpoints';
import {
  archiveCountMessages,
  archiveSentence,
  archiveWarningOf,
  needsArchiveAcknowledgement,
} from '@esr/contracts/archive-warning';

/** An undecided upload is discarded after this (its staged rows with it). */
export const batchLifetimeMs = 24 * 60 * 60 * 1000;

/** Queue names of the jobs that make a trust's procedure busy (docs/architecture.md, Jobs: status from the queue). */
export const busyJobQueues = [validateBatchJob, confirmBatchJob, inferBatchJob].map(queueName);

export interface ImportSettings {
  maxFileBytes: number;
  databaseKind: Database['kind'];
  /** Where this process reads its uploads ahead for its own validation jobs, if it runs them. */
  handoff?: UploadHandoff<FileReading>;
}

export const fileKinds: readonly FileKind[] = ['waitingList', 'bloodTest'];

interface StoredOutcome {
  status: FileStatus;
  error: string | null;
  baseErrors: string[];
  diffHeaders: { missing: string[]; unexpected: string[] };
  totals: { rows: number; valid: number; invalid: number; error: number; warnings: number };
  warnings: { rowNumber: number | null; field: string | null; message: string }[];
  /** Every warning counted by kind (absent from outcomes stored before decision 0037). */
  warningGroups?: StoredWarningGroup[];
  format: string | null;
}

export type ImportBatchRow = typeof importBatches.$inferSelect;

/**
 * Busy while a validation, confirm or scoring job waits or runs for the trust and procedure (DESIGN
 * §7: from the queue). A validation or confirm job whose upload is already decided is moot: a
 * worker that died in it leaves it "active" until pg-boss expires it, and must not keep the
 * service busy once another worker has finished the work.
 */
export async function isBusy(db: Db, trustCode: string, procedureCode: string): Promise<boolean> {
  const [row] = await queryRows<{ busy: boolean }>(
    db,
    sql`select exists (
      select 1 from pgboss.job j
      where j.name in (${sql.join(
        busyJobQueues.map((name) => sql`${name}`),
        sql`, `,
      )})
        and j.state < 'completed'
        and j.data->>'trustCode' = ${trustCode}
        and j.data->>'procedureCode' = ${procedureCode}
        and (j.data->>'batchId' is null or exists (
          select 1 from import_batches b
          where b.id = (j.data->>'batchId')::uuid and b.status in ('VALIDATING', 'CONFIRMING')))
    ) or exists (
      -- A confirmed list waits to be scored from its commit on, before its scoring job is queued;
      -- with no active model there is nothing to wait for, and the clerk may upload again.
      select 1 from pathways p
      where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}
        and p.is_active and p.status = 'waiting'
        and exists (select 1 from ml_models m
          where m.trust_code = ${trustCode} and m.procedure_code = ${procedureCode} and m.is_active)
    ) as busy`,
  );
  return row?.busy === true;
}

export async function serviceStatus(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
): Promise<ServiceStatus> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  await procedureName(db, procedureCode);
  const [run] = await queryRows<{ last_run: string | Date | null }>(
    db,
    sql`select last_run from inference_runs where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return {
    status: (await isBusy(db, trustCode, procedureCode)) ? 'busy' : 'idle',
    lastRun: run?.last_run ? new Date(run.last_run).toISOString() : null,
  };
}

const fieldLabel: Record<ImportUploadField, string> = {
  waitingListDataFile: 'waiting list',
  bloodTestDataFile: 'blood test',
};

/** What is wrong with an uploaded file (docs/requirements.md §5): not csv, xlsx or xls, too large, empty, its name too long. */
export function uploadedFileProblem(file: ReceivedFile, label: string, maxFileBytes: number): string | null {
  const extension = path.extname(file.fileName).toLowerCase();
  if (!(importFileExtensions as readonly string[]).includes(extension)) return importMessages.wrongExtension;
  if (file.truncated) return importMessages.fileTooLarge(Math.round(maxFileBytes / 1024 / 1024));
  if (file.bytes.length === 0) return importMessages.emptyFile;
  if (file.fileName.length > 255) return `The ${label} file name is longer than 255 characters`;
  return null;
}

/** docs/requirements.md §5: both files, csv, xlsx or xls, within the size limit, each error on its own field. */
function checkUploadedFiles(
  files: Partial<Record<ImportUploadField, ReceivedFile>>,
  settings: ImportSettings,
): Record<ImportUploadField, ReceivedFile> {
  const errors: Record<string, string[]> = {};
  for (const field of ['waitingListDataFile', 'bloodTestDataFile'] as const) {
    const file = files[field];
    const problem = file
      ? uploadedFileProblem(file, fieldLabel[field], settings.maxFileBytes)
      : field === 'waitingListDataFile'
        ? importMessages.selectWaitingListFile
        : importMessages.selectBloodTestFile;
    if (problem) errors[field] = [problem];
  }
  if (Object.keys(errors).length > 0) throw badRequest('The files could not be uploaded', errors);
  return files as Record<ImportUploadField, ReceivedFile>;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Stores both files and their batch, then queues validation (security baseline "Nothing lost" 1:
 * the upload is acknowledged only once its bytes are committed). Earlier undecided uploads of the
 * same list are cancelled, so an older file can never be confirmed over a newer one.
 */
export async function uploadImport(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  received: Partial<Record<ImportUploadField, ReceivedFile>>,
  settings: ImportSettings,
  queue: JobQueue,
): Promise<{ batchId: string }> {
  requireAccess(principal, 'waiting-list:import', trustCode);
  const procedure = await procedureName(db, procedureCode);
  if (await isBusy(db, trustCode, procedureCode)) throw conflict(messages.serviceBusy);
  const files = checkUploadedFiles(received, settings);
  const waitingList = files.waitingListDataFile;
  const bloodTest = files.bloodTestDataFile;
  const batchId = crypto.randomUUID();
  const who = principalName(principal);
  const checksums = {
    waitingListSha256: sha256(waitingList.bytes),
    bloodTestSha256: sha256(bloodTest.bytes),
  };
  const modelInputs = await modelInputRulesOf(db, trustCode, procedureCode);
  // Read while the files are stored (decision 0031): the validation job takes up the reading.
  settings.handoff?.keep(
    {
      batchId,
      procedure: procedureCode as ProcedureCode,
      ...modelInputs,
      waitingList: { fileName: path.basename(waitingList.fileName), bytes: waitingList.bytes },
      bloodTest: { fileName: path.basename(bloodTest.fileName), bytes: bloodTest.bytes },
    },
    checksums,
  );
  await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`import/${trustCode}/${procedureCode}`}))`,
      );
      await tx.execute(sql`update import_batches
      set status = 'CANCELLED', decided_at = now(), decided_by = ${`Replaced by a newer upload from ${who}`}
      where trust_code = ${trustCode} and procedure_code = ${procedureCode}
        and status in ('VALIDATING', 'VALIDATED')`);
      await tx.insert(importBatches).values({
        id: batchId,
        trustCode,
        procedureCode,
        status: 'VALIDATING',
        createdByUserId: principal.userId,
        createdBy: who,
        expiresAt: new Date(Date.now() + batchLifetimeMs),
        waitingListFileName: path.basename(waitingList.fileName),
        waitingListSha256: checksums.waitingListSha256,
        waitingListBytes: waitingList.bytes.length,
        bloodTestFileName: path.basename(bloodTest.fileName),
        bloodTestSha256: checksums.bloodTestSha256,
        bloodTestBytes: bloodTest.bytes.length,
      });
      await storeImportFile(txDb, settings.databaseKind, batchId, 'waitingList', waitingList.bytes);
      await storeImportFile(txDb, settings.databaseKind, batchId, 'bloodTest', bloodTest.bytes);
      await recordChange(txDb, {
        principal,
        trustCode,
        trustName: principal.trustName,
        action: `Uploaded a ${procedure} waiting list (${path.basename(waitingList.fileName)}) and blood tests (${path.basename(bloodTest.fileName)})`,
        entityType: 'import',
        entityId: batchId,
        after: {
          procedureCode,
          waitingListFileName: path.basename(waitingList.fileName),
          waitingListBytes: waitingList.bytes.length,
          bloodTestFileName: path.basename(bloodTest.fileName),
          bloodTestBytes: bloodTest.bytes.length,
        },
      });
    })
    .catch((error: unknown) => {
      settings.handoff?.letGo(batchId);
      throw error;
    });
  await queue.enqueue(validateBatchJob, {
    batchId,
    trustCode,
    procedureCode: procedureCode as ProcedureCode,
  });
  return { batchId };
}

export async function findBatch(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  batchId: string,
  permission: 'waiting-list:read' | 'waiting-list:import' = 'waiting-list:read',
): Promise<ImportBatchRow> {
  requireAccess(principal, permission, trustCode);
  const [batch] = await db
    .select()
    .from(importBatches)
    .where(
      and(
        eq(importBatches.id, batchId),
        eq(importBatches.trustCode, trustCode),
        eq(importBatches.procedureCode, procedureCode),
      ),
    )
    .limit(1);
  if (!batch) throw notFound(importMessages.batchNotFound);
  return batch;
}

const emptyTotals = { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 };
const outcomeOf = (stored: unknown): StoredOutcome | null => (stored as StoredOutcome | null) ?? null;

export async function uploadStatus(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  batchId: string,
): Promise<UploadStatus> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, batchId);
  const entry = (fileName: string, status: string, stored: unknown) => ({
    fileName,
    status: status as FileStatus,
    totals: outcomeOf(stored)?.totals ?? emptyTotals,
  });
  return {
    batchId: batch.id,
    batchStatus: batch.status as BatchStatus,
    waiting_list: entry(batch.waitingListFileName, batch.waitingListStatus, batch.waitingListResult),
    blood_test: entry(batch.bloodTestFileName, batch.bloodTestStatus, batch.bloodTestResult),
  };
}

interface IssueRow extends Record<string, unknown> {
  row_number: number;
  errors: { field: string | null; message: string }[];
  cells: Record<string, string>;
  /** Decision 0055: the pathway on the list the row's NHS number belongs to, when it gives another date of birth. */
  conflicting_pathway_id?: string | null;
}

/** A refused row as the validation summary shows it: its errors by field, and its cells. */
export function invalidRowOf(
  rowNumber: number,
  errors: readonly { field: string | null; message: string }[],
  cells: Record<string, string>,
) {
  const fieldErrors: Record<string, string[]> = {};
  const general: string[] = [];
  for (const error of errors) {
    if (error.field) (fieldErrors[error.field] ??= []).push(error.message);
    else general.push(error.message);
  }
  return {
    row_number: Number(rowNumber),
    error_count: errors.length,
    field_specific_errors: fieldErrors,
    validation_error: errors[0]?.message ?? null,
    non_field_specific_errors: general,
    values: cells,
  };
}

async function fileResult(
  db: Db,
  batch: ImportBatchRow,
  kind: FileKind,
  page: { pageNumber: number; pageSize: number },
): Promise<FileResult> {
  const fileName = kind === 'waitingList' ? batch.waitingListFileName : batch.bloodTestFileName;
  const status = (kind === 'waitingList' ? batch.waitingListStatus : batch.bloodTestStatus) as FileStatus;
  const outcome = outcomeOf(kind === 'waitingList' ? batch.waitingListResult : batch.bloodTestResult);
  const issues = await queryRows<IssueRow>(
    db,
    sql`select i.row_number, i.errors, i.cells, c.pathway_id as conflicting_pathway_id
      from import_row_issues i
      left join import_identity_conflicts c on c.batch_id = i.batch_id and c.row_number = i.row_number
        and i.kind = 'waitingList'
      where i.batch_id = ${batch.id} and i.kind = ${kind}
      order by i.row_number
      limit ${page.pageSize} offset ${offsetOf(page.pageNumber, page.pageSize)}`,
  );
  const invalidRows = issues.map((issue) => ({
    ...invalidRowOf(issue.row_number, issue.errors, issue.cells),
    ...(issue.conflicting_pathway_id ? { conflicting_pathway_id: issue.conflicting_pathway_id } : {}),
  }));
  const totals = outcome?.totals ?? emptyTotals;
  return {
    file_name: fileName,
    status,
    invalid_rows: invalidRows,
    error_rows: [],
    warnings: (outcome?.warnings ?? []).map((w) => ({
      row_number: w.rowNumber,
      field: w.field,
      message: w.message,
    })),
    warning_groups: warningGroupsOf(outcome?.warningGroups ?? []),
    base_errors: outcome?.baseErrors ?? [],
    totals,
    has_errors: status === 'FAILED' || (outcome?.baseErrors.length ?? 0) > 0,
    has_validation_errors: totals.invalid > 0,
    error: outcome?.error ?? null,
    diff_headers: outcome?.diffHeaders ?? { missing: [], unexpected: [] },
    format: outcome?.format ?? null,
  };
}

/**
 * The trust's pathways (any procedure, active or archived) of the patients of some rows with
 * errors of an upload (decision 0042): a row is not a pathway, but it names a patient by NHS
 * number, else by local identifier, as the confirm matches them. Two index look-ups a row.
 */
export async function pathwaysOfIssueRows(
  db: Db,
  batch: Pick<ImportBatchRow, 'id' | 'trustCode'>,
  kind: FileKind,
  rowNumbers: readonly number[],
): Promise<string[]> {
  if (rowNumbers.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with i as (
        select regexp_replace(cells->>'nhsNumber', '[^0-9]', '', 'g') as nhs_number,
          nullif(btrim(cells->>'localPatientIdentifier'), '') as local_id
        from import_row_issues
        where batch_id = ${batch.id} and kind = ${kind} and row_number = any(${`{${rowNumbers.join(',')}}`}::int[]))
      select p.id from i join pathways p on p.trust_code = ${batch.trustCode} and p.nhs_number = i.nhs_number
      union
      select p.id from i join pathways p
        on p.trust_code = ${batch.trustCode} and p.local_patient_identifier = i.local_id`,
  );
  return rows.map((row) => row.id);
}

/** The upload can be confirmed: validated, both files without errors, its rows staged. */
const confirmable = (batch: ImportBatchRow) =>
  batch.status === 'VALIDATED' &&
  batch.waitingListStatus === 'VALIDATED' &&
  batch.bloodTestStatus === 'VALIDATED';

/**
 * What the confirm will do (decision 0037), while the upload can be confirmed, with the warning
 * whose number the confirm then needs when it would take a large share of the list off it
 * (decision 0053); what it did, once imported: every valid row was added, updated or found unchanged.
 */
async function changesOf(
  db: Db,
  database: Pick<Database, 'executeSql'>,
  batch: ImportBatchRow,
): Promise<Pick<ValidationSummary, 'changes' | 'archiveWarning'>> {
  if (confirmable(batch)) {
    const { active, ...changes } = await plannedChanges(database, batch);
    const counts = { archived: changes.archived, active };
    return {
      changes,
      archiveWarning: needsArchiveAcknowledgement(counts)
        ? archiveWarningOf(counts, await procedureName(db, batch.procedureCode))
        : null,
    };
  }
  if (batch.status !== 'IMPORTED' || batch.createdCount === null || batch.updatedCount === null)
    return { changes: null, archiveWarning: null };
  const valid = outcomeOf(batch.waitingListResult)?.totals.valid ?? 0;
  const done: ImportChanges = {
    added: batch.createdCount,
    updated: batch.updatedCount,
    unchanged: Math.max(0, valid - batch.createdCount - batch.updatedCount),
    archived: batch.archivedCount ?? 0,
  };
  return { changes: done, archiveWarning: null };
}

export async function validationSummary(
  db: Db,
  database: Pick<Database, 'executeSql'>,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  query: { batchId: string; pageNumber: number; pageSize: number },
): Promise<ValidationSummary> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, query.batchId);
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize };
  const waitingList = await fileResult(db, batch, 'waitingList', page);
  const bloodTest = await fileResult(db, batch, 'bloodTest', page);
  const shown = {
    waitingList: waitingList.invalid_rows.map((row) => row.row_number),
    bloodTest: bloodTest.invalid_rows.map((row) => row.row_number),
  };
  // The invalid rows are the file's cells, names and NHS numbers among them (decision 0042).
  if (shown.waitingList.length + shown.bloodTest.length > 0)
    await recordPatientAccess(db, principal, {
      trustCode,
      route: routeOf(endpoints.waitingList.validationSummary),
      action: 'validation-summary',
      pathwayIds: [
        ...(await pathwaysOfIssueRows(db, batch, 'waitingList', shown.waitingList)),
        ...(await pathwaysOfIssueRows(db, batch, 'bloodTest', shown.bloodTest)),
      ],
      detail: `upload ${batch.id}, page ${page.pageNumber}`,
    });
  return {
    batchId: batch.id,
    batchStatus: batch.status as BatchStatus,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    waiting_list_result: waitingList,
    blood_test_result: bloodTest,
    pathways_without_bloods: batch.pathwaysWithoutBloods ?? 0,
    bloods_without_pathway: batch.bloodsWithoutPathway ?? 0,
    ...(await changesOf(db, database, batch)),
  };
}

/**
 * The active pathways the upload's list no longer holds, which its confirm will archive (decision
 * 0037), a page at a time; none unless the upload can be confirmed. A page listed is recorded in
 * the patient access log with its pathways (decision 0042).
 */
export async function toBeArchived(
  db: Db,
  database: Pick<Database, 'executeSql'>,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  query: { batchId: string; pageNumber: number; pageSize: number },
): Promise<ToBeArchived> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, query.batchId);
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize };
  const found = confirmable(batch)
    ? await toBeArchivedPage(database, batch, page)
    : { items: [], totalCount: 0 };
  if (found.items.length > 0)
    await recordPatientAccess(db, principal, {
      trustCode,
      route: routeOf(endpoints.waitingList.toBeArchived),
      action: 'to-be-archived',
      pathwayIds: found.items.map((item) => item.id),
      detail: `upload ${batch.id}, page ${page.pageNumber}`,
    });
  return { ...page, ...found };
}

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

interface HistoryRow extends Record<string, unknown> {
  id: string;
  procedure_code: ProcedureCode;
  created_at: string | Date;
  created_by: string;
  status: string;
  file_type: 'waitingList' | 'bloodTest';
  file_name: string;
  file_status: string;
  total: number | string;
}

const decidedStatuses = new Set(['IMPORTED', 'CANCELLED', 'EXPIRED']);

/** docs/requirements.md §3 upload history: one row per file (waiting list, then its blood tests), newest upload first. */
export async function uploadHistory(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: { procedureCode?: ProcedureCode | undefined; pageNumber: number; pageSize: number },
): Promise<UploadHistory> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const procedureFilter = query.procedureCode ? sql`and b.procedure_code = ${query.procedureCode}` : sql``;
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select b.id, b.procedure_code, b.created_at, b.created_by, b.status,
        f.file_type, f.file_name, f.file_status, count(*) over () as total
      from import_batches b
      cross join lateral (values
        (1, 'waitingList', b.waiting_list_file_name, b.waiting_list_status),
        (2, 'bloodTest', b.blood_test_file_name, b.blood_test_status)
      ) as f(position, file_type, file_name, file_status)
      where b.trust_code = ${trustCode} ${procedureFilter}
      order by b.created_at desc, b.id, f.position
      limit ${query.pageSize} offset ${offsetOf(query.pageNumber, query.pageSize)}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.pageNumber > 1) {
    const [count] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) * 2 as n from import_batches b where b.trust_code = ${trustCode} ${procedureFilter}`,
    );
    total = Number(count?.n ?? 0);
  }
  return {
    items: rows.map((row) => ({
      batchId: row.id,
      fileName: row.file_name,
      fileType: row.file_type,
      procedureCode: row.procedure_code,
      uploadDate: new Date(row.created_at).toISOString(),
      status: (decidedStatuses.has(row.status) ? row.status : row.file_status) as UploadHistoryItem['status'],
      user: row.created_by,
    })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
  };
}
