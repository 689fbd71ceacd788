/**
 * What an evaluation says (docs/requirements.md §3 risk result): its factors, the defaults the model
 * used, the blood results it read, and what a remodel changed since the evaluation before it.
 */
import { sql } from 'drizzle-orm';
import { labSpecs } from '@esr/import-files/headers';
import { modelInputOf } from '@esr/contracts/patient-wording';
import { summariseStored, type PatientRecord } from '@esr/risk-engine/evaluate';
import { bandOfStored } from '@esr/contracts/risk-band';
import type { RiskAdjustment } from '@esr/contracts/prioritisation';
import {
  type BloodResultRead,
  type InputChange,
  type RiskResult,
  type RemodelChange,
} from '@esr/contracts/patients';
import { factorLabel } from '@esr/contracts/remodel';
import { queryRows, type Db } from '../../platform/db/client.js';
import { defaultBloodResultMaxAgeDays, unpackContributions } from '../evaluations/index.js';
import { riskModelById } from '../models/index.js';
import type { ClinicalRecord } from '../waiting-list/index.js';
import { outsideModelRangeOf } from './outside-model-range.js';
import { type EvaluationRow, type Factor, evaluationColumnsSql } from './patient-rows.js';

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

export function riskResult(
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
export interface Evaluated {
  evaluation: EvaluationRow;
  explanation: Explanation;
}

export const evaluated = async (db: Db, evaluation: EvaluationRow): Promise<Evaluated> => ({
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
export async function evaluationBefore(
  db: Db,
  evaluation: EvaluationRow,
): Promise<EvaluationRow | undefined> {
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
export async function changeOf(
  db: Db,
  current: Evaluated,
  previous?: EvaluationRow | null,
): Promise<RemodelChange | null> {
  if (current.evaluation.reason !== 'remodel' || !previous) return null;
  return remodelChange(current, await evaluated(db, previous));
}
