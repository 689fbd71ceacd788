/**
 * docs/requirements.md §3 risk summary: the pathway's current evaluation as the clinician reads it,
 * with the list's figures, the clerical changes waiting for review and the risk adjustment.
 */
import { sql } from 'drizzle-orm';
import { type Prediction } from '@esr/contracts/risk-band';
import type { RiskAdjustment } from '@esr/contracts/prioritisation';
import {
  patientMessages,
  type RemodelChange,
  type RiskSummary,
  type SummaryStatus,
} from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { readinessValues, socialValues } from '@esr/contracts/open-pathways';
import { queryRows, type Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { isBusy } from '../waiting-list/index.js';
import { unreviewedClericalChanges } from './clerical-changes.js';
import { patientAccessInsert } from '../access-log/index.js';
import { withIdentity } from './identity-conflicts.js';
import { type Evaluated, changeOf, evaluated, riskResult } from './explanation.js';
import { type PatientRead, patientReads } from './patient-reads.js';
import {
  type EvaluationRow,
  type PathwayRow,
  evaluationColumnsSql,
  identityOf,
  oneOf,
  pathwayColumns,
} from './patient-rows.js';

export function summaryOf(
  pathway: PathwayRow,
  evaluated: Evaluated | undefined,
  status: SummaryStatus,
  averageProbability: number | null,
  change: RemodelChange | null = null,
  adjustment: RiskAdjustment | null = null,
): RiskSummary {
  return {
    ...identityOf(pathway),
    dateOfBirth: pathway.date_of_birth,
    operationType: pathway.procedure_code,
    surgeonName: pathway.surgeon_name,
    surgery: oneOf(readinessValues, pathway.surgery),
    social: oneOf(socialValues, pathway.social),
    isActive: pathway.is_active,
    status,
    result: evaluated
      ? riskResult(evaluated.evaluation, evaluated.explanation, averageProbability, adjustment)
      : null,
    areasOfImprovement: { dos: evaluated?.explanation.dos ?? [] },
    failure:
      status === 'failed'
        ? { fields: pathway.failed_fields ?? [], reason: pathway.failure_reason ?? '' }
        : null,
    exclusion: status === 'excluded' ? pathway.exclusion : null,
    suspendedOn: status === 'suspended' ? pathway.suspended_on : null,
    change,
    // Filled in by the caller that knows which changes to show (decision 0056).
    clericalChanges: [],
    // Filled in by the risk summary (decision 0057).
    identityConflicts: [],
    acceptedDateOfBirth: null,
  };
}

export async function averageProbability(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<number | null> {
  const [row] = await queryRows<{ average_probability: number | null }>(
    db,
    sql`select average_probability from inference_runs
      where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return row?.average_probability ?? null;
}

async function summaryStatus(db: Db, pathway: PathwayRow): Promise<SummaryStatus> {
  // An incomplete pathway has its result, shown without a band (decision 0057).
  if ((pathway.status === 'processed' || pathway.status === 'incomplete') && pathway.current_evaluation_id)
    return 'processed';
  if (pathway.status === 'failed') return 'failed';
  if (pathway.status === 'excluded') return 'excluded';
  if (pathway.is_active && (await isBusy(db, pathway.trust_code, pathway.procedure_code)))
    return 'processing';
  return 'waiting';
}

interface SummaryRow extends PathwayRow {
  adjustment: {
    prediction: Prediction;
    reason: string | null;
    recorded_by: string;
    recorded_at: string;
  } | null;
  evaluation: EvaluationRow | null;
  evaluation_before: EvaluationRow | null;
  average_probability: number | null;
}

/**
 * docs/requirements.md §7 GET risk-summary/: the pathway's current result (for an archived pathway, its last
 * evaluation, read-only). One statement reads the pathway, its evaluation and the list's average and
 * writes the access log: the summary is the screen clinicians open most.
 */
export async function riskSummary(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  read: PatientRead = patientReads.summary,
): Promise<RiskSummary> {
  requireAccess(principal, read.permission ?? 'patients:read', trustCode);
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`with p as (
        select ${pathwayColumns} from pathways p
        where p.id = ${id} and p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}),
      e as (
        select ${evaluationColumnsSql} from p, evaluations e
        where e.id = coalesce(p.current_evaluation_id, (select x.id from evaluations x where x.pathway_id = p.id
          order by x.created_at desc, x.id desc limit 1))),
      shown as (
        select e.* from p, e where p.status in ('processed', 'incomplete') or not p.is_active),
      -- The evaluation before a remodel shown, to say what it changed (decision 0039).
      before as (
        select ${evaluationColumnsSql} from shown s, evaluations e
        where s.reason = 'remodel' and e.pathway_id = s.pathway_id and (e.created_at, e.id) < (s.created_at, s.id)
        order by e.created_at desc, e.id desc limit 1),
      -- A data-modifying WITH runs once whether or not the query reads it.
      logged as (${patientAccessInsert(
        principal,
        { trustCode, ...read },
        { from: sql`p`, pathwayIds: sql`array[p.id]`, evaluationId: sql`(select id from shown)` },
      )})
      select p.*, (select to_jsonb(shown) from shown) as evaluation,
        (select to_jsonb(before) from before) as evaluation_before,
        (select r.average_probability from inference_runs r
          where r.trust_code = ${trustCode} and r.procedure_code = ${procedureCode}) as average_probability,
        -- The clinician's view of the risk: the latest adjustment, unless it removed one (decision 0044).
        (select to_jsonb(a) from (select x.prediction, x.reason, x.recorded_by, x.recorded_at
            from prioritisation_entries x where x.pathway_id = p.id and x.kind = 'risk_adjustment'
            order by x.recorded_at desc, x.id desc limit 1) a where a.prediction is not null) as adjustment
      from p`,
  );
  if (!row) throw notFound(patientMessages.notFound);
  const { evaluation, evaluation_before: before, average_probability: average } = row;
  // Decision 0063: no result of a suspended procedure's model, however it was made.
  if (evaluation && row.suspended_on !== null)
    return withIdentity(
      db,
      await withUnreviewedChanges(db, row, summaryOf(row, undefined, 'suspended', null)),
    );
  if (evaluation) {
    const current = await evaluated(db, evaluation);
    const adjustment = row.adjustment
      ? {
          prediction: row.adjustment.prediction,
          reason: row.adjustment.reason ?? '',
          by: row.adjustment.recorded_by,
          on: new Date(row.adjustment.recorded_at).toISOString(),
        }
      : null;
    return withIdentity(
      db,
      await withUnreviewedChanges(
        db,
        row,
        summaryOf(row, current, 'processed', average, await changeOf(db, current, before), adjustment),
      ),
    );
  }
  return withIdentity(
    db,
    await withUnreviewedChanges(db, row, summaryOf(row, undefined, await summaryStatus(db, row), null)),
  );
}

/** The summary with the changes by clerical staff that no clinician has reviewed yet (decision 0056). */
const withUnreviewedChanges = async (db: Db, pathway: PathwayRow, summary: RiskSummary) =>
  pathway.clerical_change_unreviewed_at === null
    ? summary
    : { ...summary, clericalChanges: await unreviewedClericalChanges(db, pathway.id) };
