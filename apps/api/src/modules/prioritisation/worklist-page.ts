/**
 * A page of the prioritisation worklist (decision 0044): the matching pathways in the order asked
 * for, their flags and bands computed on read, on London calendar dates.
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import {
  nextValidationDueOn,
  prioritisationFlags,
  worklistSortLabels,
  type HarmLevel,
  type PriorityCode,
  type WaitBand,
  type Worklist,
  type WorklistItem,
  type WorklistQuery,
} from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { todayInLondon } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { allOf, offsetOf } from '../../platform/db/list-queries.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { patientAccessInsert, routeOf } from '../access-log/index.js';
import { scoringStateOf } from '../pathways/index.js';
import { bandOfStored, predictionOf } from '@esr/contracts/risk-band';
import { worklistColumns, worklistOrder, worklistPageKeys } from './worklist-sql.js';
import { filtersOnly, sortWhile, usedFilters } from './worklist-settings.js';
import { listAnswer } from './risk-wait-matrix.js';

export const worklistPageSize = 15;

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
  optimisation_open: boolean;
  /** Decision 0057: an incomplete pathway's missing required inputs, an excluded one's reason, the defaulted inputs. */
  failed_fields: unknown;
  exclusion: string | null;
  defaulted_inputs: unknown;
}

export function toWorklistItem(row: WorklistRow): WorklistItem {
  const processed = row.status === 'processed';
  // Named one by one: an object spread before more properties takes V8's slow path, about 20 times
  // the cost of this whole mapping, on every row of every page.
  const { status, statusDetail, defaultedInputs } = scoringStateOf(row);
  return {
    status,
    statusDetail,
    defaultedInputs,
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
    adjustedPrediction: predictionOf(row.adjusted_prediction),
    flags: prioritisationFlags.filter((flag) => row[flag] === true),
    lastValidatedOn: row.last_validated_on,
    nextValidationDue: nextValidationDueOn(row.clock_start, row.last_validated_on),
    lastHarmReview:
      row.last_harm_review_on && row.last_harm_review_level
        ? { level: row.last_harm_review_level as HarmLevel, reviewedOn: row.last_harm_review_on }
        : null,
  };
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
