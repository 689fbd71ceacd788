/**
 * Validation of an uploaded batch (the validate-batch job; decision 0023): the two files are read at
 * once on two sandbox threads (import-reading.ts), the valid rows copied into the staging table and
 * the refused rows kept with their reasons. The active list is never touched here.
 */
import { eq, sql } from 'drizzle-orm';
import { modelInputRulesOf } from '../model-inputs.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { FileOutcome, InvalidRow, RowWarning, WarningGroup } from '@esr/import-files/types';
import { queryRows, type CopyWriter, type Database, type Db } from '../../../platform/db/client.js';
import { importBatches } from '../../../platform/db/schema.js';
import type { BloodTestFileResult, FileKind, FileRead, WaitingListFileResult } from '../read/import-batch.js';
import { SandboxFailure, type SandboxLimits } from '../../../platform/sandbox/sandbox.js';
import { startReading, type FileReading, type ReadingSettings } from '../read/import-reading.js';
import { stagedColumns } from './staged-record.js';
import { checkIdentities } from './identity-check.js';
import type { UploadHandoff } from '../read/upload-handoff.js';
import { discardStagedRows, readImportFile, warningsKind } from '../batch-files.js';

/**
 * Each of an import's two threads: a 100,000-row workbook or 1,000,000 blood results are read in
 * under 100 MB of heap; the buffers hold a list's rows until the blood tests are read (about 550
 * bytes a row: some 240,000 rows) and the patients' results (about 450 bytes each). Both threads
 * at their limits stay within about 850 MB (decision 0030).
 */
export const importSandboxLimits: SandboxLimits = {
  heapMb: 256,
  bufferMb: 128,
  stackMb: 4,
  timeoutMs: 15 * 60 * 1000,
};

/**
 * The staged rows arrive all at once, when the blood thread is done; two connections let the
 * database take them in on both cores of a small server. The embedded database has one session.
 */
const stagingConnections = 2;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A refused row is kept as the file had it, but PostgreSQL stores no NUL or lone surrogate. */
const storable = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replace(unstorable, '\uFFFD') : value;

async function keepInvalidRows(db: Db, batchId: string, kind: FileKind, rows: InvalidRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({ r: row.rowNumber, e: row.errors, c: row.values })),
    storable,
  );
  await db.execute(sql`insert into import_row_issues (batch_id, kind, row_number, errors, cells)
    select ${batchId}, ${kind}, (e->>'r')::int, e->'e', e->'c'
    from jsonb_array_elements(${json}::jsonb) e
    on conflict do nothing`);
}

/** A batch of a file's warnings, kept for its warnings download (`warningsKind`). */
async function keepWarnings(db: Db, batchId: string, kind: FileKind, warnings: RowWarning[]): Promise<void> {
  if (warnings.length === 0) return;
  const byRow = new Map<number, { f: string | null; m: string }[]>();
  for (const warning of warnings) {
    const row = warning.rowNumber ?? 0;
    let list = byRow.get(row);
    if (!list) byRow.set(row, (list = []));
    list.push({ f: warning.field, m: warning.message });
  }
  const json = JSON.stringify(
    [...byRow].map(([r, e]) => ({ r, e })),
    storable,
  );
  // A row's warnings may come in two batches (a file's own ones come at its end): added to its entry.
  await db.execute(sql`insert into import_row_issues (batch_id, kind, row_number, errors, cells)
    select ${batchId}, ${warningsKind(kind)}, (e->>'r')::int, e->'e', '{}'::jsonb
    from jsonb_array_elements(${json}::jsonb) e
    on conflict (batch_id, kind, row_number) do update set errors = import_row_issues.errors || excluded.errors`);
}

interface StoredOutcome {
  status: FileOutcome['status'];
  error: string | null;
  baseErrors: string[];
  diffHeaders: FileOutcome['diffHeaders'];
  totals: { rows: number; valid: number; invalid: number; error: number; warnings: number };
  warnings: RowWarning[];
  /** Every warning counted by kind (decision 0037). */
  warningGroups: WarningGroup[];
  format: string | null;
}

function storedOutcome({ outcome, warnings }: FileRead): StoredOutcome {
  return {
    status: outcome.status,
    error: outcome.error,
    baseErrors: outcome.baseErrors,
    diffHeaders: outcome.diffHeaders,
    totals: { ...outcome.totals, error: 0 },
    warnings,
    warningGroups: outcome.warningGroups ?? [],
    format: outcome.layout ? `${outcome.format ?? ''} (${outcome.layout} format)` : outcome.format,
  };
}

function failedOutcome(message: string): StoredOutcome {
  return {
    status: 'FAILED',
    error: message,
    baseErrors: [message],
    diffHeaders: { missing: [], unexpected: [] },
    totals: { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 },
    warnings: [],
    warningGroups: [],
    format: null,
  };
}

const sandboxMessage = (failure: SandboxFailure) =>
  `The file could not be read within the server's limits: it ${failure.message}. Check it is a waiting list or blood test extract, or split it into smaller files.`;

interface BatchRead {
  waitingList: StoredOutcome;
  bloodTest: StoredOutcome;
  pathwaysWithoutBloods: number;
  bloodsWithoutPathway: number;
}

interface StoredFiles {
  waitingList: Buffer;
  bloodTest: Buffer;
}

async function readStoredFiles(db: Db, kind: Database['kind'], batchId: string): Promise<StoredFiles> {
  const [waitingList, bloodTest] = await Promise.all([
    readImportFile(db, kind, batchId, 'waitingList'),
    readImportFile(db, kind, batchId, 'bloodTest'),
  ]);
  if (!waitingList || !bloodTest) throw new Error(`A file of batch ${batchId} is missing`);
  return { waitingList, bloodTest };
}

/**
 * The bytes as a thread takes them (handed over, not copied): a file's Buffer has its memory to
 * itself and is handed over as it is, and given up here; a small one, which shares Node's pool
 * with others, is copied first.
 */
function transferable(bytes: Buffer): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
    return new Uint8Array(bytes.buffer, 0, bytes.byteLength);
  }
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/** A reading of the batch's stored files, for a job that finds none started for it here. */
async function readingOfStoredFiles(
  db: Db,
  kind: Database['kind'],
  batch: typeof importBatches.$inferSelect,
  settings: ReadingSettings,
) {
  const stored = await readStoredFiles(db, kind, batch.id);
  return startReading(
    {
      batchId: batch.id,
      procedure: batch.procedureCode as ProcedureCode,
      ...(await modelInputRulesOf(db, batch.trustCode, batch.procedureCode)),
      waitingList: { fileName: batch.waitingListFileName, bytes: transferable(stored.waitingList) },
      bloodTest: { fileName: batch.bloodTestFileName, bytes: transferable(stored.bloodTest) },
    },
    settings,
  );
}

/**
 * Copies the staged rows and keeps the refused ones as the reading hands them over: the reading this
 * process started when it received the upload, or one started now from the stored files.
 */
async function readAndStage(
  db: Db,
  database: Pick<Database, 'kind' | 'openCopy'>,
  batch: typeof importBatches.$inferSelect,
  settings: ReadingSettings,
  handoff: UploadHandoff<FileReading> | undefined,
): Promise<BatchRead> {
  const reading =
    handoff?.take(batch.id, batch) ?? (await readingOfStoredFiles(db, database.kind, batch, settings));
  let staging: CopyWriter;
  try {
    staging = await database.openCopy('staged_pathways', stagedColumns, { connections: stagingConnections });
  } catch (error) {
    reading.abandon();
    throw error;
  }
  const [bloods, list] = await reading.adopt(async (step) => {
    if (step.type === 'staged') await staging.write(step.copyText);
    else if (step.type === 'warnings') await keepWarnings(db, batch.id, step.kind, step.rows);
    else await keepInvalidRows(db, batch.id, step.kind, step.rows);
  });
  const failure =
    bloods.status === 'rejected' ? bloods.reason : list.status === 'rejected' ? list.reason : undefined;
  if (failure !== undefined) {
    const error = failure instanceof Error ? failure : new Error(String(failure));
    await staging.abort(error);
    if (!(error instanceof SandboxFailure)) throw error;
    // The file whose thread stopped fails. The waiting list is left unstaged when the blood tests
    // stop it; the blood tests were read whole when only the list's thread stopped.
    const failed = failedOutcome(sandboxMessage(error));
    if (bloods.status === 'rejected') {
      const unread = failedOutcome('Not read: the other file of this upload could not be read.');
      return { waitingList: unread, bloodTest: failed, pathwaysWithoutBloods: 0, bloodsWithoutPathway: 0 };
    }
    return {
      waitingList: failed,
      bloodTest: storedOutcome((bloods as PromiseFulfilledResult<BloodTestFileResult>).value.read),
      pathwaysWithoutBloods: 0,
      bloodsWithoutPathway: 0,
    };
  }
  const listRead = (list as PromiseFulfilledResult<WaitingListFileResult>).value;
  let waitingList = storedOutcome(listRead.read);
  if (listRead.read.outcome.status === 'FAILED') {
    // Rows are staged as the list is read: those of a list that failed part-way are not kept.
    await staging.abort(new Error('The waiting list could not be read'));
    await discardStagedRows(db, batch.id);
  } else {
    await staging.end();
    waitingList = await withIdentitiesChecked(db, batch, waitingList);
  }
  return {
    waitingList,
    bloodTest: withRowsRefused(
      storedOutcome((bloods as PromiseFulfilledResult<BloodTestFileResult>).value.read),
      listRead.bloodRowsRefused,
    ),
    pathwaysWithoutBloods: listRead.pathwaysWithoutBloods,
    bloodsWithoutPathway: listRead.bloodsWithoutPathway,
  };
}

/** An outcome with `count` more of its valid rows refused: with errors, then. */
function withRowsRefused(outcome: StoredOutcome, count: number): StoredOutcome {
  if (count === 0 || outcome.status === 'FAILED') return outcome;
  return {
    ...outcome,
    status: 'VALIDATED_WITH_ERRORS',
    totals: {
      ...outcome.totals,
      valid: outcome.totals.valid - count,
      invalid: outcome.totals.invalid + count,
    },
  };
}

/**
 * The staged list checked against the active list, who each row is (decision 0055): rows refused
 * for it leave the staged rows, as do those the reader refused after staging them (the earlier of
 * two rows with one NHS number and two dates of birth); its warnings join the file's.
 */
async function withIdentitiesChecked(
  db: Db,
  batch: typeof importBatches.$inferSelect,
  outcome: StoredOutcome,
): Promise<StoredOutcome> {
  if (outcome.totals.invalid > 0) {
    await db.execute(sql`delete from staged_pathways s using import_row_issues i
      where i.batch_id = ${batch.id} and i.kind = 'waitingList'
        and s.batch_id = i.batch_id and s.row_number = i.row_number`);
  }
  const found = await checkIdentities(db, batch, {
    invalid: (rows) => keepInvalidRows(db, batch.id, 'waitingList', rows),
    warnings: (rows) => keepWarnings(db, batch.id, 'waitingList', rows),
  });
  const checked = withRowsRefused(outcome, found.refused);
  if (found.warnings.length === 0) return checked;
  return {
    ...checked,
    totals: { ...checked.totals, warnings: checked.totals.warnings + found.warnings.length },
    warnings: [...checked.warnings, ...found.warnings].slice(0, warningsShown),
    warningGroups: [...checked.warningGroups, ...found.groups].sort((a, b) => b.count - a.count),
  };
}

/** The warnings a file's outcome lists one by one (the first; the groups count them all). */
const warningsShown = 200;

/**
 * The validate-batch job. Idempotent: a retried run starts the staging again from nothing, and a
 * batch cancelled or replaced meanwhile is left as it is.
 */
export async function validateBatch(
  db: Db,
  database: Pick<Database, 'kind' | 'openCopy'>,
  batchId: string,
  settings: ReadingSettings,
  handoff?: UploadHandoff<FileReading>,
): Promise<{ confirmNow: boolean }> {
  const [batch] = await db.select().from(importBatches).where(eq(importBatches.id, batchId)).limit(1);
  if (!batch || batch.status !== 'VALIDATING') {
    // Cancelled or replaced before its job ran: the reading its upload started is not wanted.
    handoff?.letGo(batchId);
    return { confirmNow: false };
  }
  await discardStagedRows(db, batchId);
  await db.execute(sql`delete from import_row_issues where batch_id = ${batchId}`);
  // Rows staged for earlier uploads of this list that were never confirmed: one replaced by a newer
  // upload once it was validated kept them, as nothing else deletes them.
  await db.execute(sql`delete from staged_pathways s using import_batches b
    where s.batch_id = b.id and b.trust_code = ${batch.trustCode} and b.procedure_code = ${batch.procedureCode}
      and b.status in ('CANCELLED', 'EXPIRED')`);

  let read: BatchRead;
  let unexpected: unknown;
  try {
    read = await readAndStage(db, database, batch, settings, handoff);
  } catch (error) {
    // A fault of ours, not of the files: say so on both, and let the queue log it.
    unexpected = error;
    await discardStagedRows(db, batchId);
    const failed = failedOutcome(
      'The files could not be validated because of an error on the server. Please re-upload the file.',
    );
    read = { waitingList: failed, bloodTest: failed, pathwaysWithoutBloods: 0, bloodsWithoutPathway: 0 };
  }
  await db
    .update(importBatches)
    .set({
      waitingListStatus: read.waitingList.status,
      waitingListResult: read.waitingList,
      bloodTestStatus: read.bloodTest.status,
      bloodTestResult: read.bloodTest,
      pathwaysWithoutBloods: read.pathwaysWithoutBloods,
      bloodsWithoutPathway: read.bloodsWithoutPathway,
    })
    .where(eq(importBatches.id, batchId));
  await db.execute(
    sql`update import_batches set status = 'VALIDATED' where id = ${batchId} and status = 'VALIDATING'`,
  );
  if (unexpected) throw unexpected;
  // Staged rows of a batch cancelled while it was being read are not kept.
  const [after] = await queryRows<{ status: string }>(
    db,
    sql`select status from import_batches where id = ${batchId}`,
  );
  if (after?.status !== 'VALIDATED') {
    await discardStagedRows(db, batchId);
    return { confirmNow: false };
  }
  if (
    !batch.autoConfirm ||
    read.waitingList.status !== 'VALIDATED' ||
    read.bloodTest.status !== 'VALIDATED'
  ) {
    return { confirmNow: false };
  }
  await db.execute(sql`update import_batches set status = 'CONFIRMING', decided_at = now(),
    decided_by = created_by, decided_by_user_id = created_by_user_id
    where id = ${batchId} and status = 'VALIDATED'`);
  return { confirmNow: true };
}
/** Undecided batches past their lifetime are discarded (their files and history row stay). */
export async function expireBatches(db: Db): Promise<number> {
  const expired = await queryRows<{ id: string }>(
    db,
    sql`update import_batches set status = 'EXPIRED', decided_at = now(), decided_by = 'Expired unconfirmed'
      where status in ('VALIDATING', 'VALIDATED') and expires_at < now() returning id`,
  );
  for (const { id } of expired) await discardStagedRows(db, id);
  return expired.length;
}
