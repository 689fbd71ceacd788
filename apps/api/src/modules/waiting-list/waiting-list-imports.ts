/**
 * The waiting-list import (docs/requirements.md §2 upload screens, §3 batch status, §4, §7; decision
 * 0023): the upload, its batch and its status. The validation summary, the decisions on an upload,
 * the history and the service status each have a file of their own.
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
  type BatchStatus,
  type FileStatus,
  type ImportUploadField,
  type UploadStatus,
} from '@esr/contracts/waiting-list';
import { type Database, type Db } from '../../platform/db/client.js';
import { importBatches } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ReceivedFile } from '../../platform/http/multipart-files.js';
import { requireAccess } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, type Principal } from '../identity/index.js';
import type { FileReading } from './read/import-reading.js';
import type { UploadHandoff } from './read/upload-handoff.js';
import { type JobQueue } from '../../platform/queue/job-definition.js';
import { validateBatchJob } from './stage/validate-batch-job.js';
import { isBusy } from './service-status.js';
import { storeImportFile, type FileKind } from './batch-files.js';
import { type StoredWarningGroup } from './warning-groups.js';

/** An undecided upload is discarded after this (its staged rows with it). */
export const batchLifetimeMs = 24 * 60 * 60 * 1000;
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

export const emptyTotals = { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 };
export const outcomeOf = (stored: unknown): StoredOutcome | null => (stored as StoredOutcome | null) ?? null;

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
