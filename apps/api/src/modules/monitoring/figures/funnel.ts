import { byarLowerCount, byarUpperCount, zFor95, zFor998 } from './intervals.js';
import type { FunnelLimits, FunnelPoint } from './types.js';

/**
 * The O/E funnel-plot limits for a trust expecting `expected` complications: Byar's 95% and 99.8%
 * limits of a count whose mean is `expected`, divided by it (the ratio's limits around 1). Null
 * when nothing is expected, where a ratio has no meaning.
 */
export function funnelLimits(expected: number): FunnelLimits | null {
  if (!(expected > 0) || !Number.isFinite(expected)) return null;
  // Byar's lower limit of O is O·(1 − 1/(9O) − z/(3√O))³; centred on O = E, dividing by E leaves the cube.
  const lowerRatio = (z: number) => byarLowerCount(expected, z) / expected;
  const upperRatio = (z: number) => byarUpperCount(expected, z) / expected;
  return {
    lower95: lowerRatio(zFor95),
    upper95: upperRatio(zFor95),
    lower998: lowerRatio(zFor998),
    upper998: upperRatio(zFor998),
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
