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
import { offsetOf } from '../../platform/db/list-queries.js';
import { patientAccessInsert, routeOf } from '../access-log/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { shownStatusSql } from '../prediction-suspension/index.js';
import { ensureListFactors, factorOnDaySql } from './factor-states.js';

/** The factors of a list as they stand today (`fs`), of active pathways, with the surgeon filter. */
export function shownFactorsSql(
  list: { trustCode: string; procedureCode: string },
  filter: Pick<OptimisationWorklistFilter, 'surgeonName' | 'nhsNumber'>,
  today: string,
  dueWeeks: number,
): SQL {
  const surgeon = filter.surgeonName?.trim().toLowerCase();
  // NHS numbers are stored as 10 digits: a prefix is the range of the numbers it starts.
  const digits = filter.nhsNumber?.trim();
  return sql`select f.pathway_id, f.factor, x.status, x.value, x.value_date, x.due_on, x.overdue
    from optimisation_factors f join pathways p on p.id = f.pathway_id
    cross join lateral (select ${factorOnDaySql(today, dueWeeks)}) x
    where f.trust_code = ${list.trustCode} and f.procedure_code = ${list.procedureCode} and p.is_active
      and x.shown ${surgeon ? sql`and strpos(lower(p.surgeon_name), ${surgeon}) > 0` : sql``}
      ${digits ? sql`and p.nhs_number >= ${digits.padEnd(10, '0')} and p.nhs_number <= ${digits.padEnd(10, '9')}` : sql``}`;
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

interface ItemRow extends Record<string, unknown> {
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

/** The columns of an item, over `page` (ids in order) and its pathway `p`, with all its factors from `fs`. */
export const itemColumnsSql = sql`p.id, p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name,
  p.surgeon_name, p.tci_date::text as tci_date, ${shownStatusSql} as status, p.prediction, p.probability,
  (select json_agg(json_build_object('code', fs.factor, 'status', fs.status, 'value', fs.value,
      'valueDate', fs.value_date, 'dueOn', fs.due_on, 'overdue', fs.overdue) order by ${factorOrderSql(sql`fs.factor`)})
    from fs where fs.pathway_id = p.id) as factors`;

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
  const fs = shownFactorsSql(list, query, today, trust.rules.dueWeeks);
  const matching = sql`select distinct fs.pathway_id from fs where ${matchingFactorSql(query)}`;
  const [totals] = await queryRows<{
    total: number | string;
    counts: { factor: string; status: string; n: number }[] | string | null;
  }>(
    db,
    sql`with fs as (${fs})
      select (select count(*) from (${matching}) m) as total,
        (select json_agg(json_build_object('factor', c.factor, 'status', c.status, 'n', c.n))
          from (select fs.factor, fs.status, count(*)::int as n from fs group by fs.factor, fs.status) c) as counts`,
  );
  const total = Number(totals?.total ?? 0);
  const offset = offsetOf(query.pageNumber, query.pageSize);
  let rows: ItemRow[] = [];
  if (offset < total) {
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
    rows = await queryRows<ItemRow>(
      db,
      sql`with fs as (${fs}),
        page as (select p.id, row_number() over (order by p.tci_date asc nulls last, ${riskShownSql} desc nulls last, p.id) as n
          from pathways p where p.id in (${matching})
          order by p.tci_date asc nulls last, ${riskShownSql} desc nulls last, p.id
          limit ${sql.raw(String(query.pageSize))} offset ${offset}),
        logged as (${access})
        select ${itemColumnsSql} from page join pathways p on p.id = page.id order by page.n`,
    );
  }
  return {
    items: rows.map(itemOf),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
    counts: countsOf(totals?.counts ?? null),
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
