/**
 * Validating an outcomes file (decision 0045): read on a sandbox thread of its own, as a list's
 * files are (decision 0030); each valid row matched to a pathway of the trust and procedure by NHS
 * number, else by local identifier (the active pathway first, else the latest archived); a date of
 * operation before the pathway's referral date refuses the row; a row matching no pathway is
 * warned of and skipped; the matched rows staged for the confirm.
 */
import { sql } from 'drizzle-orm';
import { outcomeMessages } from '@esr/contracts/outcomes';
import type { ImportLimits, InvalidRow, RowWarning, WarningGroup } from '@esr/import-files/types';
import type { OutcomeRecord, OutcomesFileResult } from '@esr/import-files/outcomes';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { runSandboxed, sandboxTask } from '../../platform/sandbox/sandbox.js';
import { importSandboxLimits, readImportFile } from '../waiting-list/index.js';
import type { ReadingSettings } from '../waiting-list/index.js';

export interface OutcomesFileInput {
  fileName: string;
  bytes: Uint8Array;
  today: string;
  limits: Partial<ImportLimits>;
}

/** The file's outcome as the batch keeps it: the list file's, with every refused row. */
export interface StoredOutcomesResult {
  status: string;
  error: string | null;
  baseErrors: string[];
  diffHeaders: { missing: string[]; unexpected: string[] };
  totals: { rows: number; valid: number; invalid: number; error: number; warnings: number };
  /** The first warnings, for the summary. */
  warnings: RowWarning[];
  warningGroups: WarningGroup[];
  format: string | null;
  invalidRows: InvalidRow[];
}

const readingTask = sandboxTask('read-outcomes', new URL('./read-outcomes.worker.js', import.meta.url));

/** Warnings kept one by one for the summary; every one is counted in its group. */
const warningsShown = 200;

const unmatchedKind = 'noPathway';

interface Match {
  rowNumber: number;
  pathwayId: string;
  referralDate: string | null;
}

/** Each record's pathway, if any: the active one first, else the latest archived. */
async function matchPathways(
  db: Db,
  trustCode: string,
  procedureCode: string,
  records: OutcomeRecord[],
): Promise<Map<number, Match>> {
  const matches = new Map<number, Match>();
  for (let start = 0; start < records.length; start += 5_000) {
    const rows = records.slice(start, start + 5_000).map((record) => ({
      row_number: record.rowNumber,
      nhs_number: record.nhsNumber,
      local_id: record.localPatientIdentifier,
    }));
    const found = await queryRows<{ row_number: number; id: string; referral_date: string | null }>(
      db,
      sql`with r as (select * from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(row_number int, nhs_number text, local_id text)),
          candidates as (
            select r.row_number, p.id, p.referral_date, p.is_active, p.created_at
            from r join pathways p on p.nhs_number = r.nhs_number
            where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}
            union all
            select r.row_number, p.id, p.referral_date, p.is_active, p.created_at
            from r join pathways p on p.local_patient_identifier = r.local_id
            where r.nhs_number is null and p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode})
        select distinct on (row_number) row_number, id, referral_date::text as referral_date
        from candidates order by row_number, is_active desc, created_at desc, id`,
    );
    for (const row of found)
      matches.set(Number(row.row_number), {
        rowNumber: Number(row.row_number),
        pathwayId: row.id,
        referralDate: row.referral_date,
      });
  }
  return matches;
}

/** The values a refused row shows: its cells as the file had them, from the record. */
const cellsOf = (record: OutcomeRecord): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      nhsNumber: record.nhsNumber,
      localPatientIdentifier: record.localPatientIdentifier,
      dateOfOperation: record.dateOfOperation,
      complication90Days: record.complication90Days ? 'Yes' : 'No',
    }).filter((entry): entry is [string, string] => entry[1] !== null),
  );

/** The batch's file read on its sandbox thread; a file the thread could not read fails, with why. */
async function readOutcomesFile(
  db: Db,
  database: Pick<Database, 'kind'>,
  batchId: string,
  settings: ReadingSettings,
): Promise<{ trustCode: string; procedureCode: string; read: OutcomesFileResult } | null> {
  const [batch] = await queryRows<{
    trust_code: string;
    procedure_code: string;
    file_name: string;
    status: string;
  }>(
    db,
    sql`select trust_code, procedure_code, file_name, status from outcome_batches where id = ${batchId}`,
  );
  if (!batch || batch.status !== 'VALIDATING') return null;
  const bytes = await readImportFile(db, database.kind, batchId, 'outcomes');
  if (!bytes) return null;
  const read = await runSandboxed<OutcomesFileInput, OutcomesFileResult>(
    readingTask,
    {
      fileName: batch.file_name,
      bytes: new Uint8Array(bytes),
      today: settings.today(),
      limits: settings.limits,
    },
    importSandboxLimits,
  ).catch((error: unknown): OutcomesFileResult => ({
    outcome: {
      status: 'FAILED',
      error: `The file could not be read${error instanceof Error && /memory|timeout/i.test(error.message) ? ': it is too large or too complex' : ''}`,
      baseErrors: ['The file could not be read'],
      diffHeaders: { missing: [], unexpected: [] },
      totals: { rows: 0, valid: 0, invalid: 0, warnings: 0 },
      format: null,
    },
    records: [],
    invalidRows: [],
    warnings: [],
    warningGroups: [],
  }));
  return { trustCode: batch.trust_code, procedureCode: batch.procedure_code, read };
}

interface StagedOutcome {
  record: OutcomeRecord;
  match: Match;
}

/** What the matching decided of the file's valid records: staged, refused, or warned of and skipped. */
interface MatchedFile {
  staged: StagedOutcome[];
  unmatched: number;
  /** The reader's refused rows and those the matching refused, in row order. */
  invalidRows: InvalidRow[];
  /** The reader's warnings and the matching's, in row order. */
  warnings: RowWarning[];
}

/**
 * Sorts the read records by their match: a record without a pathway is warned of, one operated
 * before its pathway's referral is refused, the rest are staged.
 */
function sortByMatch(read: OutcomesFileResult, matches: Map<number, Match>): MatchedFile {
  const invalidRows = [...read.invalidRows];
  const warnings = [...read.warnings];
  const staged: StagedOutcome[] = [];
  let unmatched = 0;
  for (const record of read.records) {
    const match = matches.get(record.rowNumber);
    if (!match) {
      unmatched += 1;
      warnings.push({ rowNumber: record.rowNumber, field: null, message: outcomeMessages.noPathway });
    } else if (match.referralDate !== null && record.dateOfOperation < match.referralDate) {
      invalidRows.push({
        rowNumber: record.rowNumber,
        errors: [{ field: 'dateOfOperation', message: outcomeMessages.dateBeforeReferral }],
        values: cellsOf(record),
      });
    } else staged.push({ record, match });
  }
  invalidRows.sort((a, b) => a.rowNumber - b.rowNumber);
  warnings.sort((a, b) => (a.rowNumber ?? 0) - (b.rowNumber ?? 0));
  return { staged, unmatched, invalidRows, warnings };
}

/** The file's outcome as the batch keeps it: the reader's, with the matching's refusals and warnings counted in. */
function storedResultOf(read: OutcomesFileResult, matched: MatchedFile): StoredOutcomesResult {
  const { invalidRows, unmatched } = matched;
  const refusedHere = invalidRows.length - read.invalidRows.length;
  const warningGroups: WarningGroup[] = [...read.warningGroups];
  if (unmatched > 0)
    warningGroups.push({
      kind: unmatchedKind,
      field: null,
      count: unmatched,
      message: `${unmatched.toLocaleString('en-GB')} ${unmatched === 1 ? 'row matches' : 'rows match'} no pathway of this procedure and will be skipped`,
    });
  warningGroups.sort((a, b) => b.count - a.count);
  const outcome = read.outcome;
  const totals = {
    rows: outcome.totals.rows,
    valid: outcome.totals.valid - refusedHere,
    invalid: invalidRows.length,
    error: 0,
    warnings: outcome.totals.warnings + unmatched,
  };
  return {
    status:
      outcome.status === 'FAILED' ? 'FAILED' : invalidRows.length > 0 ? 'VALIDATED_WITH_ERRORS' : 'VALIDATED',
    error: outcome.error,
    baseErrors: outcome.baseErrors,
    diffHeaders: outcome.diffHeaders,
    totals,
    warnings: matched.warnings.slice(0, warningsShown),
    warningGroups,
    format: outcome.format,
    invalidRows,
  };
}

/**
 * Stages the matched rows and stores the file's outcome, ending the batch VALIDATED; nothing is
 * written when the batch was decided meanwhile.
 */
async function stageOutcomes(db: Db, batchId: string, matched: MatchedFile, stored: StoredOutcomesResult) {
  const { staged, unmatched } = matched;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [locked] = await queryRows<{ status: string }>(
      txDb,
      sql`select status from outcome_batches where id = ${batchId} for update`,
    );
    if (locked?.status !== 'VALIDATING') return;
    await txDb.execute(sql`delete from staged_outcomes where batch_id = ${batchId}`);
    for (let start = 0; start < staged.length; start += 5_000) {
      const rows = staged.slice(start, start + 5_000).map(({ record, match }) => ({
        row_number: record.rowNumber,
        pathway_id: match.pathwayId,
        date_of_operation: record.dateOfOperation,
        complication_90_days: record.complication90Days,
        complication_type: record.complicationType,
        readmission_30_days: record.readmission30Days,
        length_of_stay_days: record.lengthOfStayDays,
        death_90_days: record.death90Days,
      }));
      // Two rows of a file for one pathway (two operations, or an NHS number and a local
      // identifier of the same patient): the later row wins, as a later file would.
      await txDb.execute(sql`insert into staged_outcomes (batch_id, row_number, pathway_id, date_of_operation,
          complication_90_days, complication_type, readmission_30_days, length_of_stay_days, death_90_days)
        select ${batchId}, s.* from json_to_recordset(${JSON.stringify(rows)}::json) as s(row_number int,
          pathway_id uuid, date_of_operation date, complication_90_days boolean, complication_type text,
          readmission_30_days boolean, length_of_stay_days double precision, death_90_days boolean)`);
    }
    await txDb.execute(sql`delete from staged_outcomes s where s.batch_id = ${batchId}
      and exists (select 1 from staged_outcomes later where later.batch_id = s.batch_id
        and later.pathway_id = s.pathway_id and later.row_number > s.row_number)`);
    await txDb.execute(sql`update outcome_batches set status = 'VALIDATED', file_status = ${stored.status},
        file_result = ${JSON.stringify(stored)}::jsonb, matched = ${staged.length}, unmatched = ${unmatched}
      where id = ${batchId}`);
  });
}

/**
 * Reads, matches and stages the batch's file; the batch ends VALIDATED (its file VALIDATED,
 * VALIDATED_WITH_ERRORS or FAILED). Idempotent: a retried job starts from the stored file again.
 */
export async function validateOutcomes(
  db: Db,
  database: Pick<Database, 'kind'>,
  batchId: string,
  settings: ReadingSettings,
): Promise<void> {
  const file = await readOutcomesFile(db, database, batchId, settings);
  if (!file) return;
  const matches = await matchPathways(db, file.trustCode, file.procedureCode, file.read.records);
  const matched = sortByMatch(file.read, matches);
  await stageOutcomes(db, batchId, matched, storedResultOf(file.read, matched));
}
