/**
 * Local recalibration of a risk model (decision 0046): the map logit(p′) = a + b·logit(p) fitted by
 * maximum likelihood on a trust's outcomes, each judged against the probability p the model stored
 * before the operation. The fits are monitoring's calibration fits
 * (apps/api/src/modules/model-performance/figures/calibration.ts): the calibration intercept is the ML `a`
 * with logit(p) as an offset, the calibration slope's fit is the ML (a, b). Checked against an
 * independent numpy/scipy computation (ml/recalibration_golden.py → ml/golden/recalibration.json).
 */
import { calibrationFits, calibrationLogLikelihood, clampedLogit, fitCalibrationLine } from '../../model-performance/index.js';
import { chiSquareSurvival } from './chi-square.js';
import { assignFolds, defaultFoldSeed } from './folds.js';

export type RecalibrationMethod = 'intercept' | 'logistic';
export type RequestedRecalibration = RecalibrationMethod | 'auto';

export interface LikelihoodRatioTest {
  statistic: number;
  pValue: number;
}

/** Calibration of predictions against outcomes: each null when its fit does not exist. */
export interface CalibrationEstimate {
  intercept: number | null;
  slope: number | null;
  oe: number | null;
}

/** A 95% interval. */
export interface Interval {
  lower: number;
  upper: number;
}

/** The estimates' covariance, the inverse of the observed information at the fit. */
export interface MapCovariance {
  interceptIntercept: number;
  interceptSlope: number;
  slopeSlope: number;
}

export interface RecalibrationFit {
  /** 'none' only from 'auto' (no update needed). */
  method: RecalibrationMethod | 'none';
  requested: RequestedRecalibration;
  /** a */
  intercept: number;
  /** b (1 for intercept-only, 1 and a = 0 for none) */
  slope: number;
  n: number;
  events: number;
  /**
   * auto's closed test: LR statistic and p-value of each step (null when not run, and all null
   * unless auto was requested). logisticVsNone is the first, overall step (2 df).
   */
  tests: {
    interceptVsNone: LikelihoodRatioTest | null;
    slopeVsIntercept: LikelihoodRatioTest | null;
    logisticVsNone: LikelihoodRatioTest | null;
  };
  /**
   * Calibration out of sample, by 10-fold cross-validation over the window: before (the base model)
   * and after (the map fitted on the other 9 folds applied to each fold).
   */
  before: CalibrationEstimate;
  after: CalibrationEstimate;
  /**
   * 95% Wald intervals of a and of b (null for an intercept update's b), and their covariance:
   * null when nothing was fitted.
   */
  intervals: { intercept: Interval; slope: Interval | null } | null;
  covariance: MapCovariance | null;
}

/** The normal quantile of 97.5%: a 95% Wald interval is the estimate ± this many standard errors. */
const z975 = 1.959963984540054;

const waldInterval = (estimate: number, variance: number): Interval => ({
  lower: estimate - z975 * Math.sqrt(variance),
  upper: estimate + z975 * Math.sqrt(variance),
});

/**
 * The covariance of the fitted (a, b): the inverse of the information Σw·[1 x; x x²] at the fit,
 * w = p′(1 − p′) with p′ = 1/(1 + e^−(a + b·x)); with b fixed at 1, 1/Σw for a alone.
 */
function covarianceOf(logits: Float64Array, line: Line, fitSlope: boolean): MapCovariance {
  let sum = 0;
  let sumX = 0;
  let sumXX = 0;
  for (let i = 0; i < logits.length; i++) {
    const x = logits[i]!;
    const p = sigmoid(line.intercept + line.slope * x);
    const w = p * (1 - p);
    sum += w;
    sumX += w * x;
    sumXX += w * x * x;
  }
  if (!fitSlope) return { interceptIntercept: 1 / sum, interceptSlope: 0, slopeSlope: 0 };
  const determinant = sum * sumXX - sumX * sumX;
  return {
    interceptIntercept: sumXX / determinant,
    interceptSlope: -sumX / determinant,
    slopeSlope: sum / determinant,
  };
}

/**
 * The intervals of a map from its covariance. A map composed onto an earlier one
 * (a = a₂ + b₂·a₁, b = b₂·b₁, the earlier map fixed) carries the new fit's uncertainty through it.
 */
export function mapIntervals(
  map: Line,
  covariance: MapCovariance,
  fitSlope: boolean,
  earlier: Line = { intercept: 0, slope: 1 },
): { intercept: Interval; slope: Interval | null } {
  const { interceptIntercept: vaa, interceptSlope: vab, slopeSlope: vbb } = covariance;
  const a1 = earlier.intercept;
  const interceptVariance = vaa + a1 * a1 * vbb + 2 * a1 * vab;
  return {
    intercept: waldInterval(map.intercept, interceptVariance),
    slope: fitSlope ? waldInterval(map.slope, earlier.slope * earlier.slope * vbb) : null,
  };
}

/**
 * The fewest complications a recalibration is fitted on (the API refuses fewer, with the message
 * in packages/contracts/src/models.ts); fitRecalibration itself fits any outcomes whose fit exists.
 */
export const recalibrationMinEvents = 100;

/** The closed test's level: each likelihood-ratio test at 5% (packages/contracts/src/endpoints/models.ts). */
export const recalibrationAlpha = 0.05;

/** Folds of the cross-validation when none are given. */
export const recalibrationFolds = 10;

/** The outcomes have no maximum-likelihood fit of the requested map. */
export class RecalibrationFitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecalibrationFitError';
  }
}

interface Line {
  intercept: number;
  slope: number;
}

const requests: readonly RequestedRecalibration[] = ['intercept', 'logistic', 'auto'];

function likelihoodRatio(larger: number, smaller: number, degreesOfFreedom: 1 | 2): LikelihoodRatioTest {
  // The larger model's maximum is never below the smaller's (Newton–Raphson starts from the
  // smaller's point and never lowers the log-likelihood), so a negative difference is rounding.
  const statistic = Math.max(0, 2 * (larger - smaller));
  return { statistic, pValue: chiSquareSurvival(statistic, degreesOfFreedom) };
}

/** 1/(1 + e^−η): the same expression as the risk engine's map (packages/risk-engine/src/recalibration.ts). */
function sigmoid(eta: number): number {
  return 1 / (1 + Math.exp(-eta));
}

/** The fold of each row: explicit ids (non-negative integers, one per row), or seeded folds. */
function foldsOf(n: number, options: { folds?: number | Int32Array; seed?: number }): Int32Array {
  const { folds = recalibrationFolds, seed = defaultFoldSeed } = options;
  if (typeof folds === 'number') return assignFolds(n, folds, seed);
  if (folds.length !== n) {
    throw new RangeError(`The fold ids number ${folds.length}, but there are ${n} outcomes`);
  }
  for (let i = 0; i < n; i++) {
    if (folds[i]! < 0) throw new RangeError(`Fold ids are 0 or more; row ${i} has ${folds[i]}`);
  }
  return folds;
}

/**
 * The calibration of the pooled held-out predictions: each fold's outcomes mapped by the line
 * fitted on the other folds. Each fit is monitoring's, so the figures are those the monitoring
 * screen would show for the recalibrated version. All null when some fold's line does not exist
 * (its other folds have no event, or nothing but events), as that fold then has no prediction.
 */
function crossValidated(
  logits: Float64Array,
  events: Uint8Array,
  folds: Int32Array,
  fitSlope: boolean,
): CalibrationEstimate {
  const n = logits.length;
  let foldCount = 0;
  for (let i = 0; i < n; i++) foldCount = Math.max(foldCount, folds[i]! + 1);
  const sizes = new Int32Array(foldCount);
  const eventsIn = new Int32Array(foldCount);
  let totalEvents = 0;
  for (let i = 0; i < n; i++) {
    sizes[folds[i]!]!++;
    eventsIn[folds[i]!]! += events[i]!;
    totalEvents += events[i]!;
  }

  const mapped = new Float64Array(n);
  for (let fold = 0; fold < foldCount; fold++) {
    if (sizes[fold] === 0) continue;
    const training = n - sizes[fold]!;
    const trainingEvents = totalEvents - eventsIn[fold]!;
    if (trainingEvents === 0 || trainingEvents === training) return { intercept: null, slope: null, oe: null };
    const trainingLogits = new Float64Array(training);
    const trainingOutcomes = new Uint8Array(training);
    for (let i = 0, j = 0; i < n; i++) {
      if (folds[i] === fold) continue;
      trainingLogits[j] = logits[i]!;
      trainingOutcomes[j++] = events[i]!;
    }
    const line = fitCalibrationLine(trainingLogits, trainingOutcomes, fitSlope);
    if (!line) return { intercept: null, slope: null, oe: null };
    for (let i = 0; i < n; i++) {
      if (folds[i] === fold) mapped[i] = line.intercept + line.slope * logits[i]!;
    }
  }

  // The mapped log-odds go to the fits as they are (not back through a clamped probability).
  let expected = 0;
  for (let i = 0; i < n; i++) expected += sigmoid(mapped[i]!);
  const { intercept, slope } = calibrationFits(mapped, events);
  return { intercept, slope, oe: expected > 0 ? totalEvents / expected : null };
}

/**
 * Fits the recalibration `requested` on judged outcomes (p the stored probability, 0 ≤ p ≤ 1,
 * clamped to [1e-12, 1 − 1e-12] before its logit, as monitoring does):
 *
 * - intercept: the ML a of logit P(y) = a + logit(p);
 * - logistic: the ML a and b of logit P(y) = a + b·logit(p);
 * - auto: the closed testing procedure of Vergouwe et al. (Stat Med 2017;36:4529) with likelihood-
 *   ratio tests at 5%: (1) logistic against none (2 df): not significant → none; (2) logistic
 *   against intercept (1 df): significant → logistic; (3) intercept against none (1 df):
 *   significant → intercept, else none.
 *
 * Then `before` and `after` by cross-validation: options.folds is the number of folds (10) drawn
 * with options.seed (folds.ts), or each row's fold as an Int32Array. Throws RecalibrationFitError
 * when the chosen line has no fit (no event, only events, or outcomes separated by p).
 */
export function fitRecalibration(
  outcomes: readonly { probability: number; event: boolean }[],
  requested: RequestedRecalibration,
  options: { folds?: number | Int32Array; seed?: number } = {},
): RecalibrationFit {
  if (!requests.includes(requested)) throw new RangeError(`Unknown recalibration ${String(requested)}`);
  const n = outcomes.length;
  const logits = new Float64Array(n);
  const events = new Uint8Array(n);
  let eventCount = 0;
  let expected = 0;
  for (let i = 0; i < n; i++) {
    const { probability, event } = outcomes[i]!;
    if (!(probability >= 0 && probability <= 1)) {
      throw new RangeError(`Outcome ${i} has probability ${probability}, not between 0 and 1`);
    }
    logits[i] = clampedLogit(probability);
    events[i] = event ? 1 : 0;
    eventCount += events[i]!;
    expected += probability;
  }
  const folds = foldsOf(n, options);
  if (eventCount === 0 || eventCount === n) {
    throw new RecalibrationFitError(
      `Recalibration needs outcomes with and without a complication; these ${n} have ${eventCount} complications`,
    );
  }

  // In-sample fits of both lines, on every outcome: the map, and the tests' maxima. Each row is
  // held out in exactly one fold, so the base model's pooled out-of-sample predictions are all the
  // stored ones and its calibration "before" is these same fits.
  const interceptLine = fitCalibrationLine(logits, events, false);
  const logisticLine = fitCalibrationLine(logits, events, true);
  const before: CalibrationEstimate = {
    intercept: interceptLine?.intercept ?? null,
    slope: logisticLine?.slope ?? null,
    oe: expected > 0 ? eventCount / expected : null,
  };
  const required = (line: Line | null, what: string): Line => {
    if (line) return line;
    throw new RecalibrationFitError(
      `The ${what} has no maximum-likelihood fit on these outcomes: the stored probabilities separate those with a complication from those without, or are all the same`,
    );
  };

  const tests: RecalibrationFit['tests'] = { interceptVsNone: null, slopeVsIntercept: null, logisticVsNone: null };
  let method: RecalibrationFit['method'];
  if (requested === 'auto') {
    const intercept = required(interceptLine, 'calibration intercept');
    const logistic = required(logisticLine, 'calibration slope');
    const none = calibrationLogLikelihood(logits, events, 0, 1);
    const withIntercept = calibrationLogLikelihood(logits, events, intercept.intercept, 1);
    const withSlope = calibrationLogLikelihood(logits, events, logistic.intercept, logistic.slope);
    tests.logisticVsNone = likelihoodRatio(withSlope, none, 2);
    if (tests.logisticVsNone.pValue >= recalibrationAlpha) method = 'none';
    else {
      // Vergouwe et al. (2017), closed testing: once the first step has rejected the model as it is,
      // the answer is the intercept update unless the slope adds to it; a third test could answer
      // "none" for a model the first step has just rejected.
      tests.slopeVsIntercept = likelihoodRatio(withSlope, withIntercept, 1);
      method = tests.slopeVsIntercept.pValue < recalibrationAlpha ? 'logistic' : 'intercept';
    }
  } else method = requested;

  let line: Line = { intercept: 0, slope: 1 };
  if (method === 'intercept') line = { intercept: required(interceptLine, 'calibration intercept').intercept, slope: 1 };
  if (method === 'logistic') line = required(logisticLine, 'calibration slope');
  const covariance = method === 'none' ? null : covarianceOf(logits, line, method === 'logistic');

  return {
    method,
    requested,
    intercept: line.intercept,
    slope: line.slope,
    n,
    events: eventCount,
    tests,
    before,
    // No update maps every p to itself: its predictions out of sample are the base model's.
    after: method === 'none' ? { ...before } : crossValidated(logits, events, folds, method === 'logistic'),
    intervals: covariance ? mapIntervals(line, covariance, method === 'logistic') : null,
    covariance,
  };
}
