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

/**
 * Overdispersion across trusts (Spiegelhalter, 2005, section 5): each trust's z-score of its O/E
 * against 1 when O ~ Poisson(E), z = (O/E − 1)·√E; the lowest and highest tenth (by count, rounded
 * down) Winsorised to the nearest kept value, so that one outlying trust does not widen every
 * other's limits; φ is the mean squared z. Null without a trust that expects anything.
 */
export function overdispersion(trusts: readonly { observed: number; expected: number }[]): {
  phi: number;
  z: number[];
} | null {
  const scored = trusts.filter((trust) => trust.expected > 0 && Number.isFinite(trust.expected));
  if (scored.length === 0) return null;
  const raw = scored.map(({ observed, expected }) => (observed / expected - 1) * Math.sqrt(expected));
  const ranked = [...raw].sort((a, b) => a - b);
  const cut = Math.floor(0.1 * raw.length);
  const z =
    cut > 0
      ? raw.map((value) => Math.min(Math.max(value, ranked[cut]!), ranked[raw.length - 1 - cut]!))
      : raw;
  return { phi: z.reduce((sum, value) => sum + value * value, 0) / z.length, z };
}

/**
 * The funnel's limits widened for overdispersion φ above 1: each limit's distance from 1 times √φ (a
 * multiplicative overdispersion), never below 0; as they are when φ is 1 or less.
 */
export function inflatedLimits(limits: FunnelLimits, phi: number): FunnelLimits {
  if (!(phi > 1)) return limits;
  const factor = Math.sqrt(phi);
  const widen = (value: number) => Math.max(0, 1 + (value - 1) * factor);
  return {
    lower95: widen(limits.lower95),
    upper95: widen(limits.upper95),
    lower998: widen(limits.lower998),
    upper998: widen(limits.upper998),
  };
}
