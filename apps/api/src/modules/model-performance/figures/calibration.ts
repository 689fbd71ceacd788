/**
 * Logistic recalibration of stored predictions: the maximum-likelihood fits of
 * logit P(event) = a + logit(p) (calibration-in-the-large) and logit P(event) = a + b·logit(p)
 * (calibration slope), by Newton–Raphson on the log-likelihood, which is concave in (a, b).
 */

const probabilityFloor = 1e-12;
const maxIterations = 100;
const stepTolerance = 1e-12;

/** log(p / (1 − p)) with p kept off 0 and 1, so a stored 0 or 1 gives a large finite log-odds. */
export function clampedLogit(probability: number): number {
  const p = Math.min(1 - probabilityFloor, Math.max(probabilityFloor, probability));
  return Math.log(p / (1 - p));
}

/**
 * A fall in the log-likelihood smaller than this share of it is rounding in its sum, not a worse
 * fit: near the maximum a Newton step changes it by less than the sum's last digits, and halving
 * such a step would stop the iteration short of the maximum.
 */
const logLikelihoodRounding = 1e-9;

/** The log-likelihood at (a, b) with its gradient and the information matrix (its negative Hessian). */
interface Evaluation {
  logLikelihood: number;
  scoreIntercept: number;
  scoreSlope: number;
  infoInterceptIntercept: number;
  infoInterceptSlope: number;
  infoSlopeSlope: number;
}

function evaluate(logits: Float64Array, events: Uint8Array, intercept: number, slope: number): Evaluation {
  let logLikelihood = 0;
  let scoreIntercept = 0;
  let scoreSlope = 0;
  let infoInterceptIntercept = 0;
  let infoInterceptSlope = 0;
  let infoSlopeSlope = 0;
  for (let i = 0; i < logits.length; i++) {
    const x = logits[i]!;
    const event = events[i]!;
    const eta = intercept + slope * x;
    // One exponential of −|η| gives both the fitted probability and log(1 + e^η) without overflow.
    const e = Math.exp(-Math.abs(eta));
    const fitted = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
    const residual = event - fitted;
    const weight = fitted * (1 - fitted);
    logLikelihood += event * eta - (eta > 0 ? eta : 0) - Math.log1p(e);
    scoreIntercept += residual;
    scoreSlope += residual * x;
    infoInterceptIntercept += weight;
    infoInterceptSlope += weight * x;
    infoSlopeSlope += weight * x * x;
  }
  return {
    logLikelihood,
    scoreIntercept,
    scoreSlope,
    infoInterceptIntercept,
    infoInterceptSlope,
    infoSlopeSlope,
  };
}

/**
 * The log-likelihood of logit P(event) = a + b·x over the logits x and outcomes (1 = event): the
 * likelihood-ratio tests of recalibration (apps/api/src/modules/models/recalibration/fit.ts) compare
 * it at the fits below and at (0, 1).
 */
export function calibrationLogLikelihood(
  logits: Float64Array,
  events: Uint8Array,
  intercept: number,
  slope: number,
): number {
  return evaluate(logits, events, intercept, slope).logLikelihood;
}

/**
 * Newton–Raphson from (a, b) = (0, 1), the fit of a perfectly calibrated model. With `fitSlope`
 * false, b stays 1 and logit(p) is an offset. A step that lowers the log-likelihood is halved until
 * it does not, or until it is below the tolerance. Converged when a step is below 1e-12; null when
 * the information matrix is singular or 100 steps have not converged, which is how separated data
 * (no finite maximum) show themselves. Exported for recalibration, which fits the same two lines.
 */
export function fitCalibrationLine(
  logits: Float64Array,
  events: Uint8Array,
  fitSlope: boolean,
): { intercept: number; slope: number } | null {
  let intercept = 0;
  let slope = 1;
  let current = evaluate(logits, events, intercept, slope);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const { scoreIntercept, scoreSlope, infoInterceptIntercept, infoInterceptSlope, infoSlopeSlope } =
      current;
    let stepIntercept: number;
    let stepSlope: number;
    if (fitSlope) {
      const determinant = infoInterceptIntercept * infoSlopeSlope - infoInterceptSlope * infoInterceptSlope;
      if (!(determinant > 0)) return null;
      stepIntercept = (infoSlopeSlope * scoreIntercept - infoInterceptSlope * scoreSlope) / determinant;
      stepSlope = (infoInterceptIntercept * scoreSlope - infoInterceptSlope * scoreIntercept) / determinant;
    } else {
      if (!(infoInterceptIntercept > 0)) return null;
      stepIntercept = scoreIntercept / infoInterceptIntercept;
      stepSlope = 0;
    }
    const stepSize = Math.max(Math.abs(stepIntercept), Math.abs(stepSlope));
    if (!Number.isFinite(stepSize)) return null;
    if (stepSize < stepTolerance) return { intercept: intercept + stepIntercept, slope: slope + stepSlope };

    const lowest = current.logLikelihood - logLikelihoodRounding * Math.abs(current.logLikelihood);
    let scale = 1;
    let next = evaluate(logits, events, intercept + stepIntercept, slope + stepSlope);
    while (next.logLikelihood < lowest && scale * stepSize >= stepTolerance) {
      scale /= 2;
      next = evaluate(logits, events, intercept + scale * stepIntercept, slope + scale * stepSlope);
    }
    intercept += scale * stepIntercept;
    slope += scale * stepSlope;
    current = next;
    if (scale * stepSize < stepTolerance) return { intercept, slope };
  }
  return null;
}

/**
 * The calibration intercept and slope of predictions against outcomes (1 = event), each null when
 * its maximum-likelihood fit does not exist or does not converge. Both are null without at least
 * one event and one non-event.
 */
export function calibrationFits(
  logits: Float64Array,
  events: Uint8Array,
): { intercept: number | null; slope: number | null } {
  let eventCount = 0;
  for (let i = 0; i < events.length; i++) eventCount += events[i]!;
  if (eventCount === 0 || eventCount === events.length) return { intercept: null, slope: null };
  return {
    intercept: fitCalibrationLine(logits, events, false)?.intercept ?? null,
    slope: fitCalibrationLine(logits, events, true)?.slope ?? null,
  };
}
