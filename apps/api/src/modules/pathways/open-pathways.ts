/**
 * The open pathways of a trust as the clerical screens count and list them (docs/requirements.md §2 manage open
 * pathways, total, processed, failed records, error history and archive; §3 active, failed and
 * archived records; §7 calls). Reports of the same lists are in reports.ts.
 */
import { todayInLondon } from '@esr/contracts/london-dates';
import { sql, type SQL } from 'drizzle-orm';
import type {
  ActiveRecord,
  ActiveRecords,
  ActiveRecordsFilter,
  ActiveRecordsQuery,
  ActiveSortKey,
  ArchivedRecord,
  FailedRecord,
  ProcessedCounts,
  RecordStatus,
  ReportField,
  SortDirection,
} from '@esr/contracts/open-pathways';
import {
  defaultActiveSort,
  defaultSortDirections,
  recordStatuses,
  reportFieldKeys,
  reportFieldLabels,
} from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { allOf, offsetOf, startsWith } from '../../platform/db/list-queries.js';
import { recordPatientAccess, routeOf, type AccessAction } from '../access-log/index.js';
import {
  shownScoringColumns,
  shownStatusSql,
  suspendedOnSql,
  suspendedSql,
} from '../prediction-suspension/index.js';
import { endpoints } from '@esr/contracts/endpoints';
import { bandOfStored, storedBandOf } from '@esr/contracts/risk-band';
import { incompleteText, modelInputOf as inputOf } from '@esr/contracts/patient-wording';

type Paged<T> = { items: T[]; pageNumber: number; pageSize: number; totalCount: number };

/** The filters of the active list by name, as an access entry says which were used (never their values). */
const filterNames: Record<keyof ActiveRecordsFilter, string> = {
  nhsNumber: 'NHS number',
  hospitalNumber: 'local patient identifier',
  surgeonName: 'consultant surgeon',
  tciDate: 'TCI date',
  referralDate: 'referral date',
  status: 'status',
  prediction: 'prediction',
  social: 'social aspects',
  surgery: 'readiness for surgery',
  missingInputs: 'missing inputs',
  tciPassed: 'TCI date passed',
};

const activeRead = { action: 'active-list', endpoint: endpoints.openPathways.activeRecords } as const;

/**
 * A page of a list carries its patients' names, NHS numbers and dates of birth: each page read is
 * one access entry naming its pathways (decision 0042). An empty page carried no one.
 */
async function recordPage(
  db: Db,
  principal: Principal,
  trustCode: string,
  read: { action: AccessAction; endpoint: { method: string; path: string } },
  page: { pageNumber: number; items: { id: string }[] },
  filter: ActiveRecordsFilter = {},
): Promise<void> {
  if (page.items.length === 0) return;
  const used = (Object.keys(filterNames) as (keyof ActiveRecordsFilter)[])
    .filter((key) => present(filter[key]))
    .map((key) => filterNames[key]);
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(read.endpoint),
    action: read.action,
    pathwayIds: page.items.map((item) => item.id),
    detail: `page ${page.pageNumber}${used.length > 0 ? `, filtered by ${used.join(', ')}` : ''}`,
  });
}

/**
 * What each sort key of the list reads (decision 0038), and whether its ascending order is the
 * column's. Risk is the probability of a processed record only, as the list shows it: a record
 * waiting to be scored again keeps its last probability in the column but has none to sort by.
 * Wait is days since referral, so the longest wait is the earliest referral date.
 */
const sortKeys: Record<ActiveSortKey, { column: SQL; reversed: boolean }> = {
  // Decision 0063: no order by a probability the clinical safety officer has suspended.
  risk: {
    column: sql`(case when p.status = 'processed' and not ${suspendedSql()} then p.probability end)`,
    reversed: false,
  },
  wait: { column: sql`p.referral_date`, reversed: true },
  tciDate: { column: sql`p.tci_date`, reversed: false },
  surname: { column: sql`lower(p.last_name)`, reversed: false },
};

/** A sort of the active list: the key, its direction, and whether it is the list's own order. */
export interface ActiveSort {
  /** The sort key's value, as `sort_key` of a page's rows. */
  column: SQL;
  /** SQL of the direction, nulls last. */
  direction: SQL;
  /** The list's own order (referral date, no date last, then id), which its order index holds. */
  isListOrder: boolean;
}

/** The sort a query asks for (decision 0038): no key is the longest wait first; no direction, the key's own. */
export function activeSortOf(query: { sort?: ActiveSortKey; direction?: SortDirection }): ActiveSort {
  const key = query.sort ?? defaultActiveSort.sort;
  const direction = query.direction ?? defaultSortDirections[key];
  const { column, reversed } = sortKeys[key];
  const ascending = (direction === 'asc') !== reversed;
  return {
    column,
    direction: ascending ? sql`asc nulls last` : sql`desc nulls last`,
    isListOrder: key === 'wait' && ascending === true,
  };
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The model was given a default for an input the record lacks (decision 0057): the pathway's
 * `defaulted_inputs` is a list with something in it (null when none was defaulted).
 */
export const missingInputsSql = sql`coalesce(jsonb_typeof(p.defaulted_inputs) = 'array'
  and p.defaulted_inputs <> '[]'::jsonb, false)`;

/** The filters the counters answer alone; any other needs its matches counted. */
const counterFilters = new Set<keyof ActiveRecordsFilter>(['status', 'prediction', 'social', 'surgery']);

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * The active pathways of one list that match the filters (docs/requirements.md §7: all optional, combined with
 * AND). A prediction filter means processed with that band, exactly as the processed counters count.
 * `walk` writes the prefix searches so that no search index can serve them: the page is then read
 * along the list's order, filtering as it goes, which is cheaper when matches are common.
 */
export function activeConditions(
  trustCode: string,
  procedureCode: string,
  filter: ActiveRecordsFilter,
  options: { walk?: boolean } = {},
): SQL[] {
  const prefix = (column: SQL, value: string) =>
    options.walk
      ? sql`starts_with(lower(${column}), ${value.trim().toLowerCase()})`
      : startsWith(sql`(lower(${column}) collate "C")`, value);
  const conditions: SQL[] = [
    sql`p.trust_code = ${trustCode}`,
    sql`p.procedure_code = ${procedureCode}`,
    sql`p.is_active`,
  ];
  if (present(filter.nhsNumber)) {
    // NHS numbers are stored as 10 digits, so a prefix is the range of the numbers it starts.
    const digits = filter.nhsNumber.trim();
    conditions.push(
      sql`p.nhs_number >= ${digits.padEnd(10, '0')} and p.nhs_number <= ${digits.padEnd(10, '9')}`,
    );
  }
  if (present(filter.hospitalNumber))
    conditions.push(prefix(sql`p.local_patient_identifier`, filter.hospitalNumber));
  // Any part of the surgeon's name, ignoring case: "Okonkwo" finds "Miss L Okonkwo" (decision 0038).
  // No index serves it; the order index includes the name, so the list is read from the index alone.
  if (present(filter.surgeonName))
    conditions.push(sql`strpos(lower(p.surgeon_name), ${filter.surgeonName.trim().toLowerCase()}) > 0`);
  if (filter.tciDate) conditions.push(sql`p.tci_date = ${filter.tciDate}::date`);
  if (filter.referralDate) conditions.push(sql`p.referral_date = ${filter.referralDate}::date`);
  if (filter.missingInputs === 'yes') conditions.push(missingInputsSql);
  else if (filter.missingInputs === 'no') conditions.push(sql`not ${missingInputsSql}`);
  // A TCI date before today (London), the pathway still on the list: cancelled, or not recorded.
  const passed = sql`(p.tci_date is not null and p.tci_date < ${todayInLondon()}::date)`;
  if (filter.tciPassed === 'yes') conditions.push(passed);
  else if (filter.tciPassed === 'no') conditions.push(sql`not ${passed}`);
  conditions.push(...countedConditions(sql`p`, filter));
  return conditions;
}

/**
 * The conditions on the columns the list's counters also keep (status, prediction, social,
 * surgery), over the pathways (`p`) or the counters (`c`).
 */
function countedConditions(table: SQL, filter: ActiveRecordsFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.prediction) {
    // Literal, so that a prepared statement's generic plan knows it is the processed list.
    conditions.push(sql`${table}.status = 'processed'`);
    conditions.push(sql`${table}.prediction = ${storedBandOf[filter.prediction]}`);
    // Decision 0063: no band of a suspended procedure is found by filtering either.
    conditions.push(sql`not ${suspendedSql(table)}`);
    if (filter.status && filter.status !== 'processed') conditions.push(sql`false`);
  } else if (filter.status) conditions.push(sql`${table}.status = ${filter.status}`);
  if (filter.social) conditions.push(sql`${table}.social = ${filter.social}`);
  if (filter.surgery) conditions.push(sql`${table}.surgery = ${filter.surgery}`);
  return conditions;
}

/** How many active pathways match, as a scalar subquery: from the counters when they can say, else counted. */
function countOf(trustCode: string, procedureCode: string, filter: ActiveRecordsFilter): SQL {
  const used = (Object.keys(filter) as (keyof ActiveRecordsFilter)[]).filter((key) => {
    const value = filter[key];
    return typeof value === 'string' && value.trim() !== '';
  });
  if (used.every((key) => counterFilters.has(key))) {
    const conditions: SQL[] = [
      sql`c.trust_code = ${trustCode}`,
      sql`c.procedure_code = ${procedureCode}`,
      ...countedConditions(sql`c`, filter),
    ];
    return sql`(select coalesce(sum(c.pathway_count), 0) from pathway_counts c where ${allOf(conditions)})`;
  }
  return sql`(select count(*) from pathways p where ${allOf(activeConditions(trustCode, procedureCode, filter))})`;
}

/** How many active pathways match the filters. */
export async function countActive(
  db: Db,
  trustCode: string,
  procedureCode: string,
  filter: ActiveRecordsFilter,
): Promise<number> {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select ${countOf(trustCode, procedureCode, filter)} as total`,
  );
  return n(row?.total);
}

/** The columns an active record is read with (reports add their own). */
export const activeColumns = sql`p.id, p.nhs_number, p.first_name, p.last_name, p.operation_type,
  p.local_patient_identifier, p.date_of_birth::text as date_of_birth, ${shownScoringColumns}, p.prediction,
  p.tci_date::text as tci_date, p.surgeon_name, p.referral_date::text as referral_date, p.social,
  p.surgery, p.failed_fields, p.exclusion, p.defaulted_inputs`;

/** The columns that name a pathway's patient and operation, as every list reads them. */
interface PatientColumns extends Record<string, unknown> {
  nhs_number: string | null;
  first_name: string | null;
  last_name: string | null;
  operation_type: string;
  local_patient_identifier: string | null;
}

/** What an active and an archived record both hold: the patient, the dates and the surgeon. */
export interface RecordRow extends PatientColumns {
  id: string;
  date_of_birth: string | null;
  tci_date: string | null;
  surgeon_name: string | null;
  referral_date: string | null;
}

export interface ActiveRow extends RecordRow {
  status: string;
  prediction: string | null;
  /** Read by the list (not by activeColumns, to which a report adds it itself). */
  probability?: number | string | null;
  social: string | null;
  surgery: string | null;
  /** Read by the total table only: the current evaluation's anomaly flag and its reason. */
  is_anomaly?: boolean | null;
  anomaly_reason?: string | null;
  /** Decision 0057: an incomplete record's missing required inputs, an excluded one's reason, the defaulted inputs. */
  failed_fields?: string[] | null;
  exclusion?: string | null;
  defaulted_inputs?: string[] | null;
}

const asStatus = (status: string): RecordStatus =>
  (recordStatuses as readonly string[]).includes(status) ? (status as RecordStatus) : 'waiting';

/** What a record lacks or why it is not scored, in words (decision 0057). */
function statusDetailOf(row: ScoringStateRow, status: RecordStatus): string | null {
  if (status === 'excluded') return row.exclusion ?? null;
  if (status === 'suspended') return row.suspended_on ?? null;
  const missing = fieldList(row.failed_fields);
  if (status !== 'incomplete' || missing.length === 0) return null;
  return incompleteText(missing.map(inputOf)).slice('Incomplete: '.length);
}

/** The columns a pathway's scoring is shown from (decision 0057), as every list reads them. */
export interface ScoringStateRow {
  /** As `shownScoringColumns` reads it: `suspended` while the procedure's predictions are (decision 0063). */
  status: string;
  suspended_on?: string | null;
  failed_fields?: unknown;
  exclusion?: string | null;
  defaulted_inputs?: unknown;
}

/**
 * A pathway's status, what it lacks or why it is not scored, and the inputs the model was given a
 * default for by name (decision 0057): the same in the total table, the worklist and the reports.
 */
export function scoringStateOf(row: ScoringStateRow): {
  status: RecordStatus;
  statusDetail: string | null;
  defaultedInputs: string[];
} {
  const status = asStatus(row.status);
  return {
    status,
    statusDetail: statusDetailOf(row, status),
    defaultedInputs: fieldList(row.defaulted_inputs).map((field) => inputOf(field).label),
  };
}

export function toActiveRecord(row: ActiveRow): ActiveRecord {
  const { status, statusDetail, defaultedInputs } = scoringStateOf(row);
  return {
    id: row.id,
    nhsNumber: row.nhs_number,
    firstName: row.first_name,
    lastName: row.last_name,
    operationType: row.operation_type,
    hospitalNumber: row.local_patient_identifier,
    dateOfBirth: row.date_of_birth,
    status,
    statusDetail,
    defaultedInputs,
    // docs/requirements.md §3: a prediction is shown only for a processed record (a re-queued one keeps its old band).
    prediction: status === 'processed' ? bandOfStored(row.prediction) : null,
    probability:
      status === 'processed' && row.probability !== null && row.probability !== undefined
        ? Number(row.probability)
        : null,
    tciDate: row.tci_date,
    surgeonName: row.surgeon_name,
    referralDate: row.referral_date,
    social: row.social as ActiveRecord['social'],
    surgery: row.surgery as ActiveRecord['surgery'],
    ...(row.is_anomaly !== undefined
      ? { anomaly: row.is_anomaly ? { reason: row.anomaly_reason ?? null } : null }
      : {}),
  };
}

/** GET …/procedures/{type}/manage/processed (docs/requirements.md §2 processed screen). */
export async function processedCounts(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
): Promise<ProcessedCounts> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed'), 0) as total,
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed' and c.prediction = 'High' and not ${suspendedSql(sql`c`)}), 0) as high,
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed' and c.prediction = 'Moderate' and not ${suspendedSql(sql`c`)}), 0) as medium,
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed' and c.prediction = 'Low' and not ${suspendedSql(sql`c`)}), 0) as low,
      coalesce(sum(c.pathway_count) filter (where c.status = 'incomplete'), 0) as incomplete,
      coalesce(sum(c.pathway_count) filter (where c.status = 'excluded'), 0) as excluded,
      ${suspendedOnSql({ trustCode, procedureCode })} as suspended_on
    from pathway_counts c
    where c.trust_code = ${trustCode} and c.procedure_code = ${procedureCode}
      and c.status in ('processed', 'incomplete', 'excluded')`,
  );
  return {
    counters: {
      total: n(row?.total),
      high: n(row?.high),
      medium: n(row?.medium),
      low: n(row?.low),
      // Decision 0057: beside the processed ones, never in their total.
      incomplete: n(row?.incomplete),
      excluded: n(row?.excluded),
    },
    suspendedOn: (row?.suspended_on as string | null | undefined) ?? null,
  };
}

/**
 * GET …/procedures/{type}/manage/records/active (docs/requirements.md §2 total screen): a page of the matches in
 * the order asked for (decision 0038; by default referral-date order, the longest wait first), and how many
 * there are.
 */
export async function activeRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: ActiveRecordsQuery,
): Promise<ActiveRecords> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const { pageNumber, pageSize, sort, direction, ...filter } = query;
  const offset = offsetOf(pageNumber, pageSize);
  const order = activeSortOf({ sort, direction });
  // The page's ids come from an index where one holds the order (a deep offset reads no table rows);
  // then each row is read by its id. The lateral LIMIT keeps a prepared statement's generic plan, which
  // guesses a tenth of the table for `limit $n`, from hashing the whole table to join 15 rows. The id
  // breaks ties, so that a page holds the same rows however often it is read.
  const page = (where: SQL[]) => sql`select page.sort_key, x.* from (
      select p.id, ${order.column} as sort_key from pathways p where ${allOf(where)}
      order by ${order.column} ${order.direction}, p.id limit ${pageSize} offset ${offset}) page
    cross join lateral (select ${activeColumns}, p.probability, e.is_anomaly, e.anomaly_reason
      from pathways p left join evaluations e on e.id = p.current_evaluation_id
      where p.id = page.id limit 1) x
    order by page.sort_key ${order.direction}, page.id`;
  const prefixSearch =
    present(filter.hospitalNumber) && !present(filter.nhsNumber) && !filter.tciDate && !filter.referralDate;
  if (!prefixSearch) {
    // One statement: the total (counted once: `offset 0` keeps it from being inlined twice), and the
    // page only when it starts before the end.
    const rows = await queryRows<ActiveRow & { total_count: unknown }>(
      db,
      sql`select c.total_count, r.* from (select ${countOf(trustCode, procedureCode, filter)} as total_count offset 0) c
        left join lateral (${page([
          ...activeConditions(trustCode, procedureCode, filter),
          sql`c.total_count > ${offset}`,
        ])}) r on true
        order by r.sort_key ${order.direction}, r.id`,
    );
    const answer = {
      items: rows.filter((row) => row.id !== null).map(toActiveRecord),
      pageNumber,
      pageSize,
      totalCount: n(rows[0]?.total_count),
    };
    await recordPage(db, principal, trustCode, activeRead, answer, filter);
    return answer;
  }
  const totalCount = await countActive(db, trustCode, procedureCode, filter);
  let items: ActiveRecord[] = [];
  if (offset < totalCount) {
    // A prefix search's matches are spread along the list: when reading the list in order until the
    // page is full costs fewer index entries than reading every match and sorting them, walk. In any
    // other order the matches are read from their own index and sorted.
    const listTotal = await countActive(db, trustCode, procedureCode, {});
    const walk = order.isListOrder && ((offset + pageSize) * listTotal) / totalCount < totalCount;
    const rows = await queryRows<ActiveRow>(
      db,
      page(activeConditions(trustCode, procedureCode, filter, { walk })),
    );
    items = rows.map(toActiveRecord);
  }
  await recordPage(db, principal, trustCode, activeRead, { pageNumber, items }, filter);
  return { items, pageNumber, pageSize, totalCount };
}

interface FailedRow extends PatientColumns {
  total_count: unknown;
  id: string | null;
  batch_id: string | null;
  procedure_code: ProcedureCode;
  processed_at: string | null;
  failed_fields: unknown;
  failure_reason: string | null;
}

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fieldList = (value: unknown): string[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

/**
 * GET …/procedures/{type}/manage/records/failed and, for every procedure (the error history),
 * GET /api/trusts/{trust}/waiting-list/manage/records/failed: active pathways the model could not
 * score, most recently tried first.
 */
export async function failedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode | undefined,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<FailedRecord>> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const where = allOf([
    sql`p.trust_code = ${trustCode}`,
    ...(procedureCode ? [sql`p.procedure_code = ${procedureCode}`] : []),
    sql`p.is_active`,
    sql`p.status = 'failed'`,
  ]);
  const rows = await queryRows<FailedRow>(
    db,
    sql`select c.total_count, f.* from
        (select count(*) as total_count from pathways p where ${where}) c
      left join lateral (
        select p.id, coalesce(p.last_batch_id, p.first_batch_id)::text as batch_id, p.nhs_number,
          p.first_name, p.last_name, p.operation_type, p.procedure_code, p.local_patient_identifier,
          ${isoTime(sql`p.processed_at`)} as processed_at, p.failed_fields, p.failure_reason
        from pathways p where ${where}
        order by p.processed_at desc nulls last, p.id
        limit ${page.pageSize} offset ${offsetOf(page.pageNumber, page.pageSize)}
      ) f on true`,
  );
  const answer = {
    items: rows
      .filter((row): row is FailedRow & { id: string } => row.id !== null)
      .map((row) => ({
        id: row.id,
        waitingListId: row.batch_id ?? row.id,
        nhsNumber: row.nhs_number,
        firstName: row.first_name,
        lastName: row.last_name,
        foreName: row.first_name,
        surName: row.last_name,
        operationType: row.operation_type,
        procedureCode: row.procedure_code,
        hospitalNumber: row.local_patient_identifier,
        status: 'failed' as const,
        dateProcessed: row.processed_at,
        failedFields: fieldList(row.failed_fields),
        failureReason: row.failure_reason,
      })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalCount: n(rows[0]?.total_count),
  };
  await recordPage(
    db,
    principal,
    trustCode,
    procedureCode
      ? { action: 'failed-list', endpoint: endpoints.openPathways.failedRecords }
      : { action: 'error-history', endpoint: endpoints.openPathways.allFailedRecords },
    answer,
  );
  return answer;
}

/** The archive's order: most recently removed first. */
export const archivedOrder = sql`p.date_removed desc nulls last, p.id desc nulls last`;

export const archivedColumns = sql`p.id, p.nhs_number, p.first_name, p.last_name, p.operation_type,
  p.procedure_code, p.local_patient_identifier, p.date_of_birth::text as date_of_birth,
  coalesce(p.date_of_operation, p.tci_date)::text as tci_date, p.surgeon_name, p.referral_date::text as referral_date,
  ${isoTime(sql`coalesce(p.date_removed, p.updated_at)`)} as date_removed,
  p.last_batch_id::text as last_batch_id`;

export interface ArchivedRow extends RecordRow {
  procedure_code: ProcedureCode;
  date_removed: string;
  last_batch_id: string | null;
  /** Read by the list (not by archivedColumns, which the archive's report shares). */
  status?: string;
  prediction?: string | null;
  probability?: number | string | null;
}

/** The risk a pathway had when it left the list: a processed one's band and probability. */
const lastRiskOf = (row: ArchivedRow) =>
  row.status === 'processed' && row.probability !== null && row.probability !== undefined
    ? { prediction: bandOfStored(row.prediction), probability: Number(row.probability) }
    : { prediction: null, probability: null };

export const toArchivedRecord = (row: ArchivedRow): ArchivedRecord => ({
  id: row.id,
  nhsNumber: row.nhs_number,
  firstName: row.first_name,
  lastName: row.last_name,
  operationType: row.operation_type,
  procedureCode: row.procedure_code,
  hospitalNumber: row.local_patient_identifier,
  dateOfBirth: row.date_of_birth,
  dateOfOperation: row.tci_date,
  surgeonName: row.surgeon_name,
  referralDate: row.referral_date,
  dateRemoved: row.date_removed,
  lastWaitingListId: row.last_batch_id,
  ...lastRiskOf(row),
});

/** GET /api/trusts/{trust}/waiting-list/manage/records/archived (docs/requirements.md §2 archive), newest first. */
export async function archivedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<ArchivedRecord>> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const offset = offsetOf(page.pageNumber, page.pageSize);
  const [counted] = await queryRows<{ total: unknown }>(
    db,
    sql`select count(*) as total from pathways p where p.trust_code = ${trustCode} and not p.is_active`,
  );
  const totalCount = n(counted?.total);
  let items: ArchivedRecord[] = [];
  if (offset < totalCount) {
    const rows = await queryRows<ArchivedRow>(
      db,
      sql`select r.* from (
          select p.id, p.date_removed from pathways p
          where p.trust_code = ${trustCode} and not p.is_active
          order by ${archivedOrder} limit ${page.pageSize} offset ${offset}) page
        cross join lateral (select ${archivedColumns}, ${shownStatusSql} as status, p.prediction, p.probability
          from pathways p where p.id = page.id limit 1) r
        order by page.date_removed desc nulls last, page.id desc`,
    );
    items = rows.map(toArchivedRecord);
  }
  await recordPage(
    db,
    principal,
    trustCode,
    { action: 'archived-list', endpoint: endpoints.openPathways.archivedRecords },
    { pageNumber: page.pageNumber, items },
  );
  return { items, pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount };
}

/** GET /api/waiting-list/procedures/{type}/manage/records/active/fields (docs/requirements.md §2 generate report). */
export function reportFields(principal: Principal): { fields: ReportField[] } {
  requireAccess(principal, 'waiting-list:read');
  return { fields: reportFieldKeys.map((key) => ({ key, label: reportFieldLabels[key] })) };
}
