/**
 * LogisticRegression, alone or at the end of a Pipeline of SimpleImputer / StandardScaler steps.
 *
 * Explanations: the transformed input z (after every step) meets the coefficients, so contributions
 * are computed there: `phi_j = coef_j * (z_j - zr_j)` where zr is the reference point r pushed through
 * the same steps. r is, in original units, the first StandardScaler's `mean_` (the training mean), else
 * the wrapper's `linearReferenceMeans`, else zero. The expected value is `rawOutput - sum(phi)`, which
 * equals `intercept + coef . zr` (a constant) up to rounding.
 */
import { UnsupportedModelError } from '../errors.js';
import { PyInstance } from '../pickle/values.js';
import type { PyValue } from '../pickle/values.js';
import { expit } from './estimator.js';
import type { Estimator, Explanation, ModelInfo } from './estimator.js';
import {
  attr,
  checkFeatureCount,
  classesOf,
  floats,
  instance,
  invalid,
  list,
  num,
  optAttr,
  shortName,
  sklearnVersion,
  stateOf,
} from './state.js';

const LR = 'sklearn.linear_model._logistic.LogisticRegression';
const PIPELINE = 'sklearn.pipeline.Pipeline';
const IMPUTER = 'sklearn.impute._base.SimpleImputer';
const SCALER = 'sklearn.preprocessing._data.StandardScaler';

type Step =
  | { kind: 'impute'; statistics: Float64Array; missingIsNaN: boolean; missingValue: number }
  | {
      kind: 'scale';
      mean: Float64Array | null;
      scale: Float64Array | null;
      trainingMean: Float64Array | null;
    };

function nFeaturesIn(inst: PyInstance, owner: string): number {
  return checkFeatureCount(
    num(attr(stateOf(inst), 'n_features_in_', owner), `${owner}.n_features_in_`),
    owner,
  );
}

function readImputer(inst: PyInstance, n: number): Step {
  sklearnVersion(inst);
  const s = stateOf(inst);
  if (optAttr(s, 'add_indicator') === true) {
    throw new UnsupportedModelError(
      'unsupported-model',
      'SimpleImputer with add_indicator=True is not supported',
    );
  }
  const statistics = floats(attr(s, 'statistics_', 'SimpleImputer'), 'SimpleImputer.statistics_');
  if (statistics.length !== n) invalid('SimpleImputer.statistics_ does not match the number of features');
  if (statistics.some((v) => Number.isNaN(v)) && optAttr(s, 'keep_empty_features') !== true) {
    throw new UnsupportedModelError(
      'unsupported-model',
      'SimpleImputer drops a feature that was empty in training; such pipelines are not supported',
    );
  }
  const mv = optAttr(s, 'missing_values');
  const missingIsNaN = mv === undefined || mv === null || (typeof mv === 'number' && Number.isNaN(mv));
  if (!missingIsNaN && typeof mv !== 'number') {
    throw new UnsupportedModelError(
      'unsupported-model',
      'SimpleImputer missing_values must be NaN or a number',
    );
  }
  return { kind: 'impute', statistics, missingIsNaN, missingValue: typeof mv === 'number' ? mv : NaN };
}

function readScaler(inst: PyInstance, n: number): Step {
  sklearnVersion(inst);
  const s = stateOf(inst);
  const withMean = optAttr(s, 'with_mean') !== false;
  const withStd = optAttr(s, 'with_std') !== false;
  const meanV = optAttr(s, 'mean_');
  const scaleV = optAttr(s, 'scale_');
  const trainingMean = meanV === undefined || meanV === null ? null : floats(meanV, 'StandardScaler.mean_');
  const scale =
    withStd && scaleV !== null && scaleV !== undefined ? floats(scaleV, 'StandardScaler.scale_') : null;
  if ((trainingMean && trainingMean.length !== n) || (scale && scale.length !== n)) {
    invalid('StandardScaler does not match the number of features');
  }
  if (withMean && !trainingMean) invalid('StandardScaler has no mean_: is it fitted?');
  return { kind: 'scale', mean: withMean ? trainingMean : null, scale, trainingMean };
}

export class LinearModel implements Estimator {
  readonly info: ModelInfo;
  private readonly steps: Step[];
  private readonly coef: Float64Array;
  private readonly intercept: number;
  /** 2 for a binary `multi_class='multinomial'` fit, whose softmax doubles the log-odds. */
  private readonly logitScale: number;
  private readonly zRef: Float64Array;
  private readonly z: Float64Array;

  constructor(root: PyInstance, referenceMeans?: readonly number[]) {
    const isPipeline = root.__class__ === PIPELINE;
    let lr = root;
    this.steps = [];
    let n: number;
    if (isPipeline) {
      const version = sklearnVersion(root);
      const steps = list(attr(stateOf(root), 'steps', 'Pipeline'), 'Pipeline.steps');
      if (steps.length === 0) invalid('Pipeline has no steps');
      const estimators: PyInstance[] = [];
      for (const st of steps) {
        const pair = list(st, 'a Pipeline step');
        const est = pair[1];
        if (est === null || est === 'passthrough') continue;
        estimators.push(instance(est, `Pipeline step ${String(pair[0])}`));
      }
      const last = estimators.pop();
      if (!last || last.__class__ !== LR) {
        throw new UnsupportedModelError(
          'unsupported-model',
          `Pipeline must end in LogisticRegression (found ${last ? shortName(last.__class__) : 'nothing'})`,
        );
      }
      lr = last;
      n = nFeaturesIn(lr, 'LogisticRegression');
      for (const est of estimators) {
        if (est.__class__ === IMPUTER) this.steps.push(readImputer(est, n));
        else if (est.__class__ === SCALER) this.steps.push(readScaler(est, n));
        else {
          throw new UnsupportedModelError(
            'unsupported-model',
            `Pipeline step ${shortName(est.__class__)} is not supported (supported: SimpleImputer, StandardScaler, LogisticRegression)`,
          );
        }
      }
      void version;
    } else {
      n = nFeaturesIn(lr, 'LogisticRegression');
    }
    const version = sklearnVersion(lr);
    const s = stateOf(lr);
    const classes = classesOf(s, 'LogisticRegression');
    this.coef = floats(attr(s, 'coef_', 'LogisticRegression'), 'LogisticRegression.coef_');
    if (this.coef.length !== n) invalid('LogisticRegression.coef_ does not match n_features_in_');
    const ic = floats(attr(s, 'intercept_', 'LogisticRegression'), 'LogisticRegression.intercept_');
    this.intercept = ic.length === 0 ? 0 : (ic[0] as number);
    const mc = optAttr(s, 'multi_class');
    const solver = optAttr(s, 'solver');
    this.logitScale = mc === 'multinomial' && solver !== 'liblinear' ? 2 : 1;

    const scaler = this.steps.find((st) => st.kind === 'scale');
    const ref = new Float64Array(n);
    if (scaler?.kind === 'scale' && scaler.trainingMean) ref.set(scaler.trainingMean);
    else if (referenceMeans) {
      if (referenceMeans.length !== n) {
        invalid(`linearReferenceMeans lists ${referenceMeans.length} values but the model has ${n} features`);
      }
      ref.set(referenceMeans);
    }
    this.zRef = new Float64Array(n);
    this.z = new Float64Array(n);
    this.transform(ref, 0, this.zRef);

    const desc = isPipeline
      ? `Pipeline(${[...this.steps.map((st) => (st.kind === 'impute' ? 'SimpleImputer' : 'StandardScaler')), 'LogisticRegression'].join(' → ')})`
      : 'LogisticRegression';
    this.info = {
      kind: isPipeline ? 'pipeline' : 'logistic-regression',
      className: root.__class__,
      description: desc,
      library: 'scikit-learn',
      libraryVersion: version.text,
      nFeatures: n,
      classes: classes.map((c) => String(c)) as [string, string],
      rawOutputSpace: 'log-odds',
      acceptsMissing: this.steps[0]?.kind === 'impute' && this.steps[0].missingIsNaN,
    };
  }

  /** Applies the pipeline steps, in float64 as scikit-learn does (`X -= mean_; X /= scale_`). */
  private transform(x: ArrayLike<number>, offset: number, z: Float64Array): void {
    const n = z.length;
    for (let j = 0; j < n; j++) z[j] = x[offset + j] as number;
    for (const st of this.steps) {
      if (st.kind === 'impute') {
        for (let j = 0; j < n; j++) {
          const v = z[j] as number;
          if (st.missingIsNaN ? v !== v : v === st.missingValue) z[j] = st.statistics[j] as number;
        }
      } else {
        if (st.mean) for (let j = 0; j < n; j++) z[j] = (z[j] as number) - (st.mean[j] as number);
        if (st.scale) for (let j = 0; j < n; j++) z[j] = (z[j] as number) / (st.scale[j] as number);
      }
    }
  }

  private decision(z: Float64Array): number {
    let s = 0;
    const c = this.coef;
    for (let j = 0; j < z.length; j++) s += (z[j] as number) * (c[j] as number);
    return (s + this.intercept) * this.logitScale;
  }

  probabilityFromRaw(raw: number): number {
    return expit(raw);
  }

  predict(x: Float64Array, nRows: number, out: Float64Array, rawOut?: Float64Array): void {
    const n = this.info.nFeatures;
    for (let r = 0; r < nRows; r++) {
      this.transform(x, r * n, this.z);
      const raw = this.decision(this.z);
      out[r] = expit(raw);
      if (rawOut) rawOut[r] = raw;
    }
  }

  explain(x: Float64Array, offset: number, phi: Float64Array): Explanation {
    this.transform(x, offset, this.z);
    const raw = this.decision(this.z);
    let sum = 0;
    for (let j = 0; j < this.z.length; j++) {
      const p =
        (this.coef[j] as number) * ((this.z[j] as number) - (this.zRef[j] as number)) * this.logitScale;
      phi[j] = p;
      sum += p;
    }
    return { rawOutput: raw, expectedValue: raw - sum };
  }
}

export function isLinear(v: PyValue): v is PyInstance {
  return v instanceof PyInstance && (v.__class__ === LR || v.__class__ === PIPELINE);
}
