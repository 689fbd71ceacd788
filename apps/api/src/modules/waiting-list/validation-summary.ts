/**
 * The validation summary of an upload (docs/requirements.md §3, decision 0037): each file's result,
 * its refused rows, what the confirm will do and the pathways it would archive.
 */
import { sql } from 'drizzle-orm';
import {
  type BatchStatus,
  type FileResult,
  type FileStatus,
  type ImportChanges,
  type ToBeArchived,
  type ValidationSummary,
} from '@esr/contracts/waiting-list';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { procedureName } from '../library/index.js';
import { type Principal } from '../identity/index.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import { type FileKind } from './batch-files.js';
import { plannedChanges, toBeArchivedPage } from './confirm/list-changes.js';
import { warningGroupsOf } from './warning-groups.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { endpoints } from '@esr/contracts/endpoints';
import { archiveWarningOf, needsArchiveAcknowledgement } from '@esr/contracts/archive-warning';
import { emptyTotals, findBatch, outcomeOf, type ImportBatchRow } from './waiting-list-imports.js';

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
export const confirmable = (batch: ImportBatchRow) =>
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

/** A paged read of an upload as a route hands it over: the databases, the caller, the list and the query. */
export type UploadPageRead = readonly [
  Db,
  Pick<Database, 'executeSql'>,
  Principal,
  string,
  string,
  { batchId: string; pageNumber: number; pageSize: number },
];

/** The upload a paged read is of, found once the caller's access is checked, and the page asked for. */
async function openUploadPage([db, database, principal, trustCode, procedureCode, query]: UploadPageRead) {
  const batch = await findBatch(db, principal, trustCode, procedureCode, query.batchId);
  return {
    db,
    database,
    principal,
    trustCode,
    batch,
    page: { pageNumber: query.pageNumber, pageSize: query.pageSize },
  };
}

export async function validationSummary(read: UploadPageRead): Promise<ValidationSummary> {
  const { db, database, principal, trustCode, batch, page } = await openUploadPage(read);
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
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
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
export async function toBeArchived(read: UploadPageRead): Promise<ToBeArchived> {
  const { db, database, principal, trustCode, batch, page } = await openUploadPage(read);
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
