/**
 * The worklist's arithmetic as SQL (decision 0044), the same rules as `flagsOf` and `waitBandOf` of
 * packages/contracts/src/prioritisation.ts, whose tests pin the boundaries; the API tests check
 * that the two agree. Every day count is of London calendar dates: `today` is a date, never an
 * instant, so the clock change cannot shorten or lengthen a day.
 */
import { predictions, storedBandOf, storedBands } from '@esr/contracts/risk-band';
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  priorityLimitDays,
  validationIntervalDays,
  waitBandLastDays,
  waitBands,
  type PrioritisationFlag,
  type RiskBand,
  type WaitBand,
  type WorklistFilter,
  type WorklistSort,
} from '@esr/contracts/prioritisation';
import { missingInputsSql } from '../pathways/index.js';
import { optimisationOpenSql } from '../optimisation/index.js';
import { shownScoringColumns } from '../prediction-suspension/index.js';

const date = (value: string) => sql`${value}::date`;

/** Days waited: from the clock start to today. */
export const daysWaitedSql = (today: string) => sql`(${date(today)} - p.clock_start)`;

/** The wait band of a pathway, null without a clock start. */
export function waitBandSql(today: string): SQL {
  const days = daysWaitedSql(today);
  const limits = (Object.entries(waitBandLastDays) as [WaitBand, number][])
    .map(([band, last]) => sql`when ${days} <= ${sql.raw(String(last))} then ${band}`)
    .reduce((all, next) => sql`${all} ${next}`);
  return sql`(case when p.clock_start is null then null ${limits} else '104+' end)`;
}

/** The statuses a suspension withholds (decision 0063): those scored, with a probability. */
const scoredSql = sql`p.status in ('processed', 'incomplete')`;

/** A processed pathway's band, as the API names it, from its stored word. */
const bandCases = sql.join(
  predictions.map(
    (band) => sql`when p.status = 'processed' and p.prediction = ${storedBandOf[band]} then ${band}`,
  ),
  sql` `,
);

/**
 * The matrix's row of a pathway: the model's band of a processed pathway; incomplete or excluded
 * (decision 0057: no band, for its own reason); else not processed (waiting, or failed). While the
 * list's predictions are suspended (decision 0063), every scored pathway is in the suspended row.
 */
export function riskBandSql(suspended: boolean): SQL {
  if (suspended)
    return sql`(case when ${scoredSql} then 'suspended' when p.status = 'excluded' then 'excluded'
      else 'not_processed' end)`;
  return sql`(case ${bandCases} when p.status = 'incomplete' then 'incomplete' when p.status = 'excluded' then 'excluded'
    else 'not_processed' end)`;
}

const limited = (Object.entries(priorityLimitDays) as [string, number | null][]).filter(
  (entry): entry is [string, number] => entry[1] !== null,
);

/** A priority column past its limit: more days since its date than the code allows. */
function pastLimitSql(priority: SQL, priorityDate: SQL, today: string): SQL {
  const cases = limited
    .map(([code, days]) => sql`when ${code} then ${sql.raw(String(days))}`)
    .reduce((all, next) => sql`${all} ${next}`);
  return sql`(${priorityDate} is not null and (${date(today)} - ${priorityDate}) > (case ${priority} ${cases} end))`;
}

/**
 * The priority is past its limit; or, while a clinician's review of a postponement at the patient's
 * request is due, the priority it postponed is past its own (decision 0056).
 */
export function priorityBreachedSql(today: string): SQL {
  return sql`(${pastLimitSql(sql`p.priority`, sql`p.priority_date`, today)} or coalesce(${pastLimitSql(
    sql`p.postponed_from_priority`,
    sql`p.postponed_from_priority_date`,
    today,
  )}, false))`;
}

/** A P1a, P1b or P2 pathway postponed at the patient's request waits for a clinician's decision (decision 0056). */
export const clinicianReviewDueSql = sql`(p.postponed_from_priority is not null)`;

/** Still on the list after the day the patient was to come in for surgery. */
export const tciPassedSql = (today: string) => sql`(p.tci_date is not null and p.tci_date < ${date(today)})`;

/** A prediction made from details a clerical user changed waits for a clinician's review (decision 0056). */
export const clericalChangeUnreviewedSql = sql`(p.clerical_change_unreviewed_at is not null)`;

/** 12 weeks or more since the clock start, and no validation in the last 12 weeks. */
export function validationDueSql(today: string): SQL {
  const since = date(addDays(today, -validationIntervalDays));
  return sql`(p.clock_start <= ${since} and (p.last_validated_on is null or p.last_validated_on <= ${since}))`;
}

/**
 * The day the pathway crossed the highest harm-review threshold it has passed (over `weeks` weeks
 * is the day after the `weeks × 7`th), null when it has passed none.
 */
export function harmThresholdCrossedSql(today: string, thresholdWeeks: readonly number[]): SQL {
  const highestFirst = [...thresholdWeeks].sort((a, b) => b - a);
  if (highestFirst.length === 0) return sql`null::date`;
  const cases = highestFirst
    .map((weeks) => {
      const days = weeks * 7;
      return sql`when p.clock_start < ${date(addDays(today, -days))} then p.clock_start + ${sql.raw(String(days + 1))}`;
    })
    .reduce((all, next) => sql`${all} ${next}`);
  return sql`(case ${cases} end)`;
}

export function harmReviewDueSql(today: string, thresholdWeeks: readonly number[]): SQL {
  const crossed = harmThresholdCrossedSql(today, thresholdWeeks);
  return sql`(${crossed} is not null and (p.last_harm_review_on is null or p.last_harm_review_on < ${crossed}))`;
}

export function flagSql(flag: PrioritisationFlag, today: string, thresholdWeeks: readonly number[]): SQL {
  switch (flag) {
    case 'priority_breached':
      return priorityBreachedSql(today);
    case 'validation_due':
      return validationDueSql(today);
    case 'harm_review_due':
      return harmReviewDueSql(today, thresholdWeeks);
    case 'clinician_review_due':
      return clinicianReviewDueSql;
    case 'clerical_change_unreviewed':
      return clericalChangeUnreviewedSql;
    case 'missing_inputs':
      // Decision 0057: as the total table's missing-inputs filter reads it.
      return missingInputsSql;
    case 'tci_passed':
      return tciPassedSql(today);
    case 'optimisation_open':
      return optimisationOpenSql(today);
  }
}

/** A band as a range of clock starts, so that the worklist's index on the clock start serves it. */
function waitBandCondition(band: WaitBand, today: string): SQL {
  const index = waitBands.indexOf(band);
  const firstDay =
    index === 0 ? null : waitBandLastDays[waitBands[index - 1] as keyof typeof waitBandLastDays] + 1;
  const lastDay = band === '104+' ? null : waitBandLastDays[band as keyof typeof waitBandLastDays];
  const conditions = [sql`p.clock_start is not null`];
  // Waited at least firstDay days: started on or before today − firstDay.
  if (firstDay !== null) conditions.push(sql`p.clock_start <= ${date(addDays(today, -firstDay))}`);
  // Waited at most lastDay days: started on or after today − lastDay.
  if (lastDay !== null) conditions.push(sql`p.clock_start >= ${date(addDays(today, -lastDay))}`);
  return sql.join(conditions, sql` and `);
}

/** The pathways of one matrix row, exactly as `riskBandSql` sorts them. */
function riskCondition(risk: RiskBand, suspended: boolean): SQL {
  if (risk === 'suspended') return suspended ? scoredSql : sql`false`;
  if (suspended && risk !== 'excluded' && risk !== 'not_processed') return sql`false`;
  switch (risk) {
    case 'incomplete':
    case 'excluded':
      return sql`p.status = ${risk}`;
    case 'not_processed':
      return sql`not (p.status = 'processed' and p.prediction in ${storedBands})
        and p.status not in ('incomplete', 'excluded')`;
    default:
      return sql`p.status = 'processed' and p.prediction = ${storedBandOf[risk]}`;
  }
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * The active pathways of one list that match the worklist's filters (all optional, combined with
 * AND). `surgeonNames`, when given, are the list's surgeon names (lower case) that the surgeon
 * filter matches, as `surgeonNamesContaining` finds them; otherwise the statement finds them itself.
 */
export function worklistConditions(
  list: { trustCode: string; procedureCode: string; suspended: boolean },
  filter: WorklistFilter,
  today: string,
  thresholdWeeks: readonly number[],
  surgeonNames?: readonly string[],
): SQL[] {
  const { trustCode, procedureCode } = list;
  const conditions = [
    sql`p.trust_code = ${trustCode}`,
    sql`p.procedure_code = ${procedureCode}`,
    sql`p.is_active`,
  ];
  if (filter.risk) conditions.push(riskCondition(filter.risk, list.suspended));
  if (filter.wait) conditions.push(waitBandCondition(filter.wait, today));
  if (filter.flag) conditions.push(flagSql(filter.flag, today, thresholdWeeks));
  // As the priority index holds it ("C"-collated), so that its range serves the filter.
  if (filter.priority === 'none') conditions.push(sql`(p.priority collate "C") is null`);
  else if (filter.priority) conditions.push(sql`(p.priority collate "C") = ${filter.priority}`);
  if (present(filter.surgeonName)) {
    // Any part of the name, ignoring case (decision 0038): the list's few surgeon names that
    // contain it, then the pathways of those names (pathways_open_surgeon_idx holds both).
    const names = surgeonNames
      ? sql`${textArray(surgeonNames)}::text[]`
      : sql`array(${surgeonNamesSql(trustCode, procedureCode)} where strpos(names.name, ${surgeonPart(filter.surgeonName)}) > 0)`;
    conditions.push(sql`(lower(p.surgeon_name) collate "C") = any(${names})`);
  }
  if (present(filter.nhsNumber)) {
    // NHS numbers are stored as 10 digits, so a prefix is the range of the numbers it starts (as
    // the active list's search, open-pathways.ts), which the list's NHS number index serves.
    const digits = filter.nhsNumber.trim();
    conditions.push(
      sql`p.nhs_number >= ${digits.padEnd(10, '0')} and p.nhs_number <= ${digits.padEnd(10, '9')}`,
    );
  }
  return conditions;
}

/** The surgeon filter as it is looked for in the lower-case names. */
export const surgeonPart = (value: string) => value.trim().toLowerCase();

/** The names that contain the surgeon filter, of the list's surgeon names. */
export const surgeonNamesContaining = (names: readonly string[], value: string) =>
  names.filter((name) => name.includes(surgeonPart(value)));

/** Strings as one array literal, sent as a single parameter. */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * The list's distinct surgeon names (lower case, "C" order) as `select names.name from names`:
 * read from pathways_open_surgeon_idx one name at a time, each the first entry after the last (a
 * loose index scan: one probe per surgeon, whatever the list's size).
 */
export function surgeonNamesSql(trustCode: string, procedureCode: string): SQL {
  const name = sql`(lower(s.surgeon_name) collate "C")`;
  const onList = sql`s.trust_code = ${trustCode} and s.procedure_code = ${procedureCode} and s.is_active`;
  return sql`with recursive names(name) as (
      (select ${name} from pathways s where ${onList} and ${name} is not null order by 1 limit 1)
      union all
      select (select ${name} from pathways s where ${onList} and ${name} > names.name order by 1 limit 1)
      from names where names.name is not null)
    select names.name from names`;
}

/**
 * Each sort exactly as one of the worklist's indexes holds it (pathways_worklist_wait_idx,
 * _priority_idx, _risk_idx), the id breaking ties.
 */
export const worklistOrder: Record<WorklistSort, SQL> = {
  longest_wait: sql`p.clock_start asc nulls last, p.id asc`,
  priority: sql`(p.priority collate "C") asc nulls last, p.clock_start asc nulls last, p.id asc`,
  highest_risk: sql`(case when p.status = 'processed' then p.probability end) desc nulls last, p.clock_start asc nulls last, p.id asc`,
};

/**
 * Each sort's keys, as a page's ids are read with them (`k0`, `k1` beside `p.id`), and the same
 * order over those columns (`page.`), which the page's rows are returned in.
 */
export const worklistPageKeys: Record<WorklistSort, { keys: SQL; order: SQL }> = {
  longest_wait: {
    keys: sql`p.clock_start as k1`,
    order: sql`page.k1 asc nulls last, page.id asc`,
  },
  priority: {
    keys: sql`(p.priority collate "C") as k0, p.clock_start as k1`,
    order: sql`page.k0 asc nulls last, page.k1 asc nulls last, page.id asc`,
  },
  highest_risk: {
    keys: sql`(case when p.status = 'processed' then p.probability end) as k0, p.clock_start as k1`,
    order: sql`page.k0 desc nulls last, page.k1 asc nulls last, page.id asc`,
  },
};

/** What a worklist row reads: the list fields, the wait, the flags. */
export function worklistColumns(today: string, thresholdWeeks: readonly number[]): SQL {
  return sql`p.id, p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name, p.priority, p.priority_date::text as priority_date,
    p.clock_start::text as clock_start, ${daysWaitedSql(today)} as days_waited, ${waitBandSql(today)} as wait_band,
    p.tci_date::text as tci_date, ${shownScoringColumns}, p.prediction, p.probability, p.adjusted_prediction,
    p.failed_fields, p.exclusion, p.defaulted_inputs,
    p.last_validated_on::text as last_validated_on, p.last_harm_review_on::text as last_harm_review_on,
    p.last_harm_review_level, p.surgeon_name, ${flagColumnsSql(today, thresholdWeeks)}`;
}

/** The flags, each a boolean column named as the flag. */
export const flagColumnsSql = (today: string, thresholdWeeks: readonly number[]): SQL =>
  sql`${priorityBreachedSql(today)} as priority_breached, ${validationDueSql(today)} as validation_due,
    ${harmReviewDueSql(today, thresholdWeeks)} as harm_review_due,
    ${clinicianReviewDueSql} as clinician_review_due, ${clericalChangeUnreviewedSql} as clerical_change_unreviewed,
    ${missingInputsSql} as missing_inputs, ${tciPassedSql(today)} as tci_passed,
    ${optimisationOpenSql(today)} as optimisation_open`;
