/**
 * docs/requirements.md §3 risk history: every evaluation of a pathway, newest first, and one of them
 * with its explanation.
 */
import { sql } from 'drizzle-orm';
import { bandOfStored } from '@esr/contracts/risk-band';
import {
  type EvaluationReason,
  patientMessages,
  type HistoryEntry,
  type RiskHistory,
} from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import {
  anomalyRemovalOf,
  clericalChangeOf,
  clericalChangesOfEvaluation,
  type AnomalyRemovalColumns,
  type ClericalChangeColumns,
} from './clerical-changes.js';
import { changeOf, evaluated, evaluationBefore } from './explanation.js';
import { type PatientRead, patientReads, recordRead } from './patient-reads.js';
import { type EvaluationRow, evaluationColumnsSql, identityOf, patientPathway } from './patient-rows.js';
import { remodelValuesOf } from './remodel.js';
import { averageProbability, summaryOf } from './risk-summary.js';

/** docs/requirements.md §7 GET risk-summary/history: the pathway's evaluations, newest first (20 a page). */
export async function riskHistory(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  page: { pageNumber: number; pageSize: number },
): Promise<RiskHistory> {
  requireAccess(principal, 'patients:read', trustCode);
  const pathway = await patientPathway(db, trustCode, procedureCode, id);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const rows = await queryRows<
    {
      id: string;
      created_at: string | Date;
      prediction: string;
      probability: number;
      reason: EvaluationReason;
      is_anomaly: boolean;
      anomaly_reason: string | null;
      model_version: number;
      total_count: string | number;
    } & ClericalChangeColumns &
      AnomalyRemovalColumns
  >(
    db,
    sql`select e.id, e.created_at, e.prediction, e.probability, e.reason, e.is_anomaly, e.anomaly_reason,
        e.model_version, e.clerical_change, e.created_by, e.reviewed_by, e.reviewed_at,
        e.anomaly_removed_reason, e.anomaly_removed_by, e.anomaly_removed_at,
        (select count(*) from evaluations c where c.pathway_id = ${id}) as total_count
      from evaluations e where e.pathway_id = ${id}
      order by e.created_at desc, e.id desc
      limit ${page.pageSize} offset ${offset}`,
  );
  const totalCount = rows.length
    ? Number(rows[0]!.total_count)
    : Number(
        (
          await queryRows<{ n: string | number }>(
            db,
            sql`select count(*) as n from evaluations where pathway_id = ${id}`,
          )
        )[0]?.n ?? 0,
      );
  await recordRead(db, principal, trustCode, patientReads.history, [id]);
  const suspended = pathway.suspended_on !== null;
  return {
    suspendedOn: pathway.suspended_on,
    items: rows.map((row) => ({
      id: row.id,
      date: new Date(row.created_at).toISOString(),
      prediction: suspended ? null : (bandOfStored(row.prediction) ?? 'low'),
      probability: suspended ? null : row.probability,
      reason: row.reason,
      isCurrent: row.id === pathway.current_evaluation_id,
      modelVersion: Number(row.model_version),
      isAnomaly: row.is_anomaly,
      anomalyReason: row.is_anomaly ? row.anomaly_reason : null,
      anomalyRemoval: anomalyRemovalOf(row),
      clericalChange: clericalChangeOf(row),
    })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalCount,
    patient: {
      ...identityOf(pathway),
      dateOfBirth: pathway.date_of_birth,
      operationType: pathway.procedure_code,
    },
  };
}

/** docs/requirements.md §7 GET history/{historyId}: a past evaluation, read-only, with the record it read. */
export async function historyEntry(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  historyId: string,
  read: PatientRead = patientReads.historyEntry,
): Promise<HistoryEntry> {
  requireAccess(principal, read.permission ?? 'patients:read', trustCode);
  const pathway = await patientPathway(db, trustCode, procedureCode, id);
  const [evaluation] = await queryRows<EvaluationRow>(
    db,
    sql`select ${evaluationColumnsSql} from evaluations e where e.id = ${historyId} and e.pathway_id = ${id}`,
  );
  if (!evaluation) throw notFound(patientMessages.evaluationNotFound);
  const average = await averageProbability(db, trustCode, procedureCode);
  await recordRead(db, principal, trustCode, read, [id], historyId);
  const isCurrent = evaluation.id === pathway.current_evaluation_id;
  // A replaced evaluation is shown as it was: with the surgeon, readiness and social aspects it
  // kept, never today's (decision 0039). The current one shows today's, as the summary does.
  const shown: HistoryEntry['surgicalRiskFactorsShown'] = isCurrent
    ? 'current'
    : evaluation.surgical_risk_factors_kept
      ? 'as-evaluated'
      : 'not-kept';
  const asShown =
    shown === 'current'
      ? pathway
      : shown === 'as-evaluated'
        ? {
            ...pathway,
            surgeon_name: evaluation.surgeon_name,
            surgery: evaluation.surgery,
            social: evaluation.social,
          }
        : { ...pathway, surgeon_name: null, surgery: null, social: null };
  const extra = {
    // A past evaluation shows the clerical change that made it, reviewed or not (decision 0056).
    clericalChanges: await clericalChangesOfEvaluation(db, evaluation.id),
    isCurrent,
    surgicalRiskFactorsShown: shown,
    inputs: remodelValuesOf(evaluation.inputs),
  };
  // Decision 0063: the record it read, and no result, while the predictions are suspended.
  if (pathway.suspended_on !== null) return { ...summaryOf(asShown, undefined, 'suspended', null), ...extra };
  const current = await evaluated(db, evaluation);
  const before = evaluation.reason === 'remodel' ? await evaluationBefore(db, evaluation) : undefined;
  return {
    ...summaryOf(asShown, current, 'processed', average, await changeOf(db, current, before)),
    // A past evaluation shows the clerical change that made it, reviewed or not (decision 0056).
    clericalChanges: await clericalChangesOfEvaluation(db, evaluation.id),
    isCurrent,
    surgicalRiskFactorsShown: shown,
    inputs: remodelValuesOf(evaluation.inputs),
  };
}
