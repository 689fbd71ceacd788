/**
 * The optimisation worklist (docs/optimisation.md, decision 0072): the active pathways of a list with
 * a factor matching the filters (by default, one not yet closed), the nearest TCI date first, then
 * the highest risk, each with all its factors; and the counts per factor and status. Read from the
 * factor rows (factor-states.ts), made current first.
 */
import { sql, type SQL } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  closedStatuses,
  factorDefinitions,
  optimisationFactors,
  optimisationStatuses,
  optimisationStatusLabels,
  type OptimisationFactor,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import type {
  OptimisationCounts,
  OptimisationWorklist,
  OptimisationWorklistFilter,
  OptimisationWorklistItem,
  OptimisationWorklistQuery,
  WorklistFactor,
} from '@esr/contracts/optimisation-worklist';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { RecordStatus } from '@esr/contracts/open-pathways';
import { bandOfStored } from '@esr/contracts/risk-band';
import { queryRows, type Db } from '../../platform/db/client.js';
import { VersionedCache, type Versioned } from '../../platform/db/versioned-cache.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import { patientAccessInsert, routeOf } from '../access-log/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { shownStatusSql, suspendedOnSql } from '../prediction-suspension/index.js';
import { ensureListFactors, factorOnDaySql } from './factor-states.js';

/** The factors of a list as they stand today (`fs`), of active pathways, with the surgeon filter. */
export function shownFactorsSql(
  list: { trustCode: string; procedureCode: string },
  filter: Pick<OptimisationWorklistFilter, 'surgeonName' | 'nhsNumber'>,
  today: string,
  dueWeeks: number,
): SQL {
  const conditions = pathwayConditions(filter);
  return sql`select f.pathway_id, f.factor, x.status, x.value, x.value_date, x.due_on, x.overdue
    from optimisation_factors f join pathways p on p.id = f.pathway_id
    cross join lateral (select ${factorOnDaySql(today, dueWeeks)}) x
    where f.trust_code = ${list.trustCode} and f.procedure_code = ${list.procedureCode} and p.is_active
      and x.shown ${conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}`;
}

/** The factor rows the filters ask for: of the factor, at the status (else not closed), overdue. */
export function matchingFactorSql(filter: OptimisationWorklistFilter): SQL {
  const conditions = [
    filter.status
      ? sql`fs.status = ${filter.status}`
      : sql`fs.status not in (${sql.join(
          closedStatuses.map((status) => sql`${status}`),
          sql`, `,
        )})`,
  ];
  if (filter.factor) conditions.push(sql`fs.factor = ${filter.factor}`);
  if (filter.overdue === 'true') conditions.push(sql`fs.overdue`);
  if (filter.overdue === 'false') conditions.push(sql`not fs.overdue`);
  return sql.join(conditions, sql` and `);
}

/** The rules' order of the factors, for a pathway's list of them. */
export const factorOrderSql = (column: SQL) =>
  sql`array_position(${`{${optimisationFactors.join(',')}}`}::text[], ${column})`;

/** The worklist's order: the nearest TCI date (none last), then the highest risk shown, then the id. */
export const riskShownSql = sql`(case when ${shownStatusSql} = 'processed' then p.probability end)`;

/** A worklist pathway's own columns, as the page and the export read them. */
export interface WorklistPathwayRow extends Record<string, unknown> {
  id: string;
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  surgeon_name: string | null;
  tci_date: string | null;
  status: string;
  prediction: string | null;
  probability: number | null;
}

interface ItemRow extends WorklistPathwayRow {
  factors:
    | {
        code: string;
        status: string;
        value: number | null;
        valueDate: string | null;
        dueOn: string;
        overdue: boolean;
      }[]
    | string;
}

function itemOf(row: ItemRow): OptimisationWorklistItem {
  const processed = row.status === 'processed';
  const factors =
    typeof row.factors === 'string'
      ? (JSON.parse(row.factors) as Exclude<ItemRow['factors'], string>)
      : row.factors;
  return {
    id: row.id,
    nhsNumber: row.nhs_number,
    localPatientIdentifier: row.local_patient_identifier,
    firstName: row.first_name,
    lastName: row.last_name,
    surgeonName: row.surgeon_name,
    tciDate: row.tci_date,
    status: row.status as RecordStatus,
    prediction: processed ? bandOfStored(row.prediction) : null,
    probability: processed && row.probability !== null ? Number(row.probability) : null,
    factors: factors.map((factor): WorklistFactor => ({
      code: factor.code as OptimisationFactor,
      status: factor.status as OptimisationStatus,
      value: factor.value === null ? null : Number(factor.value),
      valueDate: factor.valueDate,
      dueOn: factor.dueOn,
      overdue: factor.overdue,
    })),
  };
}

/** A pathway `p`'s factors as they stand today, as `fs` rows (its own rows only: one probe of their key). */
const factorsOfPathwaySql = (today: string, dueWeeks: number) =>
  sql`select f.pathway_id, f.factor, x.status, x.value, x.value_date, x.due_on, x.overdue
    from optimisation_factors f cross join lateral (select ${factorOnDaySql(today, dueWeeks)}) x
    where f.pathway_id = p.id and x.shown`;

/** The columns of an item of its pathway `p`, with all its factors. */
const itemColumnsSql = (today: string, dueWeeks: number) => sql`p.id, p.nhs_number,
  p.local_patient_identifier, p.first_name, p.last_name, p.surgeon_name, p.tci_date::text as tci_date,
  ${shownStatusSql} as status, p.prediction, p.probability,
  (select json_agg(json_build_object('code', fs.factor, 'status', fs.status, 'value', fs.value,
      'valueDate', fs.value_date, 'dueOn', fs.due_on, 'overdue', fs.overdue) order by ${factorOrderSql(sql`fs.factor`)})
    from (${factorsOfPathwaySql(today, dueWeeks)}) fs) as factors`;

/** The surgeon and NHS number filters over the pathway `p`, as conditions. */
function pathwayConditions(filter: Pick<OptimisationWorklistFilter, 'surgeonName' | 'nhsNumber'>): SQL[] {
  const conditions: SQL[] = [];
  const surgeon = filter.surgeonName?.trim().toLowerCase();
  if (surgeon) conditions.push(sql`strpos(lower(p.surgeon_name), ${surgeon}) > 0`);
  // NHS numbers are stored as 10 digits: a prefix is the range of the numbers it starts.
  const digits = filter.nhsNumber?.trim();
  if (digits)
    conditions.push(
      sql`p.nhs_number >= ${digits.padEnd(10, '0')} and p.nhs_number <= ${digits.padEnd(10, '9')}`,
    );
  return conditions;
}

/** A list's counts and the total of one filter's matches, kept per list version (migration 0027). */
interface ListCounts {
  total: number;
  counts: OptimisationCounts;
}
const countsCache = new VersionedCache<ListCounts>(200);

/** The version of the list, as the matrix of the prioritisation worklist reads it. */
const listVersionSql = (trustCode: string, procedureCode: string) =>
  sql`(select version from pathway_list_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode})`;

async function countList(
  db: Db,
  list: { trustCode: string; procedureCode: string },
  query: OptimisationWorklistFilter,
  today: string,
  dueWeeks: number,
): Promise<Versioned<ListCounts>> {
  const fs = shownFactorsSql(list, query, today, dueWeeks);
  const [row] = await queryRows<{
    version: string | number | null;
    total: number | string;
    counts: { factor: string; status: string; n: number }[] | string | null;
  }>(
    db,
    sql`with fs as (${fs})
      select ${listVersionSql(list.trustCode, list.procedureCode)} as version,
        (select count(distinct fs.pathway_id) from fs where ${matchingFactorSql(query)}) as total,
        (select json_agg(json_build_object('factor', c.factor, 'status', c.status, 'n', c.n))
          from (select fs.factor, fs.status, count(*)::int as n from fs group by fs.factor, fs.status) c) as counts`,
  );
  return {
    version: row?.version === null || row?.version === undefined ? null : String(row.version),
    value: { total: Number(row?.total ?? 0), counts: countsOf(row?.counts ?? null) },
  };
}

/** The filters used, in words, for the access log and the export's change-log entry. */
export function filtersInWords(filter: OptimisationWorklistFilter): string {
  const words: string[] = [];
  if (filter.factor) words.push(factorDefinitions[filter.factor].label.toLowerCase());
  words.push(filter.status ? optimisationStatusLabels[filter.status].toLowerCase() : 'not yet closed');
  if (filter.overdue === 'true') words.push('overdue');
  if (filter.overdue === 'false') words.push('not overdue');
  if (filter.surgeonName?.trim()) words.push('by surgeon');
  if (filter.nhsNumber?.trim()) words.push('by NHS number');
  return words.join(', ');
}

/** GET …/waiting-list/procedures/{type}/optimisation: a page, its total and the counts. */
export async function optimisationWorklist(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: OptimisationWorklistQuery,
  today = todayInLondon(),
): Promise<OptimisationWorklist> {
  requireAccess(principal, 'optimisation:read', trustCode);
  const trust = await ensureListFactors(db, trustCode, procedureCode, today);
  const list = { trustCode, procedureCode };
  const dueWeeks = trust.rules.dueWeeks;
  const [state] = await queryRows<{ version: string | number | null; suspended_on: string | null }>(
    db,
    sql`select ${listVersionSql(trustCode, procedureCode)} as version,
      ${suspendedOnSql({ trustCode, procedureCode })} as suspended_on`,
  );
  const filter = {
    factor: query.factor,
    status: query.status,
    overdue: query.overdue,
    surgeonName: query.surgeonName?.trim() || undefined,
    nhsNumber: query.nhsNumber?.trim() || undefined,
  };
  const { total, counts } = await countsCache.get(
    db,
    JSON.stringify([trustCode, procedureCode, today, dueWeeks, filter]),
    state?.version === null || state?.version === undefined ? null : String(state.version),
    () => countList(db, list, filter, today, dueWeeks),
  );
  const offset = offsetOf(query.pageNumber, query.pageSize);
  let rows: ItemRow[] = [];
  if (offset < total) {
    // No order by a suspended prediction (decision 0063); otherwise exactly
    // pathways_optimisation_order_idx, walked until a page of pathways with a matching factor is found.
    const risk = state?.suspended_on
      ? sql`null::float8`
      : sql`(case when p.status = 'processed' then p.probability end)`;
    const order = sql`p.tci_date asc nulls last, ${risk} desc nulls last, p.id`;
    const access = patientAccessInsert(
      principal,
      {
        trustCode,
        route: routeOf(endpoints.optimisation.worklist),
        action: 'optimisation-worklist',
        detail: `page ${query.pageNumber}, ${filtersInWords(query)}`,
      },
      {
        from: sql`(select array_agg(page.id order by page.n) as ids from page) page_ids where page_ids.ids is not null`,
        pathwayIds: sql`page_ids.ids`,
        evaluationId: sql`null::uuid`,
      },
    );
    const matchingFactor = sql`exists (select 1 from (${factorsOfPathwaySql(today, dueWeeks)}) fs
      where ${matchingFactorSql(filter)})`;
    // The page size is written in the statement, not bound, as the prioritisation worklist's is.
    rows = await queryRows<ItemRow>(
      db,
      sql`with ordered as (select p.id from pathways p
          where ${sql.join(
            [
              sql`p.trust_code = ${trustCode}`,
              sql`p.procedure_code = ${procedureCode}`,
              sql`p.is_active`,
              ...pathwayConditions(filter),
              matchingFactor,
            ],
            sql` and `,
          )}
          order by ${order} limit ${sql.raw(String(query.pageSize))} offset ${offset}),
        page as (select ordered.id, row_number() over () as n from ordered),
        logged as (${access})
        select ${itemColumnsSql(today, dueWeeks)} from page join pathways p on p.id = page.id order by page.n`,
    );
  }
  return {
    items: rows.map(itemOf),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
    counts,
    today,
  };
}

function countsOf(rows: { factor: string; status: string; n: number }[] | string | null): OptimisationCounts {
  const list =
    typeof rows === 'string'
      ? (JSON.parse(rows) as { factor: string; status: string; n: number }[])
      : (rows ?? []);
  const counts = Object.fromEntries(
    optimisationFactors.map((code) => [
      code,
      Object.fromEntries(optimisationStatuses.map((status) => [status, 0])),
    ]),
  ) as OptimisationCounts;
  for (const row of list)
    counts[row.factor as OptimisationFactor][row.status as OptimisationStatus] = Number(row.n);
  return counts;
}
