/**
 * The two orders the figures need, built by counting sorts: a comparator sort of 100,000 outcomes
 * by probability or date costs more than every other figure together, so outcomes are first
 * bucketed and only the few in a bucket are compared.
 */
import type { JudgedOutcome } from './types.js';

/** `order` as strings (UTF-16 code units, as `<` compares them), then position in the input. */
function byOrderThenPosition(outcomes: readonly JudgedOutcome[]): (a: number, b: number) => number {
  return (a, b) => {
    const left = outcomes[a]!.order;
    const right = outcomes[b]!.order;
    if (left !== right) return left < right ? -1 : 1;
    return a - b;
  };
}

/**
 * Positions of the outcomes by ascending probability, equal probabilities by `order`. A counting
 * sort into as many equal-width buckets as outcomes (bucket order is probability order), then a
 * comparator sort within each bucket, which holds a handful of outcomes unless they are tied.
 */
export function byProbability(outcomes: readonly JudgedOutcome[]): Uint32Array {
  const n = outcomes.length;
  const probabilities = new Float64Array(n);
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < n; i++) {
    const probability = outcomes[i]!.probability;
    probabilities[i] = probability;
    if (probability < lowest) lowest = probability;
    if (probability > highest) highest = probability;
  }
  const bucketCount = Math.max(1, n);
  const bucketWidth = (highest - lowest) / bucketCount;
  const buckets = new Uint32Array(n);
  const starts = new Uint32Array(bucketCount + 1);
  for (let i = 0; i < n; i++) {
    const offset = Math.floor((probabilities[i]! - lowest) / bucketWidth);
    // All equal gives 0/0, NaN, for the first bucket; the highest lands one past the last bucket.
    const bucket = offset >= 0 ? Math.min(bucketCount - 1, offset) : 0;
    buckets[i] = bucket;
    starts[bucket + 1]!++;
  }
  for (let bucket = 0; bucket < bucketCount; bucket++) starts[bucket + 1]! += starts[bucket]!;
  const next = starts.slice(0, bucketCount);
  const indices = new Uint32Array(n);
  for (let i = 0; i < n; i++) indices[next[buckets[i]!]!++] = i;

  const tieBreak = byOrderThenPosition(outcomes);
  const compare = (a: number, b: number) => probabilities[a]! - probabilities[b]! || tieBreak(a, b);
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    if (starts[bucket + 1]! - starts[bucket]! > 1) {
      indices.subarray(starts[bucket], starts[bucket + 1]).sort(compare);
    }
  }
  return indices;
}

/** Outcomes grouped by operation date: `indices[starts[d]] … indices[starts[d + 1] − 1]` were on `dates[d]`. */
export interface ByDate {
  dates: string[];
  starts: Uint32Array;
  indices: Uint32Array;
}

/**
 * The outcomes by operation date ascending (a counting sort over the few distinct dates), and
 * within a date by `order` when `sortWithinDate` (the CUSUM's sequence), else as given.
 */
export function byDate(outcomes: readonly JudgedOutcome[], sortWithinDate: boolean): ByDate {
  const n = outcomes.length;
  const idOfDate = new Map<string, number>();
  const dateIds = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const date = outcomes[i]!.operatedOn;
    let id = idOfDate.get(date);
    if (id === undefined) {
      id = idOfDate.size;
      idOfDate.set(date, id);
    }
    dateIds[i] = id;
  }
  const dates = [...idOfDate.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rankOfId = new Uint32Array(dates.length);
  dates.forEach((date, rank) => (rankOfId[idOfDate.get(date)!] = rank));

  const starts = new Uint32Array(dates.length + 1);
  for (let i = 0; i < n; i++) starts[rankOfId[dateIds[i]!]! + 1]!++;
  for (let rank = 0; rank < dates.length; rank++) starts[rank + 1]! += starts[rank]!;
  const next = starts.slice(0, dates.length);
  const indices = new Uint32Array(n);
  for (let i = 0; i < n; i++) indices[next[rankOfId[dateIds[i]!]!]!++] = i;

  if (sortWithinDate) {
    const tieBreak = byOrderThenPosition(outcomes);
    for (let rank = 0; rank < dates.length; rank++) {
      if (starts[rank + 1]! - starts[rank]! > 1) {
        indices.subarray(starts[rank], starts[rank + 1]).sort(tieBreak);
      }
    }
  }
  return { dates, starts, indices };
}
