/**
 * The one writer of outcomes (decision 0045). An outcome is never changed once written: a later one
 * for the same pathway (a later file, a clinician's correction) is a new row that becomes current,
 * and the earlier stays in the history. Each row is judged, as it is written, against the latest
 * evaluation of its pathway made before its day of operation (London days), and keeps that
 * evaluation's probability, band and model version with the groups of the values the model saw:
 * the monitoring figures read nothing else. An active pathway is archived as operated; every write
 * moves the list's outcome version on, so cached figures are computed again.
 */
import { sql } from 'drizzle-orm';
import { equityGroupLabels, ethnicGroupOfCode } from '@esr/contracts/prioritisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { operatedPathwaysUpdate } from '../pathways/index.js';

export interface OutcomeToRecord {
  pathwayId: string;
  dateOfOperation: string;
  /** Null: "Not known yet" (decision 0059). */
  complication90Days: boolean | null;
  complicationType: string | null;
  readmission30Days: boolean | null;
  lengthOfStayDays: number | null;
  death90Days: boolean | null;
}

/** An outcome's fields as staged_outcomes and pathway_outcomes store them. */
export type StoredOutcomeFields = {
  date_of_operation: string;
  complication_90_days: boolean | null;
  complication_type: string | null;
  readmission_30_days: boolean | null;
  length_of_stay_days: number | null;
  death_90_days: boolean | null;
};

/** An outcome's fields from its stored row; the length of stay is read as a number whatever the driver gives. */
export const outcomeFieldsOf = (row: StoredOutcomeFields): Omit<OutcomeToRecord, 'pathwayId'> => ({
  dateOfOperation: row.date_of_operation,
  complication90Days: row.complication_90_days,
  complicationType: row.complication_type,
  readmission30Days: row.readmission_30_days,
  lengthOfStayDays: row.length_of_stay_days === null ? null : Number(row.length_of_stay_days),
  death90Days: row.death_90_days,
});

export interface OutcomeSource {
  trustCode: string;
  procedureCode: string;
  source: 'file' | 'clinician';
  batchId: string | null;
  fileName: string | null;
  recordedBy: string;
  userId: string | null;
}

export interface RecordedOutcomes {
  recorded: number;
  corrected: number;
  unchanged: number;
  operated: number;
}

/** Rows per statement: the embedded database answers other requests between them. */
const chunkRows = 5_000;

const ethnicGroupCases = sql.raw(
  Object.entries(ethnicGroupOfCode)
    .map(([code, group]) => `when '${code}' then '${group}'`)
    .join(' '),
);
const [under50, fifties, sixties, seventies, eighties] = equityGroupLabels.ageBand;

/**
 * The incoming rows of a chunk (`i`) beside the pathway's current outcome, if any, in a CTE the
 * statements below share: `same` when nothing of it differs from the current one.
 */
const incoming = (rows: OutcomeToRecord[], ids: string[] = []) => sql`incoming as (
    select i.*, c.id as current_id,
      c.id is not null and c.date_of_operation = i.date_of_operation
        and c.complication_90_days is not distinct from i.complication_90_days
        and c.complication_type is not distinct from i.complication_type
        and c.readmission_30_days is not distinct from i.readmission_30_days
        and c.length_of_stay_days is not distinct from i.length_of_stay_days
        and c.death_90_days is not distinct from i.death_90_days as same
    from json_to_recordset(${JSON.stringify(
      rows.map((row, index) => ({
        id: ids[index] ?? null,
        pathway_id: row.pathwayId,
        date_of_operation: row.dateOfOperation,
        complication_90_days: row.complication90Days,
        complication_type: row.complicationType,
        readmission_30_days: row.readmission30Days,
        length_of_stay_days: row.lengthOfStayDays,
        death_90_days: row.death90Days,
      })),
    )}::json) as i(id uuid, pathway_id uuid, date_of_operation date, complication_90_days boolean,
      complication_type text, readmission_30_days boolean, length_of_stay_days double precision,
      death_90_days boolean)
    left join pathway_outcomes c on c.pathway_id = i.pathway_id and c.is_current)`;

/** What recording these outcomes would do, without doing it (the validation summary's changes). */
export async function plannedOutcomeChanges(db: Db, rows: OutcomeToRecord[]): Promise<RecordedOutcomes> {
  const total: RecordedOutcomes = { recorded: 0, corrected: 0, unchanged: 0, operated: 0 };
  for (let start = 0; start < rows.length; start += chunkRows) {
    const [counts] = await queryRows<Record<keyof RecordedOutcomes, number | string>>(
      db,
      sql`with ${incoming(rows.slice(start, start + chunkRows))}
        select count(*) filter (where current_id is null) as recorded,
          count(*) filter (where current_id is not null and not same) as corrected,
          count(*) filter (where same) as unchanged,
          (select count(*) from pathways p join incoming on incoming.pathway_id = p.id where p.is_active) as operated
        from incoming`,
    );
    for (const key of Object.keys(total) as (keyof RecordedOutcomes)[])
      total[key] += Number(counts?.[key] ?? 0);
  }
  return total;
}

/**
 * Records the outcomes (one a pathway; the caller has matched each to a pathway of the trust and
 * procedure) in the caller's transaction: the new ones current, the pathways' earlier ones not,
 * active pathways archived as operated.
 */
export async function recordOutcomes(
  tx: Db,
  rows: OutcomeToRecord[],
  from: OutcomeSource,
): Promise<RecordedOutcomes> {
  const total: RecordedOutcomes = { recorded: 0, corrected: 0, unchanged: 0, operated: 0 };
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows);
    const ids = chunk.map(() => timeOrderedUuid());
    const [counts] = await queryRows<Record<keyof RecordedOutcomes, number | string>>(
      tx,
      sql`with ${incoming(chunk, ids)},
        superseded as (
          update pathway_outcomes o set is_current = false
          from incoming where o.id = incoming.current_id and not incoming.same
          returning o.id),
        judged as (
          select incoming.*, e.id as evaluation_id, e.model_id, e.model_version, e.probability,
            e.prediction, e.created_at as evaluated_at, e.inputs->>'sex' as sex,
            e.inputs->>'ethnicGroup' as ethnic_code,
            extract(year from age(incoming.date_of_operation, (e.inputs->>'dateOfBirth')::date)) as age,
            p.adjusted_prediction
          from incoming join pathways p on p.id = incoming.pathway_id
          left join lateral (
            select e.* from evaluations e
            where e.pathway_id = incoming.pathway_id
              -- Before the day of operation (London): one made on the day may already know how it went.
              and e.created_at < (incoming.date_of_operation::timestamp at time zone 'Europe/London')
            order by e.created_at desc limit 1) e on true
          where not incoming.same),
        inserted as (
          insert into pathway_outcomes (id, pathway_id, trust_code, procedure_code, is_current,
            date_of_operation, complication_90_days, complication_type, readmission_30_days,
            length_of_stay_days, death_90_days, source, batch_id, file_name, recorded_by, user_id,
            evaluation_id, model_id, model_version, probability, prediction, evaluated_at, sex,
            ethnic_group, age_band, adjusted_prediction)
          select j.id, j.pathway_id, ${from.trustCode}, ${from.procedureCode}, true,
            j.date_of_operation, j.complication_90_days, j.complication_type, j.readmission_30_days,
            j.length_of_stay_days, j.death_90_days, ${from.source}, ${from.batchId}::uuid,
            ${from.fileName}, ${from.recordedBy}, ${from.userId}::uuid,
            j.evaluation_id, j.model_id, j.model_version, j.probability, j.prediction, j.evaluated_at,
            case j.sex when 'M' then 'Male' when 'F' then 'Female' else 'Not stated' end,
            case upper(left(j.ethnic_code, 1)) ${ethnicGroupCases} else 'Not stated' end,
            case when j.evaluation_id is null or j.age is null then null
              when j.age < 50 then ${under50} when j.age < 60 then ${fifties}
              when j.age < 70 then ${sixties} when j.age < 80 then ${seventies} else ${eighties} end,
            j.adjusted_prediction
          from judged j
          returning pathway_id),
        operated as (${operatedPathwaysUpdate})
        select (select count(*) from incoming where current_id is null) as recorded,
          (select count(*) from incoming where current_id is not null and not same) as corrected,
          (select count(*) from incoming where same) as unchanged,
          (select count(*) from pathways p join incoming on incoming.pathway_id = p.id where p.is_active and not incoming.same) as operated`,
    );
    for (const key of Object.keys(total) as (keyof RecordedOutcomes)[])
      total[key] += Number(counts?.[key] ?? 0);
  }
  if (total.recorded + total.corrected > 0) await moveOutcomeVersion(tx, from.trustCode, from.procedureCode);
  return total;
}

/** The list's outcomes have changed: figures cached under the earlier version are computed again. */
async function moveOutcomeVersion(tx: Db, trustCode: string, procedureCode: string): Promise<void> {
  await tx.execute(sql`insert into outcome_versions (trust_code, procedure_code, version)
    values (${trustCode}, ${procedureCode}, 1)
    on conflict (trust_code, procedure_code) do update set version = outcome_versions.version + 1`);
}

/** The list's outcome version, 0 before any outcome is recorded. */
export async function outcomeVersion(db: Db, trustCode: string, procedureCode: string): Promise<number> {
  const [row] = await queryRows<{ version: number | string }>(
    db,
    sql`select version from outcome_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return Number(row?.version ?? 0);
}
