/**
 * What every reading of the prioritisation worklist starts from (decision 0044): the trust's
 * harm-review thresholds, the list's version and suspension, and the filters a request used.
 */
import { ensureListFactors } from '../optimisation/index.js';
import { sql } from 'drizzle-orm';
import {
  defaultHarmReviewThresholdWeeks,
  type WorklistFilter,
  type WorklistSort,
} from '@esr/contracts/prioritisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { suspendedOnSql } from '../prediction-suspension/index.js';

/** The trust's harm-review thresholds in weeks: its own, or 52, 78 and 104. */
export async function harmThresholdsOf(db: Db, trustCode: string): Promise<number[]> {
  const [row] = await queryRows<{ weeks: number[] | null }>(
    db,
    sql`select harm_review_threshold_weeks as weeks from trusts where trust_code = ${trustCode}`,
  );
  return row?.weeks && row.weeks.length > 0 ? [...row.weeks] : [...defaultHarmReviewThresholdWeeks];
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
export const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';
export const usedFilters = (filter: WorklistFilter) =>
  (Object.keys(filterNames) as (keyof WorklistFilter)[])
    .filter((key) => {
      const value = filter[key];
      return value !== undefined && value.trim() !== '';
    })
    .map((key) => filterNames[key]);

export const filtersOnly = (query: WorklistFilter): WorklistFilter => ({
  risk: query.risk,
  wait: query.wait,
  flag: query.flag,
  priority: query.priority,
  surgeonName: query.surgeonName,
  nhsNumber: query.nhsNumber,
});

/** The list's version (migration 0027) as a scalar subquery: null when the list has none yet. */
export const versionSql = (trustCode: string, procedureCode: string) =>
  sql`(select version from pathway_list_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode})`;
export const versionOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The trust's harm-review thresholds and the list's version, in one read, once the list's
 * optimisation rows (its "Optimisation open" flag, decision 0072) are current: writing them moves
 * the version on.
 */
export async function listStateOf(db: Db, trustCode: string, procedureCode: string) {
  await ensureListFactors(db, trustCode, procedureCode);
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
export const sortWhile = (sort: WorklistSort, suspendedOn: string | null): WorklistSort =>
  suspendedOn !== null && sort === 'highest_risk' ? 'longest_wait' : sort;
