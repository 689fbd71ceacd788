import { cusumOddsRatio } from '@esr/contracts/model-performance';
import { byDate } from './ordering.js';
import type { CusumChart, JudgedOutcome, VladPoint } from './types.js';

/**
 * The variable life-adjusted display: after each operation date, the complications the model
 * expected so far minus those that happened, so a line rising above 0 is fewer than predicted.
 */
export function vladPoints(outcomes: readonly JudgedOutcome[]): VladPoint[] {
  const { dates, starts, indices } = byDate(outcomes, false);
  let cumulativeExpected = 0;
  let cumulativeObserved = 0;
  return dates.map((date, rank) => {
    for (let k = starts[rank]!; k < starts[rank + 1]!; k++) {
      const outcome = outcomes[indices[k]!]!;
      cumulativeExpected += outcome.probability;
      if (outcome.event) cumulativeObserved++;
    }
    return {
      date,
      n: starts[rank + 1]! - starts[rank]!,
      cumulativeExpected,
      cumulativeObserved,
      value: cumulativeExpected - cumulativeObserved,
    };
  });
}

/**
 * The risk-adjusted Bernoulli CUSUM of Steiner, Cook, Farewell and Treasure (2000), testing odds
 * ratio `oddsRatio` against 1: each operation, by date and then `order`, adds the log-likelihood
 * ratio of its outcome, log(R / (1 − p + R·p)) for a complication and log(1 / (1 − p + R·p)) for
 * none, and the sum is held at 0 or above. It is never reset: the chart shows the whole period, and
 * `signalledOn` is the first date on which it reached the threshold.
 */
export function cusumChart(
  outcomes: readonly JudgedOutcome[],
  threshold: number,
  oddsRatio: number = cusumOddsRatio,
): CusumChart {
  const { dates, starts, indices } = byDate(outcomes, true);
  const logOddsRatio = Math.log(oddsRatio);
  let signalledOn: string | null = null;
  let statistic = 0;
  const points = dates.map((date, rank) => {
    let peak = 0;
    for (let k = starts[rank]!; k < starts[rank + 1]!; k++) {
      const { probability, event } = outcomes[indices[k]!]!;
      const logDenominator = Math.log(1 - probability + oddsRatio * probability);
      statistic = Math.max(0, statistic + (event ? logOddsRatio - logDenominator : -logDenominator));
      if (statistic > peak) peak = statistic;
    }
    if (signalledOn === null && peak >= threshold) signalledOn = date;
    return { date, value: statistic, peak };
  });
  return { oddsRatio, threshold, signalledOn, points };
}
