/**
 * The closed-form intervals the monitoring figures use: Byar's approximation to the exact Poisson
 * interval of an observed count, and Wilson's score interval of a proportion.
 */

/** The standard normal quantile for a two-sided 95% interval. */
export const zFor95 = 1.959963984540054;
/** The standard normal quantile for a two-sided 99.8% interval (the funnel's outer limits). */
export const zFor998 = 3.090232306167813;

/** Byar's lower limit of the Poisson mean behind an observed count: 0 for no events. */
export function byarLowerCount(observed: number, z: number): number {
  if (observed <= 0) return 0;
  const base = 1 - 1 / (9 * observed) - z / (3 * Math.sqrt(observed));
  // A small count with a wide z puts the base below zero, where the cube would go negative.
  return base <= 0 ? 0 : observed * base ** 3;
}

/** Byar's upper limit of the Poisson mean behind an observed count. */
export function byarUpperCount(observed: number, z: number): number {
  const next = observed + 1;
  return next * (1 - 1 / (9 * next) + z / (3 * Math.sqrt(next))) ** 3;
}

/** Wilson's score interval of successes out of trials (trials ≥ 1), kept within [0, 1]. */
export function wilsonInterval(
  successes: number,
  trials: number,
  z: number,
): { lower: number; upper: number } {
  const rate = successes / trials;
  const zSquaredOverTrials = (z * z) / trials;
  const denominator = 1 + zSquaredOverTrials;
  const centre = (rate + zSquaredOverTrials / 2) / denominator;
  const halfWidth =
    (z * Math.sqrt((rate * (1 - rate)) / trials + zSquaredOverTrials / (4 * trials))) / denominator;
  // Rounding can leave the exact bounds at 0 or 1 a hair outside.
  return { lower: Math.max(0, centre - halfWidth), upper: Math.min(1, centre + halfWidth) };
}
