import { byDate } from './ordering.js';
import type { JudgedOutcome, VladPoint } from './types.js';

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
