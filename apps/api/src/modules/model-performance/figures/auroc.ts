import type { Interval } from '@esr/contracts/model-performance';
import { zFor95 } from './intervals.js';

function sampleVariance(values: Float64Array, mean: number): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const deviation = values[i]! - mean;
    sum += deviation * deviation;
  }
  return sum / (values.length - 1);
}

/**
 * The area under the ROC curve (the Mann–Whitney statistic, a tie counting one half) with DeLong's
 * 95% interval, clipped to [0, 1].
 *
 * DeLong's structural components are V10(x) = P(non-event < x) + ½·P(non-event = x) for each event's
 * probability x, and V01(y) = P(event > y) + ½·P(event = y) for each non-event's. Sun & Xu (2014)
 * read them off midranks: V10 = (midrank among all − midrank among events) / non-events. The count
 * of non-events below x plus half those tied with it is that same difference, and walking the two
 * sorted samples side by side gives it for every x in O(n log n) (the sorts) with no index arrays.
 *
 * Null with fewer than two events or two non-events: the interval needs a sample variance of each.
 * Sorts both arrays in place (the caller's own copies: no third copy of 100,000 probabilities).
 */
export function delongAuroc(
  eventProbabilities: Float64Array,
  nonEventProbabilities: Float64Array,
): Interval | null {
  const estimate = delongEstimate(eventProbabilities, nonEventProbabilities);
  if (!estimate) return null;
  const { value, variance } = estimate;
  const standardError = Math.sqrt(variance);
  return {
    value,
    lower: Math.max(0, value - zFor95 * standardError),
    upper: Math.min(1, value + zFor95 * standardError),
  };
}

/**
 * The AUROC and DeLong's variance of it, var(V10)/events + var(V01)/non-events (see `delongAuroc`);
 * null with fewer than two events or two non-events. Sorts both arrays in place.
 */
export function delongEstimate(
  eventProbabilities: Float64Array,
  nonEventProbabilities: Float64Array,
): { value: number; variance: number } | null {
  const eventCount = eventProbabilities.length;
  const nonEventCount = nonEventProbabilities.length;
  if (eventCount < 2 || nonEventCount < 2) return null;
  const events = eventProbabilities.sort();
  const nonEvents = nonEventProbabilities.sort();

  const eventComponents = new Float64Array(eventCount);
  let nonEventsBelow = 0;
  let nonEventsAtOrBelow = 0;
  let componentSum = 0;
  for (let i = 0; i < eventCount; i++) {
    const x = events[i]!;
    while (nonEventsBelow < nonEventCount && nonEvents[nonEventsBelow]! < x) nonEventsBelow++;
    if (nonEventsAtOrBelow < nonEventsBelow) nonEventsAtOrBelow = nonEventsBelow;
    while (nonEventsAtOrBelow < nonEventCount && nonEvents[nonEventsAtOrBelow]! <= x) nonEventsAtOrBelow++;
    const component = (nonEventsBelow + (nonEventsAtOrBelow - nonEventsBelow) / 2) / nonEventCount;
    eventComponents[i] = component;
    componentSum += component;
  }

  const nonEventComponents = new Float64Array(nonEventCount);
  let eventsBelow = 0;
  let eventsAtOrBelow = 0;
  let nonEventComponentSum = 0;
  for (let j = 0; j < nonEventCount; j++) {
    const y = nonEvents[j]!;
    while (eventsBelow < eventCount && events[eventsBelow]! < y) eventsBelow++;
    if (eventsAtOrBelow < eventsBelow) eventsAtOrBelow = eventsBelow;
    while (eventsAtOrBelow < eventCount && events[eventsAtOrBelow]! <= y) eventsAtOrBelow++;
    const component = (eventCount - eventsAtOrBelow + (eventsAtOrBelow - eventsBelow) / 2) / eventCount;
    nonEventComponents[j] = component;
    nonEventComponentSum += component;
  }

  const value = componentSum / eventCount;
  return {
    value,
    variance:
      sampleVariance(eventComponents, value) / eventCount +
      sampleVariance(nonEventComponents, nonEventComponentSum / nonEventCount) / nonEventCount,
  };
}
