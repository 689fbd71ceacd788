/**
 * The patient screens (docs/requirements.md §2 patient screens; §3 patient search result, risk summary, risk
 * history, edit payload and remodel record; §7 calls): lookup, risk summary, history, the flag,
 * edit, and remodel scored in the request. Every read of a patient's data is written to the access
 * log; every change to the change log, with its before and after values (decision 0025).
 */
import { sql } from 'drizzle-orm';
import { labCodes } from '@esr/import-files/types';
import { labSpecs } from '@esr/import-files/headers';
import { modelInputOf } from '@esr/contracts/patient-wording';
import { summariseStored, type PatientRecord } from '@esr/risk-engine/evaluate';
import { nhsNumberDigits, hasValidCheckDigit } from '@esr/contracts/nhs-number';
import { bandOfStored, type Prediction } from '@esr/contracts/risk-band';
import type { RiskAdjustment } from '@esr/contracts/prioritisation';
import {
  type EvaluationReason,
  editDetailsMessages,
  maxAnomalyReasonLength,
  maxLocalIdentifierLength,
  maxSurgeonNameLength,
  patientMessages,
  patientSearchMessages,
  type AnomalyRequest,
  type BloodResultRead,
  type HistoryEntry,
  type InputChange,
  type PatientSearchItem,
  type PatientSearchQuery,
  type RiskHistory,
  type RiskResult,
  type RemodelChange,
  type RiskSummary,
  type SummaryStatus,
  type SurgicalRiskFactorsRequest,
} from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { endpoints } from '@esr/contracts/endpoints';
import {
  comorbidityFields,
  errorKeyOf,
  factorLabel,
  labFields,
  remodelErrors,
  remodelFields,
  type RemodelRecord,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { readinessValues, socialValues } from '@esr/contracts/open-pathways';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { principalName, requireAccess, type Permission } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import {
  activeModelVersion,
  bloodResultMaxAgeDays,
  defaultBloodResultMaxAgeDays,
  evaluationDay,
  fieldsAtFault,
  recordEvaluation,
  scoreForWriting,
  setAnomalyFlag,
  unpackContributions,
  type LabDates,
} from '../evaluations/index.js';
import { riskModelById } from '../models/index.js';
import { isBusy } from '../imports/index.js';
import type { ClinicalRecord } from '../imports/index.js';
import { outsideModelRangeOf } from './outside-model-range.js';
import {
  anomalyRemovalOf,
  clericalChangeOf,
  clericalChangesOfEvaluation,
  noteClericalChange,
  unreviewedClericalChanges,
  type AnomalyRemovalColumns,
  type ClericalChangeColumns,
} from './clerical-changes.js';
import { patientAccessInsert, recordPatientAccess, routeOf, type AccessAction } from '../access-log/index.js';
import { withIdentity } from './identity-conflicts.js';
import { suspendedOnSql } from '../prediction-suspension/index.js';
import { findPathway, setSurgicalRiskFactors, writeClinicalRecord } from '../pathways/index.js';

/** What a patient call read, and the route it answered, for the access log (decision 0042). */
export interface PatientRead {
  action: AccessAction;
  route: string;
  /** Who may read it: a person of the trust unless said (an integration client's read, decision 0047). */
  permission?: Permission;
}

const read = (action: AccessAction, endpoint: { method: string; path: string }): PatientRead => ({
  action,
  route: routeOf(endpoint),
});

/** Every read of the patient calls; an edit and a remodel answer with the summary they leave. */
export const patientReads = {
  lookup: read('lookup', endpoints.patients.search),
  summary: read('risk-summary', endpoints.patients.riskSummary),
  summaryPdf: read('summary-pdf', endpoints.patients.riskSummaryExport),
  history: read('history', endpoints.patients.riskHistory),
  historyEntry: read('history-entry', endpoints.patients.historyEntry),
  historyPdf: read('history-pdf', endpoints.patients.historyEntryExport),
  record: read('record', endpoints.patients.remodelRecord),
  remodel: read('risk-summary', endpoints.patients.remodel),
  surgicalRiskFactors: read('risk-summary', endpoints.patients.surgicalRiskFactors),
  reviewChanges: read('changes-review', endpoints.patients.reviewChanges),
  identityCorrection: read('identity-correction', endpoints.patients.identityCorrection),
} satisfies Record<string, PatientRead>;

/** Writes who read which of the trust's pathways, and what. */
const recordRead = (
  db: Db,
  principal: Principal,
  trustCode: string,
  { action, route }: PatientRead,
  pathwayIds: string[],
  evaluationId: string | null = null,
) => recordPatientAccess(db, principal, { trustCode, route, action, pathwayIds, evaluationId });

interface PathwayRow extends Record<string, unknown> {
  id: string;
  /** The day the procedure's predictions were suspended (decision 0063); null while they are not. */
  suspended_on: string | null;
  trust_code: string;
  procedure_code: ProcedureCode;
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
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
interface Factor {
  feature: string;
  displayName: string;
  importance: 'high' | 'medium' | 'low';
  value: number | null;
  unit: string;
  defaultUsed?: boolean;
}

interface EvaluationRow extends Record<string, unknown> {
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

const pathwayColumns = sql`p.id, p.trust_code, p.procedure_code, p.nhs_number, p.local_patient_identifier,
  p.first_name, p.last_name, p.date_of_birth::text as date_of_birth, p.referral_date::text as referral_date,
  p.surgeon_name, p.surgery, p.social, p.is_active, p.status, p.clinical, p.current_evaluation_id,
  p.failed_fields, p.failure_reason, p.clerical_change_unreviewed_at, p.lab_dates, p.operation, p.exclusion,
  ${suspendedOnSql()} as suspended_on`;

const evaluationColumnsSql = sql`e.id, e.pathway_id, e.model_id, e.model_version, e.model_name,
  e.model_card_version, e.demonstration, e.reason, e.created_at, e.created_by, e.probability, e.prediction,
  e.is_default_value_used, encode(e.feature_contributions, 'base64') as feature_contributions,
  e.evaluation_date::text as evaluation_date,
  e.feature_importance, e.contributions, e.areas_of_improvement, e.inputs, e.surgeon_name, e.surgery,
  e.social, e.surgical_risk_factors_kept, e.is_anomaly, e.anomaly_reason, e.withheld_inputs, e.unused_inputs,
  e.lab_dates,
  (select t.blood_result_max_age_days from trusts t where t.trust_code = e.trust_code) as blood_result_max_age_days,
  (select m.base_model_id is not null from ml_models m where m.id = e.model_id) as recalibrated`;

/** Who the pathway is about, as every patient answer names them. */
const identityOf = (pathway: PathwayRow) => ({
  id: pathway.id,
  nhsNumber: pathway.nhs_number,
  medicalRecordNumber: pathway.local_patient_identifier,
  firstName: pathway.first_name,
  lastName: pathway.last_name,
});

/** docs/requirements.md §7 GET patients/: one row per pathway of the trust with that NHS number or local identifier. */
export async function searchPatients(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: PatientSearchQuery,
): Promise<{ patients: PatientSearchItem[] }> {
  requireAccess(principal, 'patients:read', trustCode);
  const nhsText = (query.nhsNumber ?? '').trim();
  const localText = (query.medicalRecordNumber ?? '').trim();
  let condition;
  if (nhsText !== '') {
    const digits = nhsNumberDigits(nhsText);
    if (!/^\d{10}$/.test(digits))
      throw badRequest(patientSearchMessages.nhsNumberLength, {
        NHSNumber: [patientSearchMessages.nhsNumberLength],
      });
    if (!hasValidCheckDigit(digits))
      throw badRequest(patientSearchMessages.nhsNumberInvalid, {
        NHSNumber: [patientSearchMessages.nhsNumberInvalid],
      });
    condition = sql`p.nhs_number = ${digits}`;
  } else if (localText !== '') {
    if (localText.length > maxLocalIdentifierLength)
      throw badRequest(patientSearchMessages.localIdentifierTooLong, {
        MedicalRecordNumber: [patientSearchMessages.localIdentifierTooLong],
      });
    // Ignoring case, as the open-pathways filter does: "ran760798" finds RAN760798 (decision 0038).
    condition = sql`lower(p.local_patient_identifier) = ${localText.toLowerCase()}`;
  } else {
    throw badRequest(patientSearchMessages.nothingToSearch, {
      NHSNumber: [patientSearchMessages.nothingToSearch],
    });
  }
  const rows = await queryRows<PathwayRow>(
    db,
    sql`select ${pathwayColumns} from pathways p
      where p.trust_code = ${trustCode} and ${condition}
      order by p.is_active desc, p.referral_date desc nulls last, p.created_at desc
      limit 50`,
  );
  if (rows.length === 0) throw notFound(patientSearchMessages.notFound);
  await recordRead(
    db,
    principal,
    trustCode,
    patientReads.lookup,
    rows.map((row) => row.id),
  );
  return {
    patients: rows.map((row) => ({
      ...identityOf(row),
      dateOfBirth: row.date_of_birth,
      operationType: row.procedure_code,
      referralDate: row.referral_date,
      isActive: row.is_active,
    })),
  };
}

/** The pathway as the patient screens read it, locked for the caller's transaction when `lock`. */
export const patientPathway = (
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  lock = false,
): Promise<PathwayRow> => findPathway<PathwayRow>(db, { trustCode, procedureCode, id }, pathwayColumns, lock);

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** What an evaluation says about its factors: those shown, every contribution for the chart, and advice. */
interface Explanation {
  /** The lowest and highest age and body mass index of the model's development data, when its wrapper says. */
  developmentRanges: Record<string, { min: number; max: number }>;
  featureImportance: RiskResult['featureImportance'];
  defaultsUsed: RiskResult['defaultsUsed'];
  contributions: RiskResult['contributions'];
  dos: { title: string; description: string }[];
}

/** The factors a summary shows: those of high and medium importance, with value and unit. */
const factorsShown = (factors: readonly Factor[]): RiskResult['featureImportance'] =>
  factors
    .filter((f) => f.importance !== 'low')
    .map((f) => ({
      feature: f.feature,
      displayName: f.displayName,
      importance: f.importance,
      value: f.value,
      unit: f.unit,
      defaultUsed: f.defaultUsed ?? false,
    }));

/**
 * The inputs the model was given its default for (decision 0035): every factor of any importance,
 * in the order given (largest push first). An evaluation stored before decision 0028 kept only the
 * factors shown, so only those can be named.
 */
const defaultsOf = (factors: readonly Factor[]): RiskResult['defaultsUsed'] =>
  factors
    .filter((f) => f.defaultUsed === true)
    .map((f) => ({ feature: f.feature, displayName: f.displayName, valueUsed: f.value, unit: f.unit }));

/** The record the model was given: the evaluation's inputs without the results too old to use (decision 0057). */
function inputsRead(evaluation: EvaluationRow): ClinicalRecord {
  if (!evaluation.unused_inputs) return evaluation.inputs;
  const record = { ...evaluation.inputs };
  for (const field of Object.keys(evaluation.unused_inputs)) record[field] = null;
  return record;
}

/**
 * An evaluation's explanation: rebuilt from its contributions, inputs and day under the model
 * version that made it (decision 0028), or as stored by an evaluation made before.
 */
async function explanationOf(db: Db, evaluation: EvaluationRow): Promise<Explanation> {
  if (evaluation.feature_contributions) {
    const model = await riskModelById(db, evaluation.model_id);
    if (!model) throw new Error('The model version of an evaluation is missing');
    const summary = summariseStored(
      model,
      inputsRead(evaluation) as PatientRecord,
      {
        probability: evaluation.probability,
        contributions: unpackContributions(Buffer.from(evaluation.feature_contributions, 'base64')),
      },
      { evaluationDate: evaluation.evaluation_date ?? new Date(evaluation.created_at) },
    );
    return {
      developmentRanges: model.wrapper?.developmentRanges ?? {},
      featureImportance: factorsShown(summary.featureImportance),
      defaultsUsed: defaultsOf(summary.featureImportance),
      contributions: summary.featureImportance.map((f) => ({
        feature: f.feature,
        displayName: f.displayName,
        contribution: f.contribution,
        value: f.value,
        unit: f.unit,
        defaultUsed: f.defaultUsed,
      })),
      dos: summary.areasOfImprovement.dos,
    };
  }
  const shown = evaluation.feature_importance ?? [];
  const factors = new Map(shown.map((f) => [f.feature, f]));
  return {
    developmentRanges: {},
    featureImportance: factorsShown(shown),
    defaultsUsed: defaultsOf(shown),
    // Only the factors shown kept their value: any other is unknown, not defaulted.
    contributions: (evaluation.contributions ?? []).map(([feature, contribution]) => {
      const factor = factors.get(feature);
      return {
        feature,
        displayName: factor?.displayName ?? displayNameOf(feature),
        contribution,
        value: factor?.value ?? null,
        unit: factor?.unit ?? '',
        defaultUsed: factor?.defaultUsed ?? false,
      };
    }),
    dos: evaluation.areas_of_improvement?.dos ?? [],
  };
}

/** The blood results the evaluation's model read, each with the day its sample was taken. */
function bloodResultsRead(evaluation: EvaluationRow): BloodResultRead[] {
  const record = inputsRead(evaluation);
  return labSpecs.flatMap((spec) => {
    const raw = record[spec.key];
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(value)) return [];
    const sampledOn = evaluation.lab_dates?.[spec.key] ?? evaluation.lab_dates?.sampled ?? null;
    return [{ field: spec.key, label: spec.label, value, unit: spec.unit, sampledOn }];
  });
}

function riskResult(
  evaluation: EvaluationRow,
  explanation: Explanation,
  averageProbability: number | null,
  adjustment: RiskAdjustment | null = null,
): RiskResult {
  return {
    adjustment,
    evaluationId: evaluation.id,
    // Withheld when a required input was missing (decision 0057): no band wherever one would show.
    prediction: evaluation.withheld_inputs?.length ? null : (bandOfStored(evaluation.prediction) ?? 'low'),
    missingRequiredInputs: (evaluation.withheld_inputs ?? []).map(modelInputOf),
    staleInputs: Object.entries(evaluation.unused_inputs ?? {}).map(([field, sampledOn]) => ({
      ...modelInputOf(field),
      sampledOn,
      maxAgeDays: evaluation.blood_result_max_age_days ?? defaultBloodResultMaxAgeDays,
    })),
    bloodResults: bloodResultsRead(evaluation),
    probability: evaluation.probability,
    averageProbability,
    isAnomaly: evaluation.is_anomaly,
    anomalyReason: evaluation.is_anomaly ? evaluation.anomaly_reason : null,
    isDefaultValueUsed: evaluation.is_default_value_used,
    // Empty whenever the evaluation says no default was used (decision 0035).
    defaultsUsed: evaluation.is_default_value_used ? explanation.defaultsUsed : [],
    outsideModelRange: outsideModelRangeOf(
      inputsRead(evaluation) as PatientRecord,
      explanation.developmentRanges,
      evaluation.evaluation_date ?? new Date(evaluation.created_at).toISOString().slice(0, 10),
    ),
    featureImportance: explanation.featureImportance,
    contributions: explanation.contributions,
    evaluatedAt: new Date(evaluation.created_at).toISOString(),
    reason: evaluation.reason,
    evaluatedBy: evaluation.created_by,
    model: {
      name: evaluation.model_name,
      version: evaluation.model_card_version,
      uploadVersion: evaluation.model_version,
      demonstration: evaluation.demonstration,
      recalibrated: evaluation.recalibrated === true,
    },
  };
}

/** A factor too small to have been stored with its display name: the form's words, else its name as words. */
const displayNameOf = (feature: string) =>
  factorLabel(
    feature,
    feature.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
  );

/** An evaluation with its explanation rebuilt. */
interface Evaluated {
  evaluation: EvaluationRow;
  explanation: Explanation;
}

const evaluated = async (db: Db, evaluation: EvaluationRow): Promise<Evaluated> => ({
  evaluation,
  explanation: await explanationOf(db, evaluation),
});

/**
 * The value the model read of each input it is known to have read, by feature: every input of an
 * evaluation that stored its contributions (decision 0028), only the factors shown of one before.
 */
function valuesRead({
  evaluation,
  explanation,
}: Evaluated): Map<string, RiskResult['contributions'][number]> {
  const known = evaluation.feature_contributions
    ? explanation.contributions
    : explanation.featureImportance.map((factor) => ({ ...factor, contribution: 0 }));
  return new Map(known.map((factor) => [factor.feature, factor]));
}

/**
 * What a remodel changed since the evaluation before it (decision 0039): the probability and band
 * before, and each input whose value, or whether it was the model's default, differs, in the order
 * of the remodel's contributions (largest push first). An input only one of the two read (another
 * model version) is left out: there is nothing to compare it with.
 */
function remodelChange(current: Evaluated, previous: Evaluated): RemodelChange {
  const before = valuesRead(previous);
  const inputs: InputChange[] = [];
  for (const after of valuesRead(current).values()) {
    const was = before.get(after.feature);
    if (!was || (was.value === after.value && was.defaultUsed === after.defaultUsed)) continue;
    inputs.push({
      feature: after.feature,
      displayName: after.displayName,
      unit: after.unit || was.unit,
      before: was.value,
      beforeDefaultUsed: was.defaultUsed,
      after: after.value,
      afterDefaultUsed: after.defaultUsed,
    });
  }
  return {
    previousEvaluationId: previous.evaluation.id,
    previousEvaluatedAt: new Date(previous.evaluation.created_at).toISOString(),
    previousPrediction: previous.evaluation.withheld_inputs?.length
      ? null
      : (bandOfStored(previous.evaluation.prediction) ?? 'low'),
    previousProbability: previous.evaluation.probability,
    inputs,
  };
}

/** The evaluation of the pathway made just before this one, in the history's order; none for the first. */
async function evaluationBefore(db: Db, evaluation: EvaluationRow): Promise<EvaluationRow | undefined> {
  const [row] = await queryRows<EvaluationRow>(
    db,
    sql`select ${evaluationColumnsSql} from evaluations e
      where e.pathway_id = ${evaluation.pathway_id}
        and (e.created_at, e.id) < (select c.created_at, c.id from evaluations c where c.id = ${evaluation.id})
      order by e.created_at desc, e.id desc limit 1`,
  );
  return row;
}

/** What a remodel changed, when `current` is one and an evaluation came before it. */
async function changeOf(
  db: Db,
  current: Evaluated,
  previous?: EvaluationRow | null,
): Promise<RemodelChange | null> {
  if (current.evaluation.reason !== 'remodel' || !previous) return null;
  return remodelChange(current, await evaluated(db, previous));
}

function summaryOf(
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

async function averageProbability(db: Db, trustCode: string, procedureCode: string): Promise<number | null> {
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

/** The remodel record's values (docs/requirements.md §3: strings, '1'/'0', '' unknown) of a model record. */
export function remodelValuesOf(clinical: ClinicalRecord): RemodelValues {
  const text = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : String(value).trim();
  const values = Object.fromEntries(remodelFields.map((field) => [field, ''])) as RemodelValues;
  for (const field of ['height', 'weight', 'sex', 'ethnicGroup', 'smoking', ...labFields] as const)
    values[field] = text(clinical[field]);
  for (const code of comorbidityFields) {
    const flag = text(clinical[code]);
    values[code] = flag === '1' || flag === '0' ? flag : '';
  }
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(clinical.dateOfBirth));
  if (dob) {
    values.dobYear = dob[1]!;
    values.dobMonth = String(Number(dob[2]));
    values.dobDay = String(Number(dob[3]));
  }
  return values;
}

/** The model record of remodel values: numbers as numbers, flags as 1 or 0, unknown as null. */
export function clinicalRecordOf(values: RemodelValues): ClinicalRecord {
  const number = (text: string) => (text === '' ? null : Number(text));
  const clinical: ClinicalRecord = {
    height: number(values.height),
    weight: number(values.weight),
    sex: values.sex || null,
    ethnicGroup: values.ethnicGroup || null,
    smoking: values.smoking || null,
    dateOfBirth:
      values.dobYear && values.dobMonth && values.dobDay
        ? `${values.dobYear.padStart(4, '0')}-${values.dobMonth.padStart(2, '0')}-${values.dobDay.padStart(2, '0')}`
        : null,
  };
  for (const code of comorbidityFields) clinical[code] = number(values[code]);
  for (const field of labFields) clinical[field] = number(values[field]);
  return clinical;
}

/** docs/requirements.md §7 GET patients/{id}: the remodel record. */
export async function remodelRecord(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
): Promise<RemodelRecord> {
  requireAccess(principal, 'patients:read', trustCode);
  const pathway = await patientPathway(db, trustCode, procedureCode, id);
  await recordRead(db, principal, trustCode, patientReads.record, [id]);
  return {
    ...remodelValuesOf(pathway.clinical),
    ...identityOf(pathway),
    operationType: pathway.procedure_code,
    isActive: pathway.is_active,
  };
}

export const requireActive = (pathway: PathwayRow) => {
  if (!pathway.is_active) throw conflict(patientMessages.archived);
};

/**
 * The pathway's blood result dates after a remodel: a value the remodel changed or added is dated
 * the day it was typed, as a clinician enters a result they have now; one it removed has no date.
 */
function remodelledLabDates(pathway: PathwayRow, clinical: ClinicalRecord, day: string): LabDates | null {
  const before = pathway.lab_dates ?? {};
  const dates: LabDates = {};
  for (const lab of labCodes) {
    const value = clinical[lab];
    if (value === null || value === undefined || value === '') continue;
    const kept = pathway.clinical[lab] === value ? (before[lab] ?? before.sampled) : undefined;
    dates[lab] = kept ?? day;
  }
  const days = Object.values(dates);
  if (days.length === 0) return null;
  const sampled = days.reduce((latest, date) => (date > latest ? date : latest));
  // As the import writes them: the latest as `sampled`, a test taken on another day by its own name.
  return Object.fromEntries([
    ['sampled', sampled],
    ...Object.entries(dates).filter(([, date]) => date !== sampled),
  ]);
}

/**
 * docs/requirements.md §7 PUT patients/{id}: stores the corrected record and scores it with the active model in
 * the request (a remodel takes milliseconds, so the clinician sees the new result at once). A
 * corrected date of birth also corrects the pathway's; an unknown one leaves the pathway's as it is,
 * since it identifies the patient on the list.
 */
export async function remodel(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  changes: { readonly [field: string]: unknown },
  now: () => Date = () => new Date(),
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:write', trustCode);
  // One transaction from the model's version to the access log: on the embedded database each
  // statement outside it would queue behind a batch-scoring write, and a remodel must stay quick
  // while a list is scored.
  return db.transaction(async (tx) => {
    const model = await activeModelVersion(tx, trustCode, procedureCode);
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    const values = remodelValuesOf(pathway.clinical);
    for (const field of remodelFields) {
      const value = changes[field];
      if (typeof value === 'string') values[field] = value;
    }
    const problems = remodelErrors(values, now());
    if (Object.keys(problems).length > 0)
      throw badRequest(
        'The details are not valid',
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
      );
    if (!model) throw conflict(patientMessages.noModel);
    const clinical = clinicalRecordOf(values);
    const evaluationDate = evaluationDay(now());
    // A blood value typed in a remodel counts as taken on the day it is typed (decision 0057).
    const labDates = remodelledLabDates(pathway, clinical, evaluationDate);
    const [state] = await scoreForWriting(
      {
        trustCode,
        procedureCode,
        model,
        bloodResultMaxAgeDays: await bloodResultMaxAgeDays(tx, trustCode),
      },
      [{ clinical, labDates, operation: pathway.operation, reason: 'remodel' }],
      evaluationDate,
    );
    if (state!.status === 'failed') {
      const fields = fieldsAtFault(model.model, clinical);
      throw badRequest(
        patientMessages.remodelFailed,
        Object.fromEntries(
          (fields.length ? fields : ['height']).map((field) => [
            remodelFields.includes(field as never) ? errorKeyOf(field as never) : 'dateOfBirth',
            [`${patientMessages.remodelFailed} ${state!.failureReason ?? ''}`.trim()],
          ]),
        ),
      );
    }
    const evaluationId = state!.evaluationId;
    // The record is stored as written, and its hash is of that text: clinicalRecordOf puts the keys
    // in the order an import writes them, so the same record gives the same hash either way.
    const clinicalJson = JSON.stringify(clinical);
    await writeClinicalRecord(tx, id, {
      clinicalJson,
      labDatesJson: labDates === null ? null : JSON.stringify(labDates),
      dateOfBirth: typeof clinical.dateOfBirth === 'string' ? clinical.dateOfBirth : null,
    });
    await recordEvaluation(tx, {
      pathwayId: id,
      trustCode,
      procedureCode,
      model,
      reason: 'remodel',
      createdBy: `${principal.firstName} ${principal.lastName}`,
      state: state!,
      evaluationDate,
      inputsJson: clinicalJson,
    });
    if (evaluationId !== null) await noteClericalChange(tx, principal, id, evaluationId);
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Remodelled',
      entityType: 'patient',
      pathway,
      before: pathway.clinical,
      after: clinical,
    });
    // The summary as the clinician will see it, read in the same transaction.
    return riskSummary(tx, principal, trustCode, procedureCode, id, patientReads.remodel);
  });
}

/** docs/requirements.md §7 PUT surgical-risk-factors/: surgeon, readiness and social aspects. */
export async function updateSurgicalRiskFactors(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  body: SurgicalRiskFactorsRequest,
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:write', trustCode);
  const errors: Record<string, string[]> = {};
  const surgeonName = (body.surgeonName ?? '').trim();
  if (surgeonName === '') errors.surgeonName = [editDetailsMessages.surgeonRequired];
  else if (surgeonName.length > maxSurgeonNameLength)
    errors.surgeonName = [editDetailsMessages.surgeonTooLong];
  const surgery = oneOf(readinessValues, body.surgery ?? null);
  if (!surgery) errors.surgery = [editDetailsMessages.surgeryRequired];
  const social = oneOf(socialValues, body.social ?? null);
  if (!social) errors.social = [editDetailsMessages.socialRequired];
  if (body.id !== undefined && body.id !== id) errors.id = [editDetailsMessages.idMismatch];
  if (body.trustCode !== undefined && body.trustCode !== trustCode)
    errors.trustCode = ['The trust code in the body must match the trust code in the address'];
  if (Object.keys(errors).length > 0) throw badRequest('The details are not valid', errors);
  await db.transaction(async (tx) => {
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    await setSurgicalRiskFactors(tx, id, { surgeonName, surgery: surgery!, social: social! });
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Updated surgical risk factors',
      entityType: 'patient',
      pathway,
      before: { surgeonName: pathway.surgeon_name, surgery: pathway.surgery, social: pathway.social },
      after: { surgeonName, surgery, social },
    });
  });
  return riskSummary(db, principal, trustCode, procedureCode, id, patientReads.surgicalRiskFactors);
}

/**
 * docs/requirements.md §7 POST mark/anomaly/: flags or unflags the current result as an anomaly (a toggle). A
 * flag keeps the reason given, trimmed (none when blank; decision 0039). Removing a flag needs a
 * reason (decision 0056): the flag's own reason is cleared, and the reason for removing it is kept
 * with the evaluation, by whom and when. The change log entry says both.
 */
export async function toggleAnomaly(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  body?: AnomalyRequest,
): Promise<{ isAnomaly: boolean; evaluationId: string; anomalyReason: string | null }> {
  requireAccess(principal, 'patients:write', trustCode);
  const reason = (body?.reason ?? '').trim() || null;
  if (reason !== null && reason.length > maxAnomalyReasonLength)
    throw badRequest(patientMessages.anomalyReasonTooLong, {
      reason: [patientMessages.anomalyReasonTooLong],
    });
  return db.transaction(async (tx) => {
    // The pathway's lock keeps two toggles of its result one after the other.
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    const evaluationId = pathway.current_evaluation_id;
    if (!evaluationId) throw conflict(patientMessages.notScored);
    const [was] = await queryRows<{ is_anomaly: boolean; anomaly_reason: string | null }>(
      tx,
      sql`select is_anomaly, anomaly_reason from evaluations where id = ${evaluationId}`,
    );
    const isAnomaly = !was!.is_anomaly;
    if (!isAnomaly && reason === null)
      throw badRequest(patientMessages.unflagReasonRequired, {
        reason: [patientMessages.unflagReasonRequired],
      });
    await setAnomalyFlag(
      tx,
      evaluationId,
      isAnomaly ? { isAnomaly, reason } : { isAnomaly, reason, by: principalName(principal) },
    );
    const anomalyReason = isAnomaly ? reason : null;
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: isAnomaly ? 'Flagged the result as an anomaly' : 'Unflagged the result',
      entityType: 'patient',
      pathway,
      before: { isAnomaly: !isAnomaly, anomalyReason: was!.anomaly_reason, evaluationId },
      after: {
        isAnomaly,
        anomalyReason,
        evaluationId,
        ...(isAnomaly ? {} : { reasonForRemovingTheFlag: reason }),
      },
    });
    return { isAnomaly, evaluationId, anomalyReason };
  });
}
