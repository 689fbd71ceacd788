/**
 * GET …/model-performance/optimisation (decision 0075): the pathways the "Optimisation" section
 * counts and what was found and recorded on each, read in two statements, then counted by
 * optimisation-figures.ts. Figures of many patients, not one patient's record: no access-log entry.
 */
import { sql } from 'drizzle-orm';
import { ageBandOf, ethnicGroupOf, type Grouping } from '@esr/contracts/model-performance';
import {
  optimisationAssociationText,
  type OptimisationPerformance,
  type OptimisationPerformanceQuery,
} from '@esr/contracts/model-performance-optimisation';
import { todayInLondon } from '@esr/contracts/london-dates';
import { isOptimisationFactor, type OptimisationFactor } from '@esr/contracts/optimisation-factors';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { factorsFound, trustOptimisation } from '../optimisation/index.js';
import { defaultOutcomeHorizonDays } from './judged-outcomes.js';
import { groupOrder } from './model-performance.js';
import { optimisationFigures, type CountedFactor, type CountedPathway } from './optimisation-figures.js';

/**
 * The record fields findFactors reads (optimisation-section.test.ts checks that it reads no
 * other), and the two the groups of an active pathway come from: only these are read of each
 * record, rather than whole records of a list of 100,000.
 */
export const factorRecordFields = [
  'haemoglobin',
  'albumin',
  'egfr',
  'smoking',
  'idd',
  'nidd',
  'hypt',
  'height',
  'weight',
] as const;
const recordFields = [...factorRecordFields, 'sex', 'ethnicGroup'] as const;

interface PathwayRow extends Record<string, unknown> {
  id: string;
  listed_on: string;
  operated_on: string | null;
  outcome_sex: string | null;
  outcome_ethnic_group: string | null;
  outcome_age_band: string | null;
  counts: boolean | null;
  event: boolean | null;
  /** The values the factors are found from: the record now (active), or the judged evaluation's inputs. */
  record: Record<string, unknown> | string | null;
  lab_dates: Record<string, string> | string | null;
  /** The day the factors are found on: today (active), or the day of the judged evaluation. */
  found_on: string | null;
  age_today: number | string | null;
}

interface EntryRow extends Record<string, unknown> {
  pathway_id: string;
  factor: string;
  status: string;
  recorded_on: string;
}

const sexOf = (code: unknown) => (code === 'M' ? 'Male' : code === 'F' ? 'Female' : 'Not stated');

async function pathwaysOf(
  db: Db,
  trustCode: string,
  procedureCode: string,
  query: OptimisationPerformanceQuery,
  today: string,
) {
  const fields = (record: ReturnType<typeof sql>) =>
    sql.join(
      recordFields.map((field) => sql`${field}::text, ${record}->${field}::text`),
      sql`, `,
    );
  const period = query.from !== undefined || query.to !== undefined;
  return queryRows<PathwayRow>(
    db,
    sql`select p.id, (p.created_at at time zone 'Europe/London')::date::text as listed_on,
        o.date_of_operation::text as operated_on, o.sex as outcome_sex,
        o.ethnic_group as outcome_ethnic_group, o.age_band as outcome_age_band,
        o.complication_90_days is not null and o.date_of_operation
          + coalesce(m.outcome_horizon_days, ${defaultOutcomeHorizonDays}) <= ${today}::date as counts,
        o.complication_90_days as event,
        case when o.id is null then json_build_object(${fields(sql`p.clinical`)})
          when e.id is not null then json_build_object(${fields(sql`e.inputs`)}) end as record,
        case when o.id is null then p.lab_dates else e.lab_dates end as lab_dates,
        case when o.id is null then ${today}
          else (e.created_at at time zone 'Europe/London')::date::text end as found_on,
        extract(year from age(${today}::date, p.date_of_birth)) as age_today
      from pathways p
        left join pathway_outcomes o on o.pathway_id = p.id and o.is_current
        left join evaluations e on e.id = o.evaluation_id
        left join ml_models m on m.trust_code = o.trust_code and m.procedure_code = o.procedure_code
          and m.version = o.model_version
      where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}
        and ${
          period
            ? sql`o.id is not null
              ${query.from ? sql`and o.date_of_operation >= ${query.from}::date` : sql``}
              ${query.to ? sql`and o.date_of_operation <= ${query.to}::date` : sql``}`
            : sql`(o.id is not null or p.is_active)`
        }`,
  );
}

async function entriesOf(db: Db, trustCode: string, procedureCode: string) {
  return queryRows<EntryRow>(
    db,
    sql`select e.pathway_id, e.factor, e.status,
        (e.recorded_at at time zone 'Europe/London')::date::text as recorded_on
      from optimisation_entries e join pathways p on p.id = e.pathway_id
      where e.trust_code = ${trustCode} and p.trust_code = ${trustCode}
        and p.procedure_code = ${procedureCode}
      order by e.recorded_at, e.id`,
  );
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** GET …/model-performance/optimisation */
export async function optimisationPerformance(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: OptimisationPerformanceQuery,
  today = todayInLondon(),
): Promise<OptimisationPerformance> {
  requireAccess(principal, 'model-performance:read', trustCode);
  await procedureName(db, procedureCode);
  const trust = await trustOptimisation(db, trustCode);
  const rows = await pathwaysOf(db, trustCode, procedureCode, query, today);
  const entries = new Map<string, EntryRow[]>();
  for (const entry of await entriesOf(db, trustCode, procedureCode)) {
    const list = entries.get(entry.pathway_id);
    if (list) list.push(entry);
    else entries.set(entry.pathway_id, [entry]);
  }
  const pathways = rows.map((row): CountedPathway => {
    const record = row.record === null ? null : parsed(row.record);
    // An operated pathway's values are those its judged prediction saw; an outcome with none has
    // only its entries to go by (decision 0075).
    const found =
      record === null || row.found_on === null
        ? []
        : factorsFound({ clinical: record, lab_dates: row.lab_dates }, trust, row.found_on);
    const factors = new Map<OptimisationFactor, CountedFactor>();
    const ofPathway = entries.get(row.id) ?? [];
    for (const code of new Set([
      ...found.map((factor) => factor.code),
      ...ofPathway.map((entry) => entry.factor).filter(isOptimisationFactor),
    ])) {
      const ofFactor = ofPathway.filter((entry) => entry.factor === code);
      const foundNow = found.find((factor) => factor.code === code);
      // As the risk summary dates it (decision 0071): the value's sample day, else the day the
      // pathway was first listed, unless a step was recorded before.
      const days = [foundNow?.valueDate ?? row.listed_on, ...ofFactor.map((entry) => entry.recorded_on)];
      factors.set(code, {
        identifiedOn: days.reduce((a, b) => (b < a ? b : a)),
        referred: ofFactor.some((entry) => entry.status === 'referred'),
        metOn: ofFactor.find((entry) => entry.status === 'met')?.recorded_on ?? null,
      });
    }
    const operated = row.operated_on !== null;
    const groups: Record<Grouping, string | null> = operated
      ? {
          sex: row.outcome_sex ?? 'Not stated',
          ethnicGroup: row.outcome_ethnic_group ?? 'Not stated',
          ageBand: row.outcome_age_band,
        }
      : {
          sex: sexOf(record?.sex),
          ethnicGroup: ethnicGroupOf(typeof record?.ethnicGroup === 'string' ? record.ethnicGroup : null),
          ageBand: ageBandOf(row.age_today === null ? null : Number(row.age_today)),
        };
    return {
      groups,
      operatedOn: row.operated_on,
      event: operated && row.counts ? row.event : null,
      factors,
    };
  });
  return {
    procedure: procedureCode,
    from: query.from ?? null,
    to: query.to ?? null,
    by: query.by,
    factors: optimisationFigures(pathways, query.by, groupOrder[query.by]),
    association: optimisationAssociationText,
  };
}
