/**
 * The pathway and evaluation rows the patient screens read (docs/requirements.md §3), their columns,
 * and the pathway as the screens find it.
 */
import { sql } from 'drizzle-orm';
import { type EvaluationReason, patientMessages } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { type Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import { type LabDates } from '../evaluations/index.js';
import type { ClinicalRecord } from '../waiting-list/index.js';
import { suspendedOnSql } from '../prediction-suspension/index.js';
import { findPathway, type PatientIdentityColumns } from '../pathways/index.js';

export interface PathwayRow extends PatientIdentityColumns {
  id: string;
  /** The day the procedure's predictions were suspended (decision 0063); null while they are not. */
  suspended_on: string | null;
  trust_code: string;
  procedure_code: ProcedureCode;
  referral_date: string | null;
  surgeon_name: string | null;
  surgery: string | null;
  social: string | null;
  is_active: boolean;
  status: string;
  clinical: ClinicalRecord;
  current_evaluation_id: string | null;
  failed_fields: string[] | null;
  failure_reason: string | null;
  /** Decision 0056: when the earliest clerical change waiting for a clinician's review was made. */
  clerical_change_unreviewed_at: string | Date | null;
  lab_dates: LabDates | null;
  operation: string | null;
  /** Why the pathway is outside the model's population (status excluded), in words. */
  exclusion: string | null;
}

/** A factor as the engine gives it and as evaluations before decision 0028 stored it. */
export interface Factor {
  feature: string;
  displayName: string;
  importance: 'high' | 'medium' | 'low';
  value: number | null;
  unit: string;
  defaultUsed?: boolean;
}

export interface EvaluationRow extends Record<string, unknown> {
  id: string;
  pathway_id: string;
  model_version: number;
  model_name: string;
  model_card_version: string;
  demonstration: boolean;
  reason: EvaluationReason;
  created_at: string | Date;
  created_by: string;
  probability: number;
  prediction: string;
  is_default_value_used: boolean;
  model_id: string;
  /** Each feature's contribution in the model's feature order (decision 0028); null before it. */
  /** The stored bytes as base64 (decision 0032); null for an evaluation stored before decision 0028. */
  feature_contributions: string | null;
  evaluation_date: string | null;
  /** Stored before decision 0028: the factors shown, every contribution, and the advice. */
  feature_importance: Factor[] | null;
  contributions: [string, number][] | null;
  areas_of_improvement: { dos?: { title: string; description: string }[] } | null;
  inputs: ClinicalRecord;
  /** The pathway's surgeon, readiness and social aspects when it was made, if kept (decision 0039). */
  surgeon_name: string | null;
  surgery: string | null;
  social: string | null;
  surgical_risk_factors_kept: boolean;
  is_anomaly: boolean;
  anomaly_reason: string | null;
  recalibrated: boolean | null;
  /** Decision 0057: the required inputs it lacked, the results too old to use, and when its results were taken. */
  withheld_inputs: string[] | null;
  unused_inputs: Record<string, string> | null;
  lab_dates: LabDates | null;
  blood_result_max_age_days: number | null;
}

export const pathwayColumns = sql`p.id, p.trust_code, p.procedure_code, p.nhs_number, p.local_patient_identifier,
  p.first_name, p.last_name, p.date_of_birth::text as date_of_birth, p.referral_date::text as referral_date,
  p.surgeon_name, p.surgery, p.social, p.is_active, p.status, p.clinical, p.current_evaluation_id,
  p.failed_fields, p.failure_reason, p.clerical_change_unreviewed_at, p.lab_dates, p.operation, p.exclusion,
  ${suspendedOnSql()} as suspended_on`;

export const evaluationColumnsSql = sql`e.id, e.pathway_id, e.model_id, e.model_version, e.model_name,
  e.model_card_version, e.demonstration, e.reason, e.created_at, e.created_by, e.probability, e.prediction,
  e.is_default_value_used, encode(e.feature_contributions, 'base64') as feature_contributions,
  e.evaluation_date::text as evaluation_date,
  e.feature_importance, e.contributions, e.areas_of_improvement, e.inputs, e.surgeon_name, e.surgery,
  e.social, e.surgical_risk_factors_kept, e.is_anomaly, e.anomaly_reason, e.withheld_inputs, e.unused_inputs,
  e.lab_dates,
  (select t.blood_result_max_age_days from trusts t where t.trust_code = e.trust_code) as blood_result_max_age_days,
  (select m.base_model_id is not null from ml_models m where m.id = e.model_id) as recalibrated`;

/** Who the pathway is about, as every patient answer names them. */
export const identityOf = (pathway: PathwayRow) => ({
  id: pathway.id,
  nhsNumber: pathway.nhs_number,
  medicalRecordNumber: pathway.local_patient_identifier,
  firstName: pathway.first_name,
  lastName: pathway.last_name,
});

/** The pathway as the patient screens read it, locked for the caller's transaction when `lock`. */
export const patientPathway = (
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  lock = false,
): Promise<PathwayRow> => findPathway<PathwayRow>(db, { trustCode, procedureCode, id }, pathwayColumns, lock);

export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export const requireActive = (pathway: PathwayRow) => {
  if (!pathway.is_active) throw conflict(patientMessages.archived);
};
