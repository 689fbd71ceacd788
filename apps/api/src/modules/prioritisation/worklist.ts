/**
 * The prioritisation worklist (decision 0044): the risk × wait matrix, the worklist's pages and
 * export, and the equity tables, for clerical users, clinicians and waiting list admins of the
 * trust. Flags and bands are computed on read, on London calendar dates.
 */
import { createHash } from 'node:crypto';
import { bandOfStored } from '@esr/contracts/risk-band';
import { sql, type SQL } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import {
  defaultHarmReviewThresholdWeeks,
  equitySmallGroup,
  ethnicGroupOfCode,
  equityGroupLabels,
  flagLabels,
  harmLevelLabels,
  nextValidationDueOn,
  priorityCodes,
  prioritisationFlags,
  riskBandLabels,
  riskBands,
  waitBandLabels,
  waitBands,
  worklistSortLabels,
  type Equity,
  type EquityGrouping,
  type HarmLevel,
  type Matrix,
  type PrioritisationFlag,
  type PriorityCode,
  type RiskBand,
  type WaitBand,
  type Worklist,
  type WorklistExportQuery,
  type WorklistFilter,
  type WorklistItem,
  type WorklistQuery,
  type WorklistSort,
} from '@esr/contracts/prioritisation';
import { recordStatusText, riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { todayInLondon } from '@esr/contracts/london-dates';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { VersionedCache, type Versioned } from '../../platform/db/versioned-cache.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import { allOf, offsetOf } from '../../platform/db/list-queries.js';
import { hiddenInTable } from '../../platform/small-groups.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { patientAccessInsert, routeOf } from '../access-log/index.js';
import { procedureName } from '../library/index.js';
import { scoringStateOf } from '../pathways/index.js';
import { suspendedOnSql } from '../prediction-suspension/index.js';
import { suspendedText } from '@esr/contracts/prediction-suspension';
import { startReport, type ReportColumn, type ReportFile } from '../reports/index.js';
import {
  flagColumnsSql,
  riskBandSql,
  surgeonNamesContaining,
  surgeonNamesSql,
  surgeonPart,
  waitBandSql,
  worklistColumns,
  worklistConditions,
  worklistOrder,
  worklistPageKeys,
} from './worklist-sql.js';

export const worklistPageSize = 15;

/** The trust's harm-review thresholds in weeks: its own, or 52, 78 and 104. */
export async function harmThresholdsOf(db: Db, trustCode: string): Promise<number[]> {
  const [row] = await queryRows<{ weeks: number[] | null }>(
    db,
    sql`select harm_review_threshold_weeks as weeks from trusts where trust_code = ${trustCode}`,
  );
  return row?.weeks && row.weeks.length > 0 ? [...row.weeks] : [...defaultHarmReviewThresholdWeeks];
}

const bandOf = (stored: unknown): Prediction | null =>
  stored === 'high' || stored === 'medium' || stored === 'low' ? stored : null;

export interface WorklistRow extends Record<string, unknown> {
  id: string;
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  priority: string | null;
  priority_date: string | null;
  clock_start: string | null;
  days_waited: number | null;
  wait_band: string | null;
  tci_date: string | null;
  status: string;
  prediction: string | null;
  probability: number | null;
  adjusted_prediction: string | null;
  last_validated_on: string | null;
  last_harm_review_on: string | null;
  last_harm_review_level: string | null;
  surgeon_name: string | null;
  priority_breached: boolean;
  validation_due: boolean;
  harm_review_due: boolean;
  clinician_review_due: boolean;
  clerical_change_unreviewed: boolean;
  missing_inputs: boolean;
  tci_passed: boolean;
  /** Decision 0057: an incomplete pathway's missing required inputs, an excluded one's reason, the defaulted inputs. */
  failed_fields: unknown;
  exclusion: string | null;
  defaulted_inputs: unknown;
}

export function toWorklistItem(row: WorklistRow): WorklistItem {
  const processed = row.status === 'processed';
  return {
    ...scoringStateOf(row),
    id: row.id,
    nhsNumber: row.nhs_number,
    firstName: row.first_name,
    lastName: row.last_name,
    priority: (row.priority as PriorityCode | null) ?? null,
    priorityDate: row.priority_date,
    clockStart: row.clock_start,
    daysWaited: row.days_waited === null ? null : Number(row.days_waited),
    waitBand: (row.wait_band as WaitBand | null) ?? null,
    tciDate: row.tci_date,
    prediction: processed ? bandOfStored(row.prediction) : null,
    probability: processed && row.probability !== null ? Number(row.probability) : null,
    adjustedPrediction: bandOf(row.adjusted_prediction),
    flags: prioritisationFlags.filter((flag) => row[flag] === true),
    lastValidatedOn: row.last_validated_on,
    nextValidationDue: nextValidationDueOn(row.clock_start, row.last_validated_on),
    lastHarmReview:
      row.last_harm_review_on && row.last_harm_review_level
        ? { level: row.last_harm_review_level as HarmLevel, reviewedOn: row.last_harm_review_on }
        : null,
  };
}

/** The filters used, by name only: an access entry and the change log never hold an NHS number typed as a filter. */
const filterNames: Record<keyof WorklistFilter, string> = {
  risk: 'risk',
  wait: 'wait',
  flag: 'flag',
  priority: 'priority',
  surgeonName: 'consultant surgeon',
  nhsNumber: 'NHS number',
};
const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
const usedFilters = (filter: WorklistFilter) =>
  (Object.keys(filterNames) as (keyof WorklistFilter)[])
    .filter((key) => {
      const value = filter[key];
      return value !== undefined && value.trim() !== '';
    })
    .map((key) => filterNames[key]);

const filtersOnly = (query: WorklistFilter): WorklistFilter => ({
  risk: query.risk,
  wait: query.wait,
  flag: query.flag,
  priority: query.priority,
  surgeonName: query.surgeonName,
  nhsNumber: query.nhsNumber,
});

/** The list's version (migration 0027) as a scalar subquery: null when the list has none yet. */
const versionSql = (trustCode: string, procedureCode: string) =>
  sql`(select version from pathway_list_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode})`;
const versionOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The trust's harm-review thresholds and the list's version, in one read. */
async function listStateOf(db: Db, trustCode: string, procedureCode: string) {
  const [row] = await queryRows<{
    weeks: number[] | null;
    version: string | number | null;
    suspended_on: string | null;
  }>(
    db,
    sql`select (select harm_review_threshold_weeks from trusts where trust_code = ${trustCode}) as weeks,
      ${versionSql(trustCode, procedureCode)} as version,
      ${suspendedOnSql({ trustCode, procedureCode })} as suspended_on`,
  );
  const weeks = row?.weeks;
  return {
    thresholds: weeks && weeks.length > 0 ? [...weeks] : [...defaultHarmReviewThresholdWeeks],
    version: versionOf(row?.version),
    // Decision 0063: read with the version, as the matrix kept under it is keyed by it.
    suspendedOn: row?.suspended_on ?? null,
  };
}

/** The sort a page or an export is read in: no order by a suspended probability (decision 0063). */
const sortWhile = (sort: WorklistSort, suspendedOn: string | null): WorklistSort =>
  suspendedOn !== null && sort === 'highest_risk' ? 'longest_wait' : sort;

/** Matrices, per list, London day, thresholds and filters. */
export const matrixCacheSize = 200;
const matrices = new VersionedCache<Matrix>(matrixCacheSize);
/** Each list's surgeon names, for the surgeon filter of a worklist page. */
const surgeonNameLists = new VersionedCache<string[]>(matrixCacheSize);

/** Counts the matrix of the matching pathways, with the list's version read in the same statement. */
async function countMatrix(
  db: Db,
  list: { trustCode: string; procedureCode: ProcedureCode; suspendedOn: string | null },
  conditions: SQL[],
  today: string,
  thresholds: readonly number[],
): Promise<Versioned<Matrix>> {
  const { trustCode, procedureCode, suspendedOn } = list;
  // The version comes back even when nothing matches (the left join's row of nulls).
  const rows = await queryRows<{
    version: string | number | null;
    risk: RiskBand | null;
    wait: WaitBand | null;
    count: number | string | null;
    priority_breached: number | string | null;
    validation_due: number | string | null;
    harm_review_due: number | string | null;
    clinician_review_due: number | string | null;
    clerical_change_unreviewed: number | string | null;
    missing_inputs: number | string | null;
    tci_passed: number | string | null;
  }>(
    db,
    sql`select ${versionSql(trustCode, procedureCode)} as version, m.*
      from (select 1) one left join (select risk, wait, count(*) as count,
          count(*) filter (where priority_breached) as priority_breached,
          count(*) filter (where validation_due) as validation_due,
          count(*) filter (where harm_review_due) as harm_review_due,
          count(*) filter (where clinician_review_due) as clinician_review_due,
          count(*) filter (where clerical_change_unreviewed) as clerical_change_unreviewed,
          count(*) filter (where missing_inputs) as missing_inputs,
          count(*) filter (where tci_passed) as tci_passed
        from (select ${riskBandSql(suspendedOn !== null)} as risk, ${waitBandSql(today)} as wait,
            ${flagColumnsSql(today, thresholds)}
          from pathways p where ${allOf(conditions)}) w
        group by risk, wait) m on true`,
  );
  const counts = new Map<string, number>();
  const flags = Object.fromEntries(prioritisationFlags.map((flag) => [flag, 0])) as Record<
    PrioritisationFlag,
    number
  >;
  let total = 0;
  let withoutClockStart = 0;
  for (const row of rows) {
    if (row.risk === null) continue;
    const count = Number(row.count);
    total += count;
    if (row.wait === null) withoutClockStart += count;
    else counts.set(`${row.risk}|${row.wait}`, count);
    for (const flag of prioritisationFlags) flags[flag] += Number(row[flag]);
  }
  return {
    version: versionOf(rows[0]?.version),
    value: {
      cells: riskBands.flatMap((risk) =>
        waitBands.map((wait) => ({ risk, wait, count: counts.get(`${risk}|${wait}`) ?? 0 })),
      ),
      flags,
      total,
      withoutClockStart,
      today,
      suspendedOn,
    },
  };
}

/** The list's distinct surgeon names in lower case, with the list's version. */
async function readSurgeonNames(
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
): Promise<Versioned<string[]>> {
  const [row] = await queryRows<{ version: string | number | null; names: string[] | null }>(
    db,
    sql`select ${versionSql(trustCode, procedureCode)} as version,
      array(${surgeonNamesSql(trustCode, procedureCode)} where names.name is not null) as names`,
  );
  return { version: versionOf(row?.version), value: row?.names ?? [] };
}

/**
 * A key of what is kept, as a digest: the filters hold what a user typed (an NHS number), which
 * is not kept in memory as written.
 */
const cacheKey = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64');

/** The filters as a key: what each is compared with (trimmed; the surgeon in lower case). */
function filterKey(filter: WorklistFilter) {
  const text = (value: string | undefined) => (present(value) ? value.trim() : null);
  return [
    filter.risk ?? null,
    filter.wait ?? null,
    filter.flag ?? null,
    filter.priority ?? null,
    present(filter.surgeonName) ? surgeonPart(filter.surgeonName) : null,
    text(filter.nhsNumber),
  ];
}

/**
 * The matrix of the matching pathways, kept or counted, and the conditions and thresholds a page
 * of them is read with. The matrix is counted with the surgeon names found in the same statement,
 * so that what is kept under a version is exactly that version's; a page reads the names kept.
 */
async function listAnswer(
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  filter: WorklistFilter,
  today: string,
  options: { page?: boolean } = {},
) {
  const { thresholds, version, suspendedOn } = await listStateOf(db, trustCode, procedureCode);
  const list = { trustCode, procedureCode, suspendedOn, suspended: suspendedOn !== null };
  const matrix = matrices.get(
    db,
    cacheKey([trustCode, procedureCode, today, thresholds, suspendedOn, filterKey(filter)]),
    version,
    () => countMatrix(db, list, worklistConditions(list, filter, today, thresholds), today, thresholds),
  );
  const [counted, listNames] = await Promise.all([
    matrix,
    options.page && present(filter.surgeonName)
      ? surgeonNameLists.get(db, cacheKey([trustCode, procedureCode]), version, () =>
          readSurgeonNames(db, trustCode, procedureCode),
        )
      : undefined,
  ]);
  const surgeonNames =
    listNames && present(filter.surgeonName)
      ? surgeonNamesContaining(listNames, filter.surgeonName)
      : undefined;
  return {
    matrix: counted,
    thresholds,
    conditions: worklistConditions(list, filter, today, thresholds, surgeonNames),
  };
}

/** GET …/prioritisation/matrix: counts by risk band × wait band, and the flag counts, of the matching pathways. */
export async function worklistMatrix(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  filter: WorklistFilter,
  today = todayInLondon(),
): Promise<Matrix> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const { matrix } = await listAnswer(db, trustCode, procedureCode, filtersOnly(filter), today);
  return structuredClone(matrix);
}

/**
 * GET …/prioritisation/worklist: a page of the matching pathways in the order asked for. The total
 * is the matrix's (kept per list version); a page past it is not read. The page's ids come from the
 * sort's index (a deep offset reads only index entries where no filter needs the table), then each
 * row by its id; the same statement writes the page's access entry (decision 0042).
 */
export async function worklistPage(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: WorklistQuery,
  today = todayInLondon(),
): Promise<Worklist> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const filter = filtersOnly(query);
  const { matrix, thresholds, conditions } = await listAnswer(db, trustCode, procedureCode, filter, today, {
    page: true,
  });
  const offset = offsetOf(query.pageNumber, worklistPageSize);
  let rows: WorklistRow[] = [];
  if (offset < matrix.total) {
    const used = usedFilters(filter);
    const sort = sortWhile(query.sort, matrix.suspendedOn);
    const { keys, order } = worklistPageKeys[sort];
    const access = patientAccessInsert(
      principal,
      {
        trustCode,
        route: routeOf(endpoints.prioritisation.worklist),
        action: 'worklist',
        detail: `page ${query.pageNumber}, ${worklistSortLabels[sort].toLowerCase()} first${used.length > 0 ? `, filtered by ${used.join(', ')}` : ''}`,
      },
      {
        // Nothing is written for an empty page: it carried no one.
        from: sql`(select array_agg(page.id order by ${order}) as ids from page) page_ids where page_ids.ids is not null`,
        pathwayIds: sql`page_ids.ids`,
        evaluationId: sql`null::uuid`,
      },
    );
    // The page size is written in the statement, not bound: a generic plan guesses a tenth of the
    // list for a bound LIMIT, and sorted every match of a common filter rather than walk the sort's
    // index. The lateral LIMIT keeps it from joining the whole list to 15 ids (decision 0024).
    rows = await queryRows<WorklistRow>(
      db,
      sql`with page as (select p.id, ${keys} from pathways p where ${allOf(conditions)}
          order by ${worklistOrder[sort]} limit ${sql.raw(String(worklistPageSize))} offset ${offset}),
        -- A data-modifying WITH runs once whether or not the query reads it.
        logged as (${access})
        select x.* from page cross join lateral (select ${worklistColumns(today, thresholds)}
          from pathways p where p.id = page.id limit 1) x
        order by ${order}`,
    );
  }
  return {
    items: rows.map(toWorklistItem),
    pageNumber: query.pageNumber,
    pageSize: worklistPageSize,
    totalCount: matrix.total,
  };
}

const exportChunk = 2000;

const flagWords = (row: WorklistRow) =>
  prioritisationFlags
    .filter((flag) => row[flag] === true)
    .map((flag) => flagLabels[flag])
    .join('; ') || null;

const worklistReportColumns: ReportColumn<WorklistRow>[] = [
  { key: 'nhsNumber', label: 'NHS number', kind: 'nhsNumber', width: 12, value: (row) => row.nhs_number },
  // Pathways without an NHS number are told apart by the hospital's own number.
  {
    key: 'hospitalNumber',
    label: 'Local patient identifier',
    kind: 'text',
    width: 12,
    value: (row) => row.local_patient_identifier,
  },
  { key: 'firstName', label: 'First name', kind: 'text', width: 14, value: (row) => row.first_name },
  { key: 'lastName', label: 'Last name', kind: 'text', width: 14, value: (row) => row.last_name },
  { key: 'priority', label: 'Priority', kind: 'text', width: 9, value: (row) => row.priority },
  { key: 'priorityDate', label: 'Priority date', kind: 'date', width: 12, value: (row) => row.priority_date },
  { key: 'clockStart', label: 'RTT clock start', kind: 'date', width: 12, value: (row) => row.clock_start },
  {
    key: 'daysWaited',
    label: 'Days waited',
    kind: 'integer',
    width: 8,
    value: (row) => (row.days_waited === null ? null : Number(row.days_waited)),
  },
  {
    key: 'waitBand',
    label: 'Wait',
    kind: 'text',
    width: 14,
    value: (row) => (row.wait_band ? waitBandLabels[row.wait_band as WaitBand] : null),
  },
  { key: 'tciDate', label: 'TCI date', kind: 'date', width: 12, value: (row) => row.tci_date },
  {
    key: 'surgeonName',
    label: 'Consultant surgeon',
    kind: 'text',
    width: 18,
    value: (row) => row.surgeon_name,
  },
  {
    key: 'prediction',
    label: 'Model risk',
    kind: 'text',
    width: 13,
    // Where there is no band, why (decision 0057): "Incomplete: haemoglobin not recorded".
    value: (row) => {
      const band = row.status === 'processed' ? bandOfStored(row.prediction) : null;
      return band ? riskLabels[band] : recordStatusText(scoringStateOf(row));
    },
  },
  {
    key: 'probability',
    label: 'Model probability (%)',
    kind: 'percent',
    width: 10,
    value: (row) =>
      row.status === 'processed' && row.probability !== null
        ? Math.round(Number(row.probability) * 1000) / 10
        : null,
  },
  {
    key: 'defaultedInputs',
    label: 'Defaulted inputs',
    kind: 'text',
    width: 18,
    value: (row) => scoringStateOf(row).defaultedInputs.join(', ') || null,
  },
  {
    key: 'adjustedPrediction',
    label: 'Clinician’s risk',
    kind: 'text',
    width: 13,
    value: (row) => {
      const band = bandOf(row.adjusted_prediction);
      return band ? riskLabels[band] : null;
    },
  },
  { key: 'flags', label: 'Flags', kind: 'text', width: 24, value: flagWords },
  {
    key: 'lastValidatedOn',
    label: 'Last validated',
    kind: 'date',
    width: 12,
    value: (row) => row.last_validated_on,
  },
  {
    key: 'nextValidationDue',
    label: 'Next validation due',
    kind: 'date',
    width: 12,
    value: (row) => nextValidationDueOn(row.clock_start, row.last_validated_on),
  },
  {
    key: 'lastHarmReview',
    label: 'Last harm review',
    kind: 'text',
    width: 16,
    value: (row) =>
      row.last_harm_review_level ? harmLevelLabels[row.last_harm_review_level as HarmLevel] : null,
  },
  {
    key: 'lastHarmReviewOn',
    label: 'Harm reviewed on',
    kind: 'date',
    width: 12,
    value: (row) => row.last_harm_review_on,
  },
];

function filtersInWords(filter: WorklistFilter): { label: string; value: string }[] {
  const words: { label: string; value: string }[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') words.push({ label, value: value.trim() });
  };
  add('Risk', filter.risk && riskBandLabels[filter.risk]);
  add('Wait', filter.wait && waitBandLabels[filter.wait]);
  add('Flag', filter.flag && flagLabels[filter.flag]);
  add('Priority', filter.priority === 'none' ? 'No priority' : filter.priority);
  add('Consultant surgeon', filter.surgeonName);
  add('NHS number', filter.nhsNumber);
  return words;
}

/**
 * The export's rows in the worklist's order: the matching ids are read once, in order, then their
 * rows a chunk at a time, so that a pathway changed while the file is written neither moves nor
 * repeats.
 */
async function* exportRows(
  db: Db,
  ids: string[],
  today: string,
  thresholds: readonly number[],
): AsyncGenerator<WorklistRow[]> {
  for (let start = 0; start < ids.length; start += exportChunk) {
    const chunk = ids.slice(start, start + exportChunk);
    const rows = await queryRows<WorklistRow>(
      db,
      sql`select ${worklistColumns(today, thresholds)} from pathways p
        where p.id = any(${`{${chunk.join(',')}}`}::uuid[])`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = chunk.map((id) => byId.get(id)).filter((row): row is WorklistRow => row !== undefined);
    if (ordered.length > 0) yield ordered;
  }
}

/** GET …/prioritisation/worklist/export: the whole matching worklist as csv or xlsx, audited. */
export async function exportWorklist(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: WorklistExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const today = todayInLondon(now);
  const { thresholds, suspendedOn } = await listStateOf(db, trustCode, procedureCode);
  const filter = filtersOnly(query);
  const list = { trustCode, procedureCode, suspended: suspendedOn !== null };
  const sort = sortWhile(query.sort, suspendedOn);
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`select p.id from pathways p
        where ${allOf(worklistConditions(list, filter, today, thresholds))}
        order by ${worklistOrder[sort]}`,
    )
  ).map((row) => row.id);
  const procedure = await procedureName(db, procedureCode);
  return startReport(db, {
    principal,
    endpoint: endpoints.prioritisation.worklistExport,
    trustCode,
    what: `the ${procedure} prioritisation worklist`,
    name: `${procedure} worklist`,
    fileType: query.fileType,
    now,
    audit: {
      report: 'prioritisation worklist',
      procedureCode,
      sort,
      filters: usedFilters(filter),
    },
    content: {
      filters: [
        { label: 'Type of operation', value: procedure },
        { label: 'Waits counted to', value: today },
        ...(suspendedOn ? [{ label: 'Model risk', value: suspendedText(suspendedOn) }] : []),
        ...filtersInWords(filter),
      ],
      demonstration: false,
      columns: worklistReportColumns,
      rowCount: ids.length,
      pages: exportRows(db, ids, today, thresholds),
    },
  });
}

/** The age band of someone born on `dateOfBirth`, on `today`. */
const ageBandSql = (today: string) => sql`(case when p.date_of_birth is null then 'Not known'
  else (case when extract(year from age(${today}::date, p.date_of_birth)) < 50 then 'Under 50'
    when extract(year from age(${today}::date, p.date_of_birth)) < 60 then '50 to 59'
    when extract(year from age(${today}::date, p.date_of_birth)) < 70 then '60 to 69'
    when extract(year from age(${today}::date, p.date_of_birth)) < 80 then '70 to 79'
    else '80 and over' end) end)`;

function ethnicGroupSql() {
  const cases = Object.entries(ethnicGroupOfCode)
    .map(([code, group]) => sql`when ${code} then ${group}`)
    .reduce((all, next) => sql`${all} ${next}`);
  return sql`(case (p.clinical->>'ethnicGroup') ${cases} else 'Not stated' end)`;
}

const sexSql = sql`(case (p.clinical->>'sex') when 'M' then 'Male' when 'F' then 'Female' else 'Not stated' end)`;

const groupOrder: Record<EquityGrouping, readonly string[]> = {
  sex: [equityGroupLabels.sex.F, equityGroupLabels.sex.M, equityGroupLabels.sex.unknown],
  ethnicGroup: equityGroupLabels.ethnicGroup,
  ageBand: equityGroupLabels.ageBand,
};

/** A group's figures, or only "hidden" for a group too small to show or hidden to protect one (decision 0052). */
function figures(
  row:
    | { n: number | string; median: number | string | null; over18: number | string; over52: number | string }
    | undefined,
  hidden: boolean,
) {
  if (hidden || !row)
    return { n: hiddenFigure, medianDaysWaited: null, over18Weeks: null, over52Weeks: null };
  return {
    n: Number(row.n),
    medianDaysWaited: row.median === null ? null : Number(row.median),
    over18Weeks: Number(row.over18),
    over52Weeks: Number(row.over52),
  };
}

/** GET …/prioritisation/equity: waits by sex, ethnic group or age band, overall and by priority. */
export async function worklistEquity(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  by: EquityGrouping,
  today = todayInLondon(),
): Promise<Equity> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const group = by === 'sex' ? sexSql : by === 'ethnicGroup' ? ethnicGroupSql() : ageBandSql(today);
  const days = sql`(${today}::date - p.clock_start)`;
  const rows = await queryRows<{
    grp: string;
    priority: string | null;
    by_priority: boolean;
    n: number | string;
    median: number | string | null;
    over18: number | string;
    over52: number | string;
  }>(
    db,
    sql`select grp, priority, grouping(priority) = 0 as by_priority, count(*) as n,
        percentile_cont(0.5) within group (order by days) as median,
        count(*) filter (where days > 126) as over18, count(*) filter (where days > 364) as over52
      from (select ${group} as grp, coalesce(p.priority, 'None') as priority, ${days} as days
        from pathways p where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode} and p.is_active) g
      group by grouping sets ((grp), (grp, priority))`,
  );
  const priorityOrder = [...priorityCodes, 'None'] as string[];
  const cells = rows.filter((row) => row.by_priority);
  const priorities = priorityOrder.filter((priority) => cells.some((row) => row.priority === priority));
  const cellOf = (name: string, priority: string) =>
    cells.find((row) => row.grp === name && row.priority === priority);
  // Groups by priority, each group's total beside its rows: small ones hidden, and as many more as it
  // takes that no hidden one, nor its counts over 18 and 52 weeks, can be worked out from the totals
  // (decision 0052). An empty group or priority row is left out, unless it is hidden for that reason.
  const names = groupOrder[by];
  const hidden = hiddenInTable(
    names.map((name) =>
      priorities.map((priority) => {
        const cell = cellOf(name, priority);
        return cell ? { size: Number(cell.n), counts: [Number(cell.over18), Number(cell.over52)] } : null;
      }),
    ),
    equitySmallGroup,
  );
  const groups = names.flatMap((name, index) => {
    const overall = rows.find((row) => row.grp === name && !row.by_priority);
    if (!overall && !hidden.rows[index]) return [];
    const byPriority = priorities.flatMap((priority, column) => {
      const cell = cellOf(name, priority);
      const hide = hidden.cells[index]![column]!;
      return cell || hide ? [{ priority, ...figures(cell, hide) }] : [];
    });
    return [{ group: name, ...figures(overall, hidden.rows[index]!), byPriority }];
  });
  return { by, today, groups };
}

export type { PrioritisationFlag };
