/**
 * The two-sided, restarting risk-adjusted CUSUM (docs/model-monitoring.md) and the threshold that
 * gives it a chosen in-control average run length. Checked against an independent Python
 * computation, the run lengths by simulation (ml/cusum_golden.py → ml/golden/cusum.json).
 */
import { cusumOddsRatios, defaultCusumTargetRunLength } from '@esr/contracts/model-performance';
import { byDate, type ByDate } from './ordering.js';
import type { JudgedOutcome } from './types.js';

/** The worse chart looks for a doubling of the odds of a complication (more than predicted). */
export const worseOddsRatio = cusumOddsRatios.worse;
/** The better chart looks for a halving of the odds (fewer than predicted: the model over-predicts). */
export const betterOddsRatio = cusumOddsRatios.better;
/** About one false alarm in 5,000 operations of a model that is right, per chart. */
export const defaultTargetRunLength = defaultCusumTargetRunLength;
/** Thresholds are searched in hundredths within these bounds. */
const lowestThreshold = 0.1;
const highestThreshold = 20;

/** One operation date of a chart. */
export interface RestartingCusumPoint {
  date: string;
  /** The statistic after the date's last operation (0 if that operation signalled). */
  value: number;
  /** The highest the statistic reached during the date, counting the value that signalled before its restart. */
  peak: number;
}

export interface RestartingCusum {
  oddsRatio: number;
  /** Each date on which the chart reached the threshold, ascending, once however often it did that day. */
  signals: string[];
  points: RestartingCusumPoint[];
}

export interface TwoSidedCusum {
  /** Odds ratio 2: signals more complications than the model predicted. */
  worse: RestartingCusum & { threshold: number };
  /** Odds ratio 0.5: signals fewer complications than the model predicted. */
  better: RestartingCusum & { threshold: number };
}

/** The thresholds of the two charts: one for both, or each its own (as a target run length gives them). */
export type CusumThresholds = number | { worse: number; better: number };

function requirePositiveFinite(value: number, name: string): void {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive number`);
}

function requireOddsRatio(oddsRatio: number): void {
  requirePositiveFinite(oddsRatio, 'oddsRatio');
  if (oddsRatio === 1) throw new RangeError('oddsRatio must differ from 1: an odds ratio of 1 tests nothing');
}

/**
 * One chart of Steiner, Cook, Farewell and Treasure (2000): each operation, by date and then
 * `order`, adds the log-likelihood ratio of its outcome under odds ratio R against 1,
 * log(R / (1 − p + R·p)) for a complication and log(1 / (1 − p + R·p)) for none, and the sum is
 * held at 0 or above. When it reaches the threshold the chart signals and restarts: the next
 * operation, on the same date or a later one, starts from 0. So a run of bad outcomes after a
 * signal is seen again, and a signal long ago cannot keep the chart above the line.
 */
function restartingChart(
  outcomes: readonly JudgedOutcome[],
  { dates, starts, indices }: ByDate,
  threshold: number,
  oddsRatio: number,
): RestartingCusum {
  const logOddsRatio = Math.log(oddsRatio);
  const signals: string[] = [];
  let statistic = 0;
  const points = dates.map((date, rank) => {
    let peak = 0;
    for (let k = starts[rank]!; k < starts[rank + 1]!; k++) {
      const { probability, event } = outcomes[indices[k]!]!;
      const logDenominator = Math.log(1 - probability + oddsRatio * probability);
      statistic = Math.max(0, statistic + (event ? logOddsRatio - logDenominator : -logDenominator));
      if (statistic > peak) peak = statistic;
      if (statistic >= threshold) statistic = 0;
    }
    // A date is listed once however many times the chart crossed on it: the screens mark dates,
    // and a second crossing in a day is already visible as a peak at or above the threshold.
    if (peak >= threshold) signals.push(date);
    return { date, value: statistic, peak };
  });
  return { oddsRatio, signals, points };
}

/**
 * Both risk-adjusted Bernoulli CUSUMs over the outcomes (by date, then `order`, as `cusumChart`
 * orders them): `worse` tests odds ratio 2 and `better` odds ratio 0.5 against 1, each restarting at
 * 0 after every signal. Signals are dates, ascending, each listed once per chart; `peak ≥ threshold`
 * holds on exactly those dates.
 */
export function cusumCharts(outcomes: readonly JudgedOutcome[], thresholds: CusumThresholds): TwoSidedCusum {
  const { worse, better } =
    typeof thresholds === 'number' ? { worse: thresholds, better: thresholds } : thresholds;
  requirePositiveFinite(worse, 'threshold');
  requirePositiveFinite(better, 'threshold');
  const order = byDate(outcomes, true);
  return {
    worse: { threshold: worse, ...restartingChart(outcomes, order, worse, worseOddsRatio) },
    better: { threshold: better, ...restartingChart(outcomes, order, better, betterOddsRatio) },
  };
}

// ---------------------------------------------------------------------------------------------
// In-control average run length

/**
 * The case mix is summarised in this many equal-width bins of log(1 − p + R·p), the size of a
 * no-complication step (a complication's is log R less it). Each bin gives two steps, whose sizes
 * are the bin's means weighted by the chance of each outcome, so the mean step is exact. On the
 * golden case mix (ml/cusum_golden.py), against every probability taken singly, 64 bins move the run
 * length by under 0.15% at thresholds 2.5 to 8 (16 bins by up to 0.6%), and binning 100,000
 * probabilities costs one logarithm each.
 */
const caseMixBins = 64;
/**
 * The Markov chain has a state every `largestStateWidth` from 0 up to the threshold, and at least
 * `fewestStates` (300 up to threshold 4.5). Against the simulation of ml/cusum_golden.py (standard
 * error 0.7%) at thresholds 2.5, 3.5 and 4.5 of both charts, states 0.045 apart are off by up to 8%,
 * 0.0225 apart by up to 1.3% and 0.015 apart by under 1%, and a quarter of that width moves the run
 * length by under 0.4% more: 0.015 is converged to within the simulation's own uncertainty. The
 * chain is banded, so even the 1,334 states of threshold 20 solve in milliseconds.
 */
const largestStateWidth = 0.015;
const fewestStates = 300;

/** The in-control distribution of one operation's weight: `jump[i]` with probability `mass[i]`. */
interface StepDistribution {
  mass: Float64Array;
  jump: Float64Array;
}

/** null for an empty case mix. */
function stepDistribution(probabilities: ArrayLike<number>, oddsRatio: number): StepDistribution | null {
  requireOddsRatio(oddsRatio);
  const n = probabilities.length;
  if (n === 0) return null;
  const logQuietStep = new Float64Array(n);
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < n; i++) {
    const probability = probabilities[i]!;
    if (!(probability >= 0 && probability <= 1)) throw new RangeError('probabilities must be within [0, 1]');
    const logDenominator = Math.log(1 - probability + oddsRatio * probability);
    logQuietStep[i] = logDenominator;
    if (logDenominator < lowest) lowest = logDenominator;
    if (logDenominator > highest) highest = logDenominator;
  }
  const binWidth = (highest - lowest) / caseMixBins;
  const eventMass = new Float64Array(caseMixBins);
  const eventLogSum = new Float64Array(caseMixBins);
  const quietMass = new Float64Array(caseMixBins);
  const quietLogSum = new Float64Array(caseMixBins);
  for (let i = 0; i < n; i++) {
    const probability = probabilities[i]!;
    const logDenominator = logQuietStep[i]!;
    // All equal gives 0/0, NaN, for the first bin; the highest lands one past the last bin.
    const offset = Math.floor((logDenominator - lowest) / binWidth);
    const bin = offset >= 0 ? Math.min(caseMixBins - 1, offset) : 0;
    eventMass[bin]! += probability;
    eventLogSum[bin]! += probability * logDenominator;
    quietMass[bin]! += 1 - probability;
    quietLogSum[bin]! += (1 - probability) * logDenominator;
  }
  const mass: number[] = [];
  const jump: number[] = [];
  const logOddsRatio = Math.log(oddsRatio);
  for (let bin = 0; bin < caseMixBins; bin++) {
    if (eventMass[bin]! > 0) {
      mass.push(eventMass[bin]! / n);
      jump.push(logOddsRatio - eventLogSum[bin]! / eventMass[bin]!);
    }
    if (quietMass[bin]! > 0) {
      mass.push(quietMass[bin]! / n);
      jump.push(-quietLogSum[bin]! / quietMass[bin]!);
    }
  }
  return { mass: Float64Array.from(mass), jump: Float64Array.from(jump) };
}

/**
 * The average run length from 0 by the Markov chain of Brook and Evans (1972), as Steiner et al.
 * (2000) used it: states x_k = k·w for k = 0 … m − 1, w = threshold / m. A step from x_k to
 * y = max(0, x_k + jump) is absorbed (a signal) if y ≥ threshold, else its chance is shared between
 * the two states either side of y in proportion to nearness, and one above the last state stays in
 * it. Rounding y to the nearest state instead, as Brook and Evans did, freezes the steps smaller
 * than w/2 (most no-complication steps of the better chart) and makes the run length jump about
 * with m (Webster and Pettitt, 2007); sharing keeps the mean step and converges smoothly.
 *
 * The run lengths L solve (I − Q)·L = 1 for the transition matrix Q among the states. A step moves
 * at most |log R| and 0 is within that of the states that reach it, so Q is banded; I − Q is a
 * non-singular M-matrix (substochastic, every state can reach a signal), for which Gaussian
 * elimination without pivoting is stable and keeps the band. Infinity when no signal can ever come
 * (every probability 0, or every one 1).
 */
function averageRunLengthOf({ mass, jump }: StepDistribution, threshold: number): number {
  const states = Math.max(fewestStates, Math.ceil(threshold / largestStateWidth));
  const width = threshold / states;
  let largestRise = 0;
  let largestFall = 0;
  for (let s = 0; s < jump.length; s++) {
    if (jump[s]! > largestRise) largestRise = jump[s]!;
    if (-jump[s]! > largestFall) largestFall = -jump[s]!;
  }
  const above = Math.min(states - 1, Math.ceil(largestRise / width) + 1);
  const below = Math.min(states - 1, Math.ceil(largestFall / width) + 1);
  const stride = below + above + 1;
  // (I − Q)[row][column] lives at row·stride + column − row + below.
  const matrix = new Float64Array(states * stride);
  for (let row = 0; row < states; row++) {
    const diagonal = row * stride + below;
    matrix[diagonal] = 1;
    const from = row * width;
    for (let s = 0; s < jump.length; s++) {
      const to = from + jump[s]!;
      if (to >= threshold) continue;
      const position = to > 0 ? to / width : 0;
      const lower = Math.floor(position);
      if (lower >= states - 1) {
        matrix[diagonal + states - 1 - row]! -= mass[s]!;
      } else {
        const share = position - lower;
        matrix[diagonal + lower - row]! -= mass[s]! * (1 - share);
        matrix[diagonal + lower + 1 - row]! -= mass[s]! * share;
      }
    }
  }

  const runLengths = new Float64Array(states).fill(1);
  for (let pivotRow = 0; pivotRow < states; pivotRow++) {
    const pivot = matrix[pivotRow * stride + below]!;
    if (!(pivot > 0)) return Infinity;
    const lastRow = Math.min(states - 1, pivotRow + below);
    const lastColumn = Math.min(states - 1, pivotRow + above);
    for (let row = pivotRow + 1; row <= lastRow; row++) {
      const rowStart = row * stride + below - row;
      const factor = matrix[rowStart + pivotRow]! / pivot;
      if (factor === 0) continue;
      const pivotStart = pivotRow * stride + below - pivotRow;
      for (let column = pivotRow + 1; column <= lastColumn; column++) {
        matrix[rowStart + column]! -= factor * matrix[pivotStart + column]!;
      }
      runLengths[row]! -= factor * runLengths[pivotRow]!;
    }
  }
  for (let row = states - 1; row >= 0; row--) {
    const rowStart = row * stride + below - row;
    let sum = runLengths[row]!;
    const lastColumn = Math.min(states - 1, row + above);
    for (let column = row + 1; column <= lastColumn; column++) {
      sum -= matrix[rowStart + column]! * runLengths[column]!;
    }
    runLengths[row] = sum / matrix[rowStart + row]!;
  }
  const fromZero = runLengths[0]!;
  return Number.isFinite(fromZero) && fromZero > 0 ? fromZero : Infinity;
}

/**
 * The average number of operations from a start (or restart) at 0 to a signal of the chart testing
 * `oddsRatio` at `threshold`, when the model is right: each operation's probability is drawn from
 * `probabilities` (the case mix, each equally likely) and its complication happens with that
 * probability. Computed by a Markov chain (see `averageRunLengthOf`), within 1% of simulation at the
 * thresholds ml/cusum_golden.py checks. Throws a RangeError for an empty case mix, a probability outside
 * [0, 1], a threshold that is not positive or an odds ratio of 1.
 */
export function inControlAverageRunLength(
  probabilities: ArrayLike<number>,
  threshold: number,
  oddsRatio: number,
): number {
  requirePositiveFinite(threshold, 'threshold');
  const steps = stepDistribution(probabilities, oddsRatio);
  if (steps === null) throw new RangeError('the case mix is empty');
  return averageRunLengthOf(steps, threshold);
}

/**
 * The threshold, in hundredths from 0.1 to 20, rounded up: the smallest whose in-control average
 * run length is at least `targetRunLength`, so a model that is right sets the chart off no more
 * often than that. 0.1 if every threshold reaches it; null for an empty case mix or when even 20
 * does not. Found by bisection, the run length rising with the threshold (it does for every
 * sequence of outcomes, and the chain's approximation follows it to well within its accuracy).
 */
export function thresholdForAverageRunLength(
  probabilities: ArrayLike<number>,
  targetRunLength: number = defaultTargetRunLength,
  oddsRatio: number = worseOddsRatio,
): number | null {
  requirePositiveFinite(targetRunLength, 'targetRunLength');
  const steps = stepDistribution(probabilities, oddsRatio);
  if (steps === null) return null;
  const reaches = (hundredths: number) => averageRunLengthOf(steps, hundredths / 100) >= targetRunLength;
  let short = Math.round(lowestThreshold * 100);
  let enough = Math.round(highestThreshold * 100);
  if (reaches(short)) return short / 100;
  if (!reaches(enough)) return null;
  while (enough - short > 1) {
    const middle = (short + enough) >>> 1;
    if (reaches(middle)) enough = middle;
    else short = middle;
  }
  return enough / 100;
}
