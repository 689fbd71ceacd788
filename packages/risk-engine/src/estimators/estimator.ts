export type ModelKind =
  | 'logistic-regression'
  | 'pipeline'
  | 'decision-tree'
  | 'random-forest'
  | 'gradient-boosting'
  | 'hist-gradient-boosting'
  | 'xgboost';

export interface ModelInfo {
  kind: ModelKind;
  /** Fully qualified Python class, e.g. `sklearn.ensemble._forest.RandomForestClassifier`. */
  className: string;
  /** One line for people, e.g. `RandomForestClassifier (100 trees)`. */
  description: string;
  library: 'scikit-learn' | 'xgboost';
  libraryVersion: string;
  nFeatures: number;
  /** The two classes as written in `classes_`; the second is "complication". */
  classes: [string, string];
  /** Space of `rawOutput`, contributions and expected value. */
  rawOutputSpace: 'log-odds' | 'probability';
  /** Whether a missing value (NaN) may be passed to the estimator itself, as in its library. */
  acceptsMissing: boolean;
  nTrees?: number;
  nNodes?: number;
}

/** Explanation of one row: `sum(contributions) + expectedValue === rawOutput` up to rounding. */
export interface Explanation {
  rawOutput: number;
  expectedValue: number;
}

export interface Estimator {
  readonly info: ModelInfo;
  /**
   * Probability of class 1 for `nRows` rows of `x` (row-major, nFeatures per row) into `out`, and the
   * raw output into `rawOut` when given. Inputs are assumed validated.
   */
  predict(x: Float64Array, nRows: number, out: Float64Array, rawOut?: Float64Array): void;
  /** Writes one contribution per feature into `phi` for the row at `x[offset...]`. */
  explain(x: Float64Array, offset: number, phi: Float64Array): Explanation;
  /** Maps a raw output to the probability of class 1, as the library does. */
  probabilityFromRaw(raw: number): number;
}

/** `scipy.special.expit`, the inverse logit scikit-learn applies. */
export function expit(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
