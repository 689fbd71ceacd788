/**
 * The one writer of evaluations. An evaluation is the product's most important record: what the
 * model said of a patient, from which inputs, with which model version, and why it was run. It is
 * never changed once written (docs/architecture.md, "Evaluations"). Every evaluation (a confirm's,
 * a scoring run's, a remodel's) is written by the statements of this file, which also decide what
 * "current" means: a pathway's current evaluation is the last one written for the data it holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { ModelVersion, ScoredState, ScoringScope } from './scoring.js';
import { recordScoring } from '../pathways/index.js';
import {
  closeFactorsMetByNewValues,
  refreshPathwayFactors,
  type ScoredChange,
} from '../optimisation/index.js';

/**
 * The evaluations of a chunk's scored states (`v`, with the pathway's id as `id`), each with what it
 * keeps of the pathway as the statement wrote it (`pathway`, the alias of a row with its `clinical`,
 * the record the model read, its `lab_dates`, and its `surgeon_name`, `surgery` and `social`, kept to show a past
 * evaluation as it was: decision 0039), and the model version's columns (from `$first`, 8
 * parameters: trust, procedure, model id, version, name, card version, demonstration, then the
 * evaluation day). Written in the database from the record it already holds, so the inputs never
 * travel twice.
 */
export const evaluationInsert = (pathway: string, first = 1) => {
  const [trust, procedure, modelId, version, name, card, demonstration, day] = Array.from(
    { length: 8 },
    (_, index) => `$${first + index}`,
  );
  return `insert into evaluations (id, pathway_id, trust_code,
    procedure_code, model_id, model_version, model_name, model_card_version, demonstration, reason,
    created_by, probability, prediction, is_default_value_used, feature_contributions, evaluation_date, inputs,
    withheld_inputs, unused_inputs, lab_dates, surgeon_name, surgery, social, surgical_risk_factors_kept)
  select v."evaluationId", v.id, ${trust}, ${procedure}, ${modelId}, ${version}, ${name}, ${card}, ${demonstration},
    v.reason, 'Batch scoring', v."modelProbability", v.band, v."defaultUsed", decode(v.contributions, 'base64'),
    ${day}::date, ${pathway}.clinical, v."withheldInputs", v."unusedInputs", ${pathway}.lab_dates,
    ${pathway}.surgeon_name, ${pathway}.surgery, ${pathway}.social, true`;
};

/** The 8 parameters of `evaluationInsert`. */
export const evaluationInsertParams = (scope: ScoringScope, evaluationDate: string) => [
  scope.trustCode,
  scope.procedureCode,
  scope.model.id,
  scope.model.version,
  scope.model.name,
  scope.model.cardVersion,
  scope.model.demonstration,
  evaluationDate,
];

/**
 * Writes one pathway's scored state (a remodel, or new blood results, scored by `scoreForWriting`):
 * its evaluation, made the pathway's current one with its prediction; or, for a pathway outside the
 * model's population, no evaluation and the reason (decision 0057). The bulk writers above do the
 * same for a chunk in one statement each. A failed state is the caller's to answer.
 */
export async function recordEvaluation(
  tx: Db,
  evaluation: {
    pathwayId: string;
    trustCode: string;
    procedureCode: string;
    model: Omit<ModelVersion, 'model'>;
    /** A clinician's remodel, or blood results sent by the trust's systems (decision 0047). */
    reason: 'remodel' | 'results';
    /** Who typed or sent the new values; the evaluation names them as `createdBy`. */
    actor: ScoredChange['actor'];
    createdBy: string;
    state: ScoredState;
    evaluationDate: string;
    /** The record the pathway holds, as the JSON text it stores. */
    inputsJson: string;
  },
): Promise<void> {
  const { pathwayId, model, state } = evaluation;
  // What the previous evaluation read and said, for the optimisation factors a new value meets.
  const [before] = await queryRows<{ inputs: unknown; lab_dates: unknown; probability: number | null }>(
    tx,
    sql`select e.inputs, e.lab_dates, p.probability from pathways p
      left join evaluations e on e.id = p.current_evaluation_id where p.id = ${pathwayId}`,
  );
  if (state.status === 'excluded' || state.evaluationId === null) {
    await recordScoring(tx, pathwayId, {
      status: state.status,
      evaluationId: null,
      prediction: null,
      probability: null,
      modelId: model.id,
      exclusion: state.exclusion,
      failedFields: state.failedFields,
      failureReason: state.failureReason,
      defaultedInputs: null,
    });
    // No evaluation, but new values: the factors they show still change (decision 0072).
    await refreshPathwayFactors(tx, evaluation, [pathwayId]);
    return;
  }
  const id = state.evaluationId;
  // The surgeon, readiness and social aspects as the pathway holds them now (decision 0039).
  await tx.execute(sql`insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id,
      model_version, model_name, model_card_version, demonstration, reason, created_by, probability,
      prediction, is_default_value_used, feature_contributions, evaluation_date, inputs,
      withheld_inputs, unused_inputs, lab_dates, surgeon_name, surgery, social, surgical_risk_factors_kept)
    select ${id}::uuid, ${pathwayId}::uuid, ${evaluation.trustCode}, ${evaluation.procedureCode},
      ${model.id}::uuid, ${model.version}::integer, ${model.name}, ${model.cardVersion},
      ${model.demonstration}::boolean, ${evaluation.reason}, ${evaluation.createdBy},
      ${state.modelProbability}::float8, ${state.band}, ${state.defaultUsed}::boolean,
      decode(${state.contributions}, 'base64'),
      ${evaluation.evaluationDate}::date, ${evaluation.inputsJson}::json,
      ${state.withheldInputs}::jsonb, ${state.unusedInputs}::jsonb, p.lab_dates,
      p.surgeon_name, p.surgery, p.social, true
    from pathways p where p.id = ${pathwayId}::uuid`);
  await recordScoring(tx, pathwayId, {
    status: state.status,
    evaluationId: id,
    prediction: state.prediction,
    probability: state.probability,
    modelId: model.id,
    exclusion: null,
    failedFields: state.failedFields,
    failureReason: null,
    defaultedInputs: state.defaultedInputs,
  });
  await closeFactorsMetByNewValues(tx, {
    pathwayId,
    trustCode: evaluation.trustCode,
    procedureCode: evaluation.procedureCode,
    actor: evaluation.actor,
    before: before?.inputs ? { clinical: before.inputs, labDates: before.lab_dates } : null,
    probabilityBefore: before?.probability ?? null,
    probabilityAfter: state.probability,
  });
}

/** An evaluation of one pathway copied to another, dated as given (a demonstration history). */
export interface EvaluationCopy {
  id: string;
  pathwayId: string;
  /** The evaluation copied: its probability, band, explanation and the record it read. */
  sourceId: string;
  /** ISO time it is dated. */
  at: string;
}

/**
 * Writes copies of evaluations for a demonstration history (decision 0045): pathways operated in
 * the past need an evaluation made before their operation, which no scoring run today can date.
 * Each copy keeps its source's prediction and explanation, made by the target trust's model.
 */
export async function copyEvaluationsAsOf(
  tx: Db,
  copies: EvaluationCopy[],
  target: { trustCode: string; modelId: string; modelVersion: number },
): Promise<void> {
  await tx.execute(sql`insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id,
      model_version, model_name, model_card_version, demonstration, reason, created_at, created_by,
      probability, prediction, is_default_value_used, feature_contributions, evaluation_date, inputs,
      withheld_inputs, unused_inputs, lab_dates, surgeon_name, surgery, social, surgical_risk_factors_kept)
    select n.id, n.pathway_id, ${target.trustCode}, e.procedure_code, ${target.modelId}, ${target.modelVersion},
      e.model_name, e.model_card_version, e.demonstration, 'batch', n.at::timestamptz, 'Batch scoring',
      e.probability, e.prediction, e.is_default_value_used, e.feature_contributions, n.at::date, e.inputs,
      e.withheld_inputs, e.unused_inputs, e.lab_dates, e.surgeon_name, e.surgery, e.social, e.surgical_risk_factors_kept
    from json_to_recordset(${JSON.stringify(
      copies.map((copy) => ({
        id: copy.id,
        pathway_id: copy.pathwayId,
        source_id: copy.sourceId,
        at: copy.at,
      })),
    )}::json) as n(id uuid, pathway_id uuid, source_id uuid, at text)
    join evaluations e on e.id = n.source_id`);
}

/**
 * Flags an evaluation as an anomaly with the reason given, or removes the flag (decision 0056): the
 * flag's own reason is cleared, and the reason for removing it is kept with who removed it and when.
 */
export async function setAnomalyFlag(
  tx: Db,
  evaluationId: string,
  flag: { isAnomaly: true; reason: string | null } | { isAnomaly: false; reason: string | null; by: string },
): Promise<void> {
  await tx.execute(
    flag.isAnomaly
      ? sql`update evaluations set is_anomaly = true, anomaly_reason = ${flag.reason} where id = ${evaluationId}`
      : sql`update evaluations set is_anomaly = false, anomaly_reason = null,
          anomaly_removed_reason = ${flag.reason}, anomaly_removed_by = ${flag.by},
          anomaly_removed_at = now()
        where id = ${evaluationId}`,
  );
}

/** The evaluation was made by a clerical user's change, which waits for a clinician's review. */
export async function markClericalChange(tx: Db, evaluationId: string): Promise<void> {
  await tx.execute(sql`update evaluations set clerical_change = true where id = ${evaluationId}`);
}

/** Marks the pathway's unreviewed clerical changes reviewed by `reviewedBy`, returning their `columns`. */
export async function reviewClericalChanges<Row extends Record<string, unknown>>(
  tx: Db,
  pathwayId: string,
  reviewedBy: string,
  columns: SQL,
): Promise<Row[]> {
  return queryRows<Row>(
    tx,
    sql`update evaluations e set reviewed_by = ${reviewedBy}, reviewed_at = now()
      where e.pathway_id = ${pathwayId} and e.clerical_change and e.reviewed_at is null
      returning ${columns}`,
  );
}
