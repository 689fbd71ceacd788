import { poissonCdf, poissonQuantile } from './poisson.js';
import type { FunnelLimits, FunnelPoint } from './types.js';

/**
 * Where an observed count O ~ Poisson(expected) falls with the given probability: the exact Poisson
 * quantile y, moved back between y − 1 and y in proportion to how far P(O ≤ y) overshoots the
 * probability, never below 0 (Spiegelhalter, 2005, Statistics in Medicine 24:1185, appendix A.1.1).
 */
function poissonLimit(probability: number, expected: number): number {
  const quantile = poissonQuantile(probability, expected);
  const at = poissonCdf(quantile, expected);
  const below = poissonCdf(quantile - 1, expected);
  return Math.max(0, quantile - (at - probability) / (at - below));
}

/**
 * The O/E funnel-plot limits for a trust expecting `expected` complications: the range of the count
 * a trust whose true rate is the model's would observe (O ~ Poisson(E)) at 95% and 99.8%, divided by
 * E. These are not a confidence interval of the trust's own O/E: a trust is judged against what the
 * model expects, so the funnel does not depend on what it observed. Null when nothing is expected.
 */
export function funnelLimits(expected: number): FunnelLimits | null {
  if (!(expected > 0) || !Number.isFinite(expected)) return null;
  const ratio = (probability: number) => poissonLimit(probability, expected) / expected;
  return {
    lower95: ratio(0.025),
    upper95: ratio(0.975),
    lower998: ratio(0.001),
    upper998: ratio(0.999),
  };
}

const funnelCurvePoints = 60;

/**
 * The funnel's limits at 60 expected counts spaced geometrically from 1 (or a tenth of the
 * largest, when that is below 1) up to `maxExpected`, for drawing its curves. Empty when
 * `maxExpected` is not a positive number.
 */
export function funnelCurve(maxExpected: number): FunnelPoint[] {
  if (!(maxExpected > 0) || !Number.isFinite(maxExpected)) return [];
  const smallest = Math.min(1, maxExpected / 10);
  const ratio = maxExpected / smallest;
  const curve: FunnelPoint[] = [];
  for (let k = 0; k < funnelCurvePoints; k++) {
    const expected =
      k === funnelCurvePoints - 1 ? maxExpected : smallest * ratio ** (k / (funnelCurvePoints - 1));
    curve.push({ expected, ...funnelLimits(expected)! });
  }
  return curve;
}
