import { enoughEventsThreshold, type PerformanceFigures } from '@esr/contracts/model-performance';
import { storedBands } from '@esr/contracts/risk-band';
import { delongAuroc } from './auroc.js';
import { calibrationFits, clampedLogit } from './calibration.js';
import { byarLowerCount, byarUpperCount, zFor95 } from './intervals.js';
import type { BandFigures, JudgedOutcome } from './types.js';

/**
 * Every overall figure of a set of judged outcomes (docs/model-monitoring.md): counts, observed
 * against expected with Byar's 95% interval, the calibration intercept and slope, the AUROC with
 * DeLong's interval, and the Brier score. Expected counts and the Brier score use the stored
 * probabilities as they are; only the calibration fits clamp them, to take their log-odds.
 */
export function performanceFigures(outcomes: readonly JudgedOutcome[]): PerformanceFigures {
  const n = outcomes.length;
  let events = 0;
  let expected = 0;
  let squaredErrorSum = 0;
  const logits = new Float64Array(n);
  const eventFlags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const { probability, event } = outcomes[i]!;
    const outcome = event ? 1 : 0;
    events += outcome;
    expected += probability;
    squaredErrorSum += (probability - outcome) ** 2;
    logits[i] = clampedLogit(probability);
    eventFlags[i] = outcome;
  }

  const eventProbabilities = new Float64Array(events);
  const nonEventProbabilities = new Float64Array(n - events);
  for (let i = 0, e = 0, ne = 0; i < n; i++) {
    const { probability, event } = outcomes[i]!;
    if (event) eventProbabilities[e++] = probability;
    else nonEventProbabilities[ne++] = probability;
  }

  const calibration = calibrationFits(logits, eventFlags);
  return {
    n,
    events,
    expected,
    observedRate: n === 0 ? null : events / n,
    meanPredicted: n === 0 ? null : expected / n,
    oe:
      n === 0 || expected === 0
        ? null
        : {
            ratio: events / expected,
            lower: byarLowerCount(events, zFor95) / expected,
            upper: byarUpperCount(events, zFor95) / expected,
          },
    calibrationIntercept: calibration.intercept,
    calibrationSlope: calibration.slope,
    auroc: delongAuroc(eventProbabilities, nonEventProbabilities),
    brier: n === 0 ? null : squaredErrorSum / n,
    enoughEvents: events >= enoughEventsThreshold,
  };
}

/** Observed against predicted within each stored band: High, Moderate and Low, always all three. */
export function bandFigures(outcomes: readonly JudgedOutcome[]): BandFigures[] {
  const counts = storedBands.map(() => ({ n: 0, events: 0, expected: 0 }));
  for (const outcome of outcomes) {
    const tally = counts[storedBands.indexOf(outcome.band)];
    if (!tally) continue;
    tally.n++;
    if (outcome.event) tally.events++;
    tally.expected += outcome.probability;
  }
  return storedBands.map((band, index) => {
    const { n, events, expected } = counts[index]!;
    return {
      band,
      n,
      events,
      observedRate: n === 0 ? null : events / n,
      meanPredicted: n === 0 ? null : expected / n,
    };
  });
}
