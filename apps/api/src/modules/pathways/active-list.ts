/**
 * The active list of a procedure as the clerical screens count and page it (docs/requirements.md §2
 * manage open pathways, total and processed; §3 active records; §7 calls). Reports of the same
 * lists are in modules/reports.
 */
import { todayInLondon } from '@esr/contracts/london-dates';
import { sql, type SQL } from 'drizzle-orm';
import type {
  ActiveRecord,
  ActiveRecords,
  ActiveRecordsFilter,
  ActiveRecordsQuery,
  ActiveSortKey,
  ProcessedCounts,
  ReportField,
  SortDirection,
} from '@esr/contracts/open-pathways';
import {
  defaultActiveSort,
  defaultSortDirections,
  reportFieldKeys,
  reportFieldLabels,
} from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { allOf, offsetOf, startsWith } from '../../platform/db/list-queries.js';
import { suspendedOnSql, suspendedSql } from '../prediction-suspension/index.js';
import { endpoints } from '@esr/contracts/endpoints';
import { bandCountColumns, bandCountsOf } from './band-counts.js';
import { n, present, recordPage } from './record-pages.js';
import { activeColumns, missingInputsSql, toActiveRecord, type ActiveRow } from './record-rows.js';
import { storedBandOf } from '@esr/contracts/risk-band';

const activeRead = { action: 'active-list', endpoint: endpoints.openPathways.activeRecords } as const;
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
/** The filters the counters answer alone; any other needs its matches counted. */
const counterFilters = new Set<keyof ActiveRecordsFilter>(['status', 'prediction', 'social', 'surgery']);
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
      ${bandCountColumns},
      ${suspendedOnSql({ trustCode, procedureCode })} as suspended_on
    from pathway_counts c
    where c.trust_code = ${trustCode} and c.procedure_code = ${procedureCode}
      and c.status in ('processed', 'incomplete', 'excluded')`,
  );
  return {
    counters: {
      total: n(row?.total),
      // Incomplete and excluded (decision 0057) are beside the processed ones, never in their total.
      ...bandCountsOf(row),
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
/** GET /api/waiting-list/procedures/{type}/manage/records/active/fields (docs/requirements.md §2 generate report). */
export function reportFields(principal: Principal): { fields: ReportField[] } {
  requireAccess(principal, 'waiting-list:read');
  return { fields: reportFieldKeys.map((key) => ({ key, label: reportFieldLabels[key] })) };
}
