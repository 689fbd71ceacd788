import { zFor95, wilsonInterval } from './intervals.js';
import { byProbability } from './ordering.js';
import type { DecileFigures, JudgedOutcome } from './types.js';

/**
 * Calibration by tenths of predicted risk: decile i (1 to 10) holds the sorted outcomes
 * floor((i − 1)·n / 10) to floor(i·n / 10) − 1, so sizes differ by at most one and a list of
 * fewer than ten leaves some deciles empty, which are left out. Equal probabilities are ranked by
 * `order`, so the split of a run of ties between two deciles does not depend on the input's order.
 */
export function decileFigures(outcomes: readonly JudgedOutcome[]): DecileFigures[] {
  const n = outcomes.length;
  const sorted = byProbability(outcomes);
  const deciles: DecileFigures[] = [];
  for (let decile = 1; decile <= 10; decile++) {
    const start = Math.floor(((decile - 1) * n) / 10);
    const end = Math.floor((decile * n) / 10);
    if (end <= start) continue;
    let events = 0;
    let expected = 0;
    for (let k = start; k < end; k++) {
      const outcome = outcomes[sorted[k]!]!;
      if (outcome.event) events++;
      expected += outcome.probability;
    }
    const size = end - start;
    deciles.push({
      decile,
      n: size,
      events,
      meanPredicted: expected / size,
      observedRate: events / size,
      ...wilsonInterval(events, size, zFor95),
    });
  }
  return deciles;
}
