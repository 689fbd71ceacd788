/**
 * Checks an uploaded model and wrapper and describes the model (docs/model-artifacts.md). Runs on a sandbox thread
 * (model-files.worker.ts): everything here reads untrusted bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, type PatientRecord } from '@esr/risk-engine/evaluate';
import { RiskEngineError } from '@esr/risk-engine/errors';
import { loadEstimator, loadModel, type RiskModel } from '@esr/risk-engine/model';
import { loadWrapper, type Wrapper } from '@esr/risk-engine/wrapper';
import type { TaskContext } from '../../platform/sandbox/serve-task.js';

export const modelsRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../models/default',
);

export type ModelFileField = 'modelFile' | 'wrapperFile';

/** What the server keeps about a model version, besides its files. */
export interface StoredCard {
  name: string;
  modelVersion: string;
  demonstration: boolean;
  featureCount: number;
  thresholds: { high: number; moderate: number };
  metrics: Record<string, number> | null;
  library: string;
  libraryVersion: string;
  /** What the model predicts and over how many days, when its wrapper says (docs/model-artifacts.md). */
  outcome?: { definition: string; horizonDays: number };
}

/** The follow-up of a model whose wrapper does not say: the 90 days of the demonstration models. */
export const defaultOutcomeHorizonDays = 90;

export interface ModelFilesInput {
  procedureCode: string;
  modelBytes: Uint8Array;
  wrapperBytes: Uint8Array;
}

export type ModelFilesCheck =
  | { ok: true; modelType: string; card: StoredCard }
  | { ok: false; errors: Partial<Record<ModelFileField, string[]>> };

export function cardOf(model: RiskModel, wrapper: Wrapper): StoredCard {
  const metrics = Object.fromEntries(
    Object.entries(wrapper.modelCard.metrics ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
  return {
    name: wrapper.modelCard.name,
    modelVersion: wrapper.modelCard.version,
    demonstration: wrapper.modelCard.demonstration,
    featureCount: model.info.nFeatures,
    thresholds: wrapper.thresholds,
    metrics: Object.keys(metrics).length > 0 ? metrics : null,
    library: model.info.library,
    libraryVersion: model.info.libraryVersion,
    ...(wrapper.outcome ? { outcome: wrapper.outcome } : {}),
  };
}

let referenceRecords: PatientRecord[] | undefined;
let referenceDate = '2026-01-01';
function loadReferenceRecords(): PatientRecord[] {
  if (!referenceRecords) {
    const file = JSON.parse(fs.readFileSync(path.join(modelsRoot, 'reference-records.json'), 'utf8')) as {
      evaluationDate: string;
      records: { record: PatientRecord }[];
    };
    referenceDate = file.evaluationDate;
    referenceRecords = file.records.map((entry) => entry.record);
  }
  return referenceRecords;
}

/**
 * How far contributions + expected value may be from the raw output, relative to max(1, |raw|).
 * Explanations are float64; XGBoost's raw output is its own float32 sum of one leaf value per tree,
 * each addition rounded by up to 2^-24 of the running sum, so its error grows with the number of
 * trees (up to about 2e-6 for the 200-tree default models). A broken explanation is off by far more.
 */
export function explanationTolerance(model: RiskModel): number {
  if (model.info.kind !== 'xgboost') return 1e-6;
  return Math.max(1e-6, 4 * (model.info.nTrees ?? 1) * 2 ** -24);
}

/**
 * A new model must answer sensibly for every reference record before it replaces the active one
 * (docs/model-artifacts.md): a probability in [0, 1], and contributions that add up to its raw output.
 */
export function smokeTest(model: RiskModel): string | null {
  const tolerance = explanationTolerance(model);
  for (const [index, record] of loadReferenceRecords().entries()) {
    let result;
    try {
      result = evaluate(model, record, { evaluationDate: referenceDate });
    } catch (error) {
      return `The model could not evaluate reference record ${index + 1}: ${(error as Error).message}`;
    }
    if (!Number.isFinite(result.probability) || result.probability < 0 || result.probability > 1) {
      return `The model gave a probability of ${result.probability} for reference record ${index + 1}`;
    }
    const total = result.featureImportance.reduce((sum, f) => sum + f.contribution, result.expectedValue);
    if (Math.abs(total - result.rawOutput) > tolerance * Math.max(1, Math.abs(result.rawOutput))) {
      return `The model's explanations do not add up for reference record ${index + 1}`;
    }
  }
  return null;
}

const noProgress: Pick<TaskContext<never>, 'stage'> = { stage: () => undefined };

/** Decodes both files, checks them against each other and smoke-tests the model (docs/requirements.md §5, §8). */
export function checkModelFiles(
  { procedureCode, modelBytes, wrapperBytes }: ModelFilesInput,
  progress: Pick<TaskContext<never>, 'stage'> = noProgress,
): ModelFilesCheck {
  const errors: Partial<Record<ModelFileField, string[]>> = {};
  const fail = (field: ModelFileField, message: string) => (errors[field] ??= []).push(message);
  const failed = (): ModelFilesCheck => ({ ok: false, errors });

  progress.stage('wrapperFile');
  let wrapper: Wrapper | undefined;
  try {
    wrapper = loadWrapper(wrapperBytes);
    if (wrapper.procedure !== procedureCode) {
      fail('wrapperFile', `The wrapper is for the "${wrapper.procedure}" procedure, not "${procedureCode}"`);
    }
  } catch (error) {
    if (!(error instanceof RiskEngineError)) throw error;
    const issues = (error as RiskEngineError & { issues?: readonly string[] }).issues ?? [];
    if (issues.length > 0)
      for (const issue of issues) fail('wrapperFile', `wrapper.pkl is malformed: ${issue}`);
    else fail('wrapperFile', error.message);
  }

  progress.stage('modelFile');
  try {
    loadEstimator(modelBytes);
  } catch (error) {
    if (!(error instanceof RiskEngineError)) throw error;
    fail('modelFile', error.message);
  }
  if (Object.keys(errors).length > 0) return failed();

  let model: RiskModel;
  try {
    model = loadModel(modelBytes, wrapperBytes);
  } catch (error) {
    if (!(error instanceof RiskEngineError)) throw error;
    fail(
      error.code === 'feature-count-mismatch' || error.code === 'malformed-wrapper'
        ? 'wrapperFile'
        : 'modelFile',
      error.message,
    );
    return failed();
  }
  const smoke = smokeTest(model);
  if (smoke) {
    fail('modelFile', smoke);
    return failed();
  }
  return { ok: true, modelType: model.info.description, card: cardOf(model, wrapper!) };
}
