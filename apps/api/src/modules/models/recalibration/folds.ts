/**
 * Deterministic folds for cross-validation: the rows shuffled by a seeded generator, then fold f
 * takes every k-th row of the shuffled order from position f. The same seed gives the same folds on
 * the same number of rows, so a fit can be repeated; ml/recalibration_golden.py writes the same
 * generator in Python and checks its folds are these.
 */
import { mulberry32 } from '@esr/contracts/seeded-random';

/** The seed used when none is given: fixed, so that a fit repeated on the same outcomes is the same. */
export const defaultFoldSeed = 20260301;

/** The fold (0 … folds − 1) of each of n rows: a Fisher–Yates shuffle, then every folds-th row. */
export function assignFolds(n: number, folds: number, seed: number = defaultFoldSeed): Int32Array {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Cannot assign folds to ${n} rows`);
  if (!Number.isInteger(folds) || folds < 2) throw new RangeError(`Cross-validation needs 2 or more folds, not ${folds}`);
  if (!Number.isInteger(seed)) throw new RangeError(`The fold seed must be an integer, not ${seed}`);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const random = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  const fold = new Int32Array(n);
  for (let position = 0; position < n; position++) fold[order[position]!] = position % folds;
  return fold;
}
