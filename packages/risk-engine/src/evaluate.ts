/**
 * The risk summary of docs/model-artifacts.md: band, probability, feature importances and advice for
 * a patient record, given a model loaded with its wrapper.
 */
import { InputError } from './errors.js';
import { FeatureEncoder, rawFieldValue, resolveEvaluationDate } from './features.js';
import type { CivilDate, PatientRecord } from './features.js';
import type { RiskModel } from './model.js';
import type { AdviceRule, Wrapper } from './wrapper.js';

export type { PatientRecord } from './features.js';

export type RiskBand = 'High' | 'Moderate' | 'Low';
export type ImportanceBand = 'high' | 'medium' | 'low';

export interface FeatureImportance {
  /** Machine name of the feature. */
  feature: string;
  displayName: string;
  importance: ImportanceBand;
  /**
   * The number the model was given: the record's value after encoding (e.g. `male` = 1 for sex "M"),
   * or the feature's default when the record had none. Null only when a null default passed a
   * missing value through.
   */
  value: number | null;
  unit: string;
  /** The record's own value for field sources (trimmed string, or number), null when missing/derived. */
  rawValue: string | number | null;
  /** Whether `value` is the wrapper default. */
  defaultUsed: boolean;
  /** Contribution in the model's raw output space (log-odds; probability for DecisionTree/RandomForest). */
  contribution: number;
}

export interface EvaluationResult {
  prediction: RiskBand;
  probability: number;
  isDefaultValueUsed: boolean;
  /** Every feature, largest absolute contribution first. */
  featureImportance: FeatureImportance[];
  areasOfImprovement: { dos: { title: string; description: string }[] };
  rawOutput: number;
  expectedValue: number;
}

export interface EvaluateOptions {
  /** Date ages are computed on (`YYYY-MM-DD` or a Date, UTC); defaults to today. */
  evaluationDate?: string | Date;
}

export interface PredictManyResult {
  probability: Float64Array;
  rawOutput: Float64Array;
  prediction: RiskBand[];
  isDefaultValueUsed: boolean[];
}

/** Rows encoded per chunk: memory stays bounded however many records arrive. */
const CHUNK_ROWS = 1024;

interface Prepared {
  wrapper: Wrapper;
  /** Model input (defaults applied) and observed values (NaN = missing) for the chunk's rows. */
  x: Float64Array;
  observed: Float64Array;
  defaulted: boolean[];
  n: number;
}

const encoders = new WeakMap<Wrapper, FeatureEncoder>();

function encoderFor(w: Wrapper): FeatureEncoder {
  let e = encoders.get(w);
  if (!e) {
    e = new FeatureEncoder(w);
    encoders.set(w, e);
  }
  return e;
}

function requireWrapper(model: RiskModel): Wrapper {
  if (!model.wrapper)
    throw new InputError('invalid-input', 'evaluate() needs a model loaded with its wrapper.pkl');
  return model.wrapper;
}

/** Encodes records[from, from + count) into `p` (reusing its buffers) and validates them. */
function prepareChunk(
  model: RiskModel,
  p: Prepared,
  records: readonly PatientRecord[],
  from: number,
  count: number,
  on: CivilDate,
): void {
  const enc = encoderFor(p.wrapper);
  const f = enc.nFeatures;
  for (let i = 0; i < count; i++)
    p.defaulted[i] = enc.encode(records[from + i] as PatientRecord, on, p.x, p.observed, i * f);
  p.n = count;
  model.checkRows(p.x, count);
}

function newPrepared(model: RiskModel, rows: number): Prepared {
  const wrapper = requireWrapper(model);
  const f = wrapper.features.length;
  return {
    wrapper,
    x: new Float64Array(rows * f),
    observed: new Float64Array(rows * f),
    defaulted: new Array<boolean>(rows),
    n: 0,
  };
}

export function riskBand(w: Wrapper, probability: number): RiskBand {
  if (probability >= w.thresholds.high) return 'High';
  if (probability >= w.thresholds.moderate) return 'Moderate';
  return 'Low';
}

function importanceBand(w: Wrapper, contribution: number): ImportanceBand {
  const a = Math.abs(contribution);
  if (a >= w.importanceBands.high) return 'high';
  if (a >= w.importanceBands.medium) return 'medium';
  return 'low';
}

function fires(rule: AdviceRule, v: number): boolean {
  const t = rule.when.value;
  switch (rule.when.op) {
    case 'eq':
      return v === t;
    case 'gte':
      return v >= t;
    case 'lte':
      return v <= t;
    case 'gt':
      return v > t;
    case 'lt':
      return v < t;
  }
}

interface AdviceIndex {
  rule: AdviceRule;
  feature: number;
}

const adviceIndexes = new WeakMap<Wrapper, AdviceIndex[]>();

/** Rules on modifiable features only, resolved to feature positions once per wrapper. */
function adviceFor(w: Wrapper): AdviceIndex[] {
  let a = adviceIndexes.get(w);
  if (!a) {
    a = [];
    for (const rule of w.advice) {
      const j = w.features.findIndex((f) => f.name === rule.feature);
      if (j >= 0 && w.features[j]?.modifiable) a.push({ rule, feature: j });
    }
    adviceIndexes.set(w, a);
  }
  return a;
}

function summarise(
  p: Prepared,
  record: PatientRecord,
  i: number,
  probability: number,
  phi: Float64Array,
  rawOutput: number,
  expectedValue: number,
): EvaluationResult {
  const w = p.wrapper;
  const f = w.features.length;
  const off = i * f;
  const order = Array.from({ length: f }, (_, j) => j);
  order.sort((a, b) => Math.abs(phi[b] as number) - Math.abs(phi[a] as number) || a - b);
  const featureImportance = order.map((j): FeatureImportance => {
    const feat = w.features[j] as Wrapper['features'][number];
    const v = p.x[off + j] as number;
    const c = phi[j] as number;
    return {
      feature: feat.name,
      displayName: feat.displayName,
      importance: importanceBand(w, c),
      value: Number.isNaN(v) ? null : v,
      unit: feat.unit,
      rawValue: rawFieldValue(feat, record),
      defaultUsed: Number.isNaN(p.observed[off + j] as number),
      contribution: c,
    };
  });
  const dos: { title: string; description: string }[] = [];
  for (const a of adviceFor(w)) {
    const v = p.observed[off + a.feature] as number;
    if (!Number.isNaN(v) && fires(a.rule, v))
      dos.push({ title: a.rule.title, description: a.rule.description });
  }
  return {
    prediction: riskBand(w, probability),
    probability,
    isDefaultValueUsed: p.defaulted[i] as boolean,
    featureImportance,
    areasOfImprovement: { dos },
    rawOutput,
    expectedValue,
  };
}

/** The risk summary for one record. */
export function evaluate(
  model: RiskModel,
  record: PatientRecord,
  options: EvaluateOptions = {},
): EvaluationResult {
  return evaluateMany(model, [record], options)[0] as EvaluationResult;
}

/** Risk summaries for many records, encoded chunk by chunk into typed matrices and explained in place. */
export function evaluateMany(
  model: RiskModel,
  records: readonly PatientRecord[],
  options: EvaluateOptions = {},
): EvaluationResult[] {
  const on = resolveEvaluationDate(options.evaluationDate);
  const p = newPrepared(model, Math.min(CHUNK_ROWS, Math.max(1, records.length)));
  const f = model.info.nFeatures;
  const phi = new Float64Array(f);
  const out = new Array<EvaluationResult>(records.length);
  for (let from = 0; from < records.length; from += CHUNK_ROWS) {
    const count = Math.min(CHUNK_ROWS, records.length - from);
    prepareChunk(model, p, records, from, count, on);
    for (let i = 0; i < count; i++) {
      const e = model.explainInto(p.x, i * f, phi);
      const probability = model.estimator.probabilityFromRaw(e.rawOutput);
      out[from + i] = summarise(
        p,
        records[from + i] as PatientRecord,
        i,
        probability,
        phi,
        e.rawOutput,
        e.expectedValue,
      );
    }
  }
  return out;
}

/**
 * What batch scoring stores of each record (decision 0028): the probability, band, whether defaults
 * were used, and every feature's contribution in the wrapper's feature order; `evaluateMany` without
 * the risk summary's objects (factors sorted, values, units, advice), which a stored evaluation
 * rebuilds when it is read (`summariseStored`).
 */
export interface ExplainedMany {
  probability: Float64Array;
  prediction: RiskBand[];
  isDefaultValueUsed: boolean[];
  /** Record i's contributions are `contributions[i * nFeatures .. (i + 1) * nFeatures)`. */
  contributions: Float64Array;
  nFeatures: number;
}

/** Explanations for many records, with what `evaluateMany` gives them and nothing else. */
export function explainMany(
  model: RiskModel,
  records: readonly PatientRecord[],
  options: EvaluateOptions = {},
): ExplainedMany {
  const on = resolveEvaluationDate(options.evaluationDate);
  const n = records.length;
  const p = newPrepared(model, Math.min(CHUNK_ROWS, Math.max(1, n)));
  const f = model.info.nFeatures;
  const probability = new Float64Array(n);
  const prediction = new Array<RiskBand>(n);
  const isDefaultValueUsed = new Array<boolean>(n);
  const contributions = new Float64Array(n * f);
  for (let from = 0; from < n; from += CHUNK_ROWS) {
    const count = Math.min(CHUNK_ROWS, n - from);
    prepareChunk(model, p, records, from, count, on);
    for (let i = 0; i < count; i++) {
      const row = from + i;
      const phi = contributions.subarray(row * f, (row + 1) * f);
      const e = model.explainInto(p.x, i * f, phi);
      probability[row] = model.estimator.probabilityFromRaw(e.rawOutput);
      prediction[row] = riskBand(p.wrapper, probability[row] as number);
      isDefaultValueUsed[row] = p.defaulted[i] as boolean;
    }
  }
  return { probability, prediction, isDefaultValueUsed, contributions, nFeatures: f };
}

/** Predictions alone (no explanations), the fast path for scoring a waiting list. */
export function predictMany(
  model: RiskModel,
  records: readonly PatientRecord[],
  options: EvaluateOptions = {},
): PredictManyResult {
  const on = resolveEvaluationDate(options.evaluationDate);
  const n = records.length;
  const p = newPrepared(model, Math.min(CHUNK_ROWS, Math.max(1, n)));
  const probability = new Float64Array(n);
  const rawOutput = new Float64Array(n);
  const prediction = new Array<RiskBand>(n);
  const isDefaultValueUsed = new Array<boolean>(n);
  for (let from = 0; from < n; from += CHUNK_ROWS) {
    const count = Math.min(CHUNK_ROWS, n - from);
    prepareChunk(model, p, records, from, count, on);
    model.estimator.predict(
      p.x,
      count,
      probability.subarray(from, from + count),
      rawOutput.subarray(from, from + count),
    );
    for (let i = 0; i < count; i++) {
      prediction[from + i] = riskBand(p.wrapper, probability[from + i] as number);
      isDefaultValueUsed[from + i] = p.defaulted[i] as boolean;
    }
  }
  return { probability, rawOutput, prediction, isDefaultValueUsed };
}

/** A stored explanation: the probability, and each feature's contribution in the wrapper's feature order. */
export interface StoredExplanation {
  probability: number;
  contributions: ArrayLike<number>;
}

export type StoredSummary = Omit<EvaluationResult, 'rawOutput' | 'expectedValue'>;

/**
 * Each feature's contribution of a result, in the wrapper's feature order (the compact form an
 * evaluation is stored in; `summariseStored` turns it back into the risk summary).
 */
export function contributionsInModelOrder(model: RiskModel, result: EvaluationResult): Float64Array {
  const w = requireWrapper(model);
  const positions = featurePositions(w);
  const contributions = new Float64Array(w.features.length);
  for (const f of result.featureImportance)
    contributions[positions.get(f.feature) as number] = f.contribution;
  return contributions;
}

const positionIndexes = new WeakMap<Wrapper, Map<string, number>>();

function featurePositions(w: Wrapper): Map<string, number> {
  let positions = positionIndexes.get(w);
  if (!positions) {
    positions = new Map(w.features.map((f, j) => [f.name, j]));
    positionIndexes.set(w, positions);
  }
  return positions;
}

/**
 * The risk summary of a stored evaluation, from the record it read, its probability and its
 * contributions, under the model that made it: the same factors, values, units, bands and advice as
 * when it was made, without explaining the record again.
 */
export function summariseStored(
  model: RiskModel,
  record: PatientRecord,
  stored: StoredExplanation,
  options: EvaluateOptions = {},
): StoredSummary {
  const p = newPrepared(model, 1);
  if (stored.contributions.length !== p.wrapper.features.length)
    throw new InputError(
      'invalid-input',
      `A stored explanation has ${stored.contributions.length} contributions; the model has ${p.wrapper.features.length} features`,
    );
  prepareChunk(model, p, [record], 0, 1, resolveEvaluationDate(options.evaluationDate));
  const {
    rawOutput: _raw,
    expectedValue: _expected,
    ...summary
  } = summarise(p, record, 0, stored.probability, Float64Array.from(stored.contributions), NaN, NaN);
  return summary;
}
