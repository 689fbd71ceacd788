/**
 * Validation of an uploaded batch (the validate-batch job; DESIGN §5): each file is read on a sandbox
 * thread, its valid rows staged and its refused rows kept with their reasons. The active list is
 * never touched here.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type {
  BloodTestPatient,
  FileOutcome,
  ImportLimits,
  InvalidRow,
  RowWarning,
  WaitingListRecord,
  WaitingListRow,
} from '@esr/import-files/types';
import { comorbidityCodes } from '@esr/import-files/types';
import { queryRows, type Db } from '../db/client.js';
import { importBatches } from '../db/schema.js';
import type { ImportFileBatch, ImportFileInput } from '../sandbox/import-file.js';
import { runSandboxed, SandboxFailure, type SandboxLimits } from '../sandbox/sandbox.js';
import { discardStagedRows, type FileKind } from './waiting-list-imports.js';

/** Room for 100,000-row workbooks (about 150 MB streamed), far below the server's memory. */
export const importSandboxLimits: SandboxLimits = { heapMb: 512, stackMb: 4, timeoutMs: 15 * 60 * 1000 };

/** The summary shows the first warnings; the totals count them all. */
const warningsKept = 200;

export interface ValidationSettings {
  limits: Partial<ImportLimits>;
  sandbox: SandboxLimits;
  /** The day dates are checked against (a future date of birth, an age over 110), YYYY-MM-DD. */
  today: () => string;
}

/** The remodel record (spec §3) as the model reads it, from an imported row. */
export function clinicalRecord(record: WaitingListRecord): Record<string, string | number | null> {
  const clinical: Record<string, string | number | null> = {
    height: record.height,
    weight: record.weight,
    sex: record.sex,
    ethnicGroup: record.ethnicGroup,
    smoking: record.smoking,
    dateOfBirth: record.dateOfBirth,
  };
  for (const code of comorbidityCodes) clinical[code] = record.comorbidities[code];
  return clinical;
}

function stagedRecord(record: WaitingListRecord) {
  return {
    nhsNumber: record.nhsNumber,
    localPatientIdentifier: record.localPatientIdentifier,
    firstName: record.firstName,
    lastName: record.lastName,
    dateOfBirth: record.dateOfBirth,
    operationType: record.operationType,
    referralDate: record.referralDate,
    tciDate: record.tciDate,
    surgeonName: record.surgeonName,
    priority: record.priority,
    surgery: record.surgery,
    social: record.social,
    clinical: clinicalRecord(record),
    labDates: {},
  };
}

async function stagePathways(db: Db, batchId: string, rows: WaitingListRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      r: row.rowNumber,
      n: row.record.nhsNumber,
      l: row.record.localPatientIdentifier,
      d: stagedRecord(row.record),
    })),
  );
  await db.execute(sql`insert into staged_pathways (batch_id, row_number, nhs_number, local_patient_identifier, record)
    select ${batchId}, (e->>'r')::int, e->>'n', e->>'l', e->'d'
    from jsonb_array_elements(${json}::jsonb) e`);
}

async function stageBloodTests(db: Db, batchId: string, patients: BloodTestPatient[]): Promise<void> {
  if (patients.length === 0) return;
  const json = JSON.stringify(
    patients.map((patient) => ({
      k: patient.nhsNumber ?? `L:${patient.localPatientIdentifier ?? ''}`,
      n: patient.nhsNumber,
      l: patient.localPatientIdentifier,
      r: patient.results,
      s: patient.sampleDates,
    })),
  );
  // A patient named twice (once by NHS number, once by local number alone) keeps the later results.
  await db.execute(sql`insert into staged_blood_tests (batch_id, patient_key, nhs_number, local_patient_identifier, results, sample_dates)
    select ${batchId}, e->>'k', e->>'n', e->>'l', e->'r', e->'s'
    from jsonb_array_elements(${json}::jsonb) e
    on conflict (batch_id, patient_key) do update
      set results = staged_blood_tests.results || excluded.results,
          sample_dates = staged_blood_tests.sample_dates || excluded.sample_dates`);
}

async function keepInvalidRows(db: Db, batchId: string, kind: FileKind, rows: InvalidRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((row) => ({ r: row.rowNumber, e: row.errors, c: row.values })));
  await db.execute(sql`insert into import_row_issues (batch_id, kind, row_number, errors, cells)
    select ${batchId}, ${kind}, (e->>'r')::int, e->'e', e->'c'
    from jsonb_array_elements(${json}::jsonb) e
    on conflict do nothing`);
}

interface StoredOutcome {
  status: FileOutcome['status'];
  error: string | null;
  baseErrors: string[];
  diffHeaders: FileOutcome['diffHeaders'];
  totals: { rows: number; valid: number; invalid: number; error: number; warnings: number };
  warnings: RowWarning[];
  format: string | null;
}

function storedOutcome(outcome: FileOutcome, warnings: RowWarning[]): StoredOutcome {
  return {
    status: outcome.status,
    error: outcome.error,
    baseErrors: outcome.baseErrors,
    diffHeaders: outcome.diffHeaders,
    totals: { ...outcome.totals, error: 0 },
    warnings: warnings.slice(0, warningsKept),
    format: outcome.layout ? `${outcome.format ?? ''} (${outcome.layout} format)` : outcome.format,
  };
}

function sandboxOutcome(failure: SandboxFailure): StoredOutcome {
  const error = `The file could not be read within the server's limits: it ${failure.message}. Check it is a waiting list or blood test extract, or split it into smaller files.`;
  return {
    status: 'FAILED',
    error,
    baseErrors: [error],
    diffHeaders: { missing: [], unexpected: [] },
    totals: { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 },
    warnings: [],
    format: null,
  };
}

async function readAndStage(
  db: Db,
  batch: typeof importBatches.$inferSelect,
  kind: FileKind,
  settings: ValidationSettings,
): Promise<StoredOutcome> {
  const [file] = await queryRows<{ bytes: Uint8Array }>(
    db,
    sql`select bytes from import_files where batch_id = ${batch.id} and kind = ${kind}`,
  );
  if (!file) throw new Error(`The ${kind} file of batch ${batch.id} is missing`);
  const bytes = new Uint8Array(file.bytes);
  const fileName = kind === 'waitingList' ? batch.waitingListFileName : batch.bloodTestFileName;
  const input: ImportFileInput =
    kind === 'waitingList'
      ? {
          kind,
          fileName,
          bytes,
          procedure: batch.procedureCode as ProcedureCode,
          today: settings.today(),
          limits: settings.limits,
        }
      : { kind, fileName, bytes, today: settings.today(), limits: settings.limits };
  const warnings: RowWarning[] = [];
  try {
    const outcome = await runSandboxed<ImportFileInput, FileOutcome, ImportFileBatch>(
      'import-file',
      input,
      settings.sandbox,
      {
        transfer: [bytes.buffer as ArrayBuffer],
        onBatch: async (step) => {
          if (warnings.length < warningsKept)
            warnings.push(...step.warnings.slice(0, warningsKept - warnings.length));
          await keepInvalidRows(db, batch.id, kind, step.invalidRows);
          if (step.kind === 'waitingList') await stagePathways(db, batch.id, step.rows);
          else await stageBloodTests(db, batch.id, step.rows);
        },
      },
    );
    return storedOutcome(outcome, warnings);
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    return sandboxOutcome(error);
  }
}

/** Puts each patient's blood results into their staged record; counts who has none. */
async function joinBloodTests(
  db: Db,
  batchId: string,
): Promise<{ withoutBloods: number; unmatched: number }> {
  await db.execute(sql`update staged_pathways s
    set record = jsonb_set(jsonb_set(s.record, '{clinical}', (s.record->'clinical') || b.results), '{labDates}', b.sample_dates)
    from staged_blood_tests b
    where s.batch_id = ${batchId} and b.batch_id = ${batchId}
      and b.patient_key = coalesce(s.nhs_number, 'L:' || s.local_patient_identifier)`);
  const [counts] = await queryRows<{ without_bloods: number | string; unmatched: number | string }>(
    db,
    sql`select
      (select count(*) from staged_pathways s where s.batch_id = ${batchId} and not exists (
        select 1 from staged_blood_tests b where b.batch_id = s.batch_id
          and b.patient_key = coalesce(s.nhs_number, 'L:' || s.local_patient_identifier))) as without_bloods,
      (select count(*) from staged_blood_tests b where b.batch_id = ${batchId} and not exists (
        select 1 from staged_pathways s where s.batch_id = b.batch_id
          and b.patient_key = coalesce(s.nhs_number, 'L:' || s.local_patient_identifier))) as unmatched`,
  );
  return { withoutBloods: Number(counts?.without_bloods ?? 0), unmatched: Number(counts?.unmatched ?? 0) };
}

/**
 * The validate-batch job. Idempotent: a retried run starts the staging again from nothing, and a
 * batch cancelled or replaced meanwhile is left as it is.
 */
export async function validateBatch(
  db: Db,
  batchId: string,
  settings: ValidationSettings,
): Promise<{ confirmNow: boolean }> {
  const [batch] = await db.select().from(importBatches).where(eq(importBatches.id, batchId)).limit(1);
  if (!batch || batch.status !== 'VALIDATING') return { confirmNow: false };
  await discardStagedRows(db, batchId);
  await db.execute(sql`delete from import_row_issues where batch_id = ${batchId}`);

  const waitingList = await readAndStage(db, batch, 'waitingList', settings);
  await db
    .update(importBatches)
    .set({ waitingListStatus: waitingList.status, waitingListResult: waitingList })
    .where(eq(importBatches.id, batchId));
  const bloodTest = await readAndStage(db, batch, 'bloodTest', settings);
  await db
    .update(importBatches)
    .set({ bloodTestStatus: bloodTest.status, bloodTestResult: bloodTest })
    .where(eq(importBatches.id, batchId));

  const counts = await joinBloodTests(db, batchId);
  await db.execute(sql`update import_batches
    set status = 'VALIDATED', pathways_without_bloods = ${counts.withoutBloods}, bloods_without_pathway = ${counts.unmatched}
    where id = ${batchId} and status = 'VALIDATING'`);
  // Staged rows of a batch cancelled while it was being read are not kept.
  const [after] = await queryRows<{ status: string }>(
    db,
    sql`select status from import_batches where id = ${batchId}`,
  );
  if (after?.status !== 'VALIDATED') {
    await discardStagedRows(db, batchId);
    return { confirmNow: false };
  }
  if (!batch.autoConfirm || waitingList.status !== 'VALIDATED' || bloodTest.status !== 'VALIDATED') {
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
