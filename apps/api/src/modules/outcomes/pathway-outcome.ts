/**
 * One pathway's outcome after surgery (decision 0045): read with the prediction it is judged
 * against and its history; recorded or corrected by a clinician through the outcome writer, with a
 * change-log entry in the form's words and an access-log entry, in one transaction.
 */
import { bandOfStored } from '@esr/contracts/risk-band';
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import type { outcomeRequestSchema } from '@esr/contracts/outcomes';
import { outcomeMessages, type PathwayOutcome, type PathwayOutcomes } from '@esr/contracts/outcomes';
import type { z } from 'zod';
import { queryRows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/errors.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { recordChange, type PathwayOfChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import { findPathway } from '../pathways/index.js';
import { suspendedSql } from '../prediction-suspension/index.js';
import { outcomeFieldsOf, recordOutcomes, type StoredOutcomeFields } from './outcome-writer.js';

export type PathwayTarget = readonly [Db, Principal, string, string, string];

interface OutcomeRow extends StoredOutcomeFields, Record<string, unknown> {
  id: string;
  is_current: boolean;
  source: 'file' | 'clinician';
  file_name: string | null;
  recorded_at: string | Date;
  recorded_by: string;
  evaluation_id: string | null;
  model_version: number | null;
  probability: number | null;
  prediction: string | null;
  evaluated_at: string | Date | null;
  counts_from: string | null;
  suspended: boolean;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const outcomeOf = (row: OutcomeRow): PathwayOutcome => ({
  id: row.id,
  ...outcomeFieldsOf(row),
  source: row.source,
  fileName: row.file_name,
  recordedAt: iso(row.recorded_at),
  recordedBy: row.recorded_by,
});

/** The pathway as its outcome's change-log entry names it, locked for the caller's transaction when `lock`. */
const outcomePathway = (db: Db, trustCode: string, procedureCode: string, id: string, lock = false) =>
  findPathway<
    PathwayOfChange & { referral_date: string | null; is_active: boolean } & Record<string, unknown>
  >(
    db,
    { trustCode, procedureCode, id },
    sql`p.id, p.procedure_code, p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name,
      p.referral_date::text as referral_date, p.is_active`,
    lock,
  );

async function outcomesOf(db: Db, pathwayId: string): Promise<PathwayOutcomes> {
  const rows = await queryRows<OutcomeRow>(
    db,
    sql`select o.id, o.is_current, o.date_of_operation::text as date_of_operation, o.complication_90_days,
        o.complication_type, o.readmission_30_days, o.length_of_stay_days, o.death_90_days, o.source,
        o.file_name, o.recorded_at, o.recorded_by, o.evaluation_id, o.model_version, o.probability,
        o.prediction, o.evaluated_at, ${suspendedSql(sql`o`)} as suspended,
        case when o.complication_90_days is not null and o.model_version is not null
          then (o.date_of_operation + coalesce(m.outcome_horizon_days, 90))::text end as counts_from
      from pathway_outcomes o
        left join ml_models m on m.trust_code = o.trust_code and m.procedure_code = o.procedure_code
          and m.version = o.model_version
      where o.pathway_id = ${pathwayId} order by o.recorded_at desc, o.id desc`,
  );
  const current = rows.find((row) => row.is_current) ?? null;
  const prediction = bandOfStored(current?.prediction ?? null);
  // While the procedure's predictions are suspended, the prediction is named but not its band
  // (decision 0063).
  const withheld = current?.suspended === true;
  return {
    current: current ? outcomeOf(current) : null,
    judgedPrediction:
      current?.evaluation_id && prediction && current.probability !== null && current.evaluated_at
        ? {
            evaluationId: current.evaluation_id,
            modelVersion: Number(current.model_version),
            probability: withheld ? null : Number(current.probability),
            prediction: withheld ? null : prediction,
            evaluatedAt: iso(current.evaluated_at),
          }
        : null,
    countsFrom: current?.evaluation_id ? current.counts_from : null,
    history: rows.map(outcomeOf),
  };
}

/** GET …/patients/{id}/outcome, in the access log. */
export async function pathwayOutcome([db, principal, trustCode, procedureCode, id]: PathwayTarget) {
  requireAccess(principal, 'outcomes:read', trustCode);
  await outcomePathway(db, trustCode, procedureCode, id);
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(endpoints.outcomes.pathwayOutcome),
    action: 'outcome',
    pathwayIds: [id],
  });
  return outcomesOf(db, id);
}

const yesNo = (value: boolean | null) => (value === null ? 'Not known' : value ? 'Yes' : 'No');
const complicationWords = (value: boolean | null) =>
  value === null ? 'Not known yet' : value ? 'Yes' : 'No';

/** The outcome in the form's words, for the change log. */
const inWords = (outcome: PathwayOutcome | null) =>
  outcome && {
    'Date of operation': outcome.dateOfOperation,
    'Complication within 90 days': complicationWords(outcome.complication90Days),
    'Complication type': outcome.complicationType ?? '',
    'Readmission within 30 days': yesNo(outcome.readmission30Days),
    'Length of stay (days)': outcome.lengthOfStayDays === null ? '' : String(outcome.lengthOfStayDays),
    'Death within 90 days': yesNo(outcome.death90Days),
  };

/** POST …/patients/{id}/outcome: a clinician records or corrects the outcome (an active pathway is archived as operated). */
export async function recordPathwayOutcome(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  request: z.output<typeof outcomeRequestSchema>,
): Promise<PathwayOutcomes> {
  requireAccess(principal, 'outcomes:record', trustCode);
  if (request.dateOfOperation > todayInLondon())
    throw new HttpError(422, outcomeMessages.dateFuture, { dateOfOperation: [outcomeMessages.dateFuture] });
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const pathway = await outcomePathway(txDb, trustCode, procedureCode, id, true);
    if (pathway.referral_date !== null && request.dateOfOperation < pathway.referral_date)
      throw new HttpError(422, outcomeMessages.dateBeforeReferral, {
        dateOfOperation: [outcomeMessages.dateBeforeReferral],
      });
    const before = (await outcomesOf(txDb, id)).current;
    await recordOutcomes(txDb, [{ pathwayId: id, ...request }], {
      trustCode,
      procedureCode,
      source: 'clinician',
      batchId: null,
      fileName: null,
      recordedBy: principalName(principal),
      userId: principal.userId,
    });
    const after = await outcomesOf(txDb, id);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `${before ? 'Corrected' : 'Recorded'} the outcome after surgery`,
      entityType: 'patient',
      pathway,
      before: inWords(before),
      after: inWords(after.current),
    });
    await recordPatientAccess(txDb, principal, {
      trustCode,
      route: routeOf(endpoints.outcomes.recordOutcome),
      action: 'outcome-change',
      pathwayIds: [id],
    });
    return after;
  });
}
