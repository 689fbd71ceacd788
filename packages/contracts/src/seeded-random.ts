/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state stepped by a Weyl sequence and mixed,
 * giving doubles in [0, 1) on a 2⁻³² grid. The same seed gives the same sequence, so the demonstration
 * lists and history, the test lists, the cross-validation folds and the benchmarks' rows are the same
 * on every run; ml/recalibration_golden.py writes the same generator in Python and checks the folds.
 * The state is kept a uint32 (the common JavaScript version lets it grow as a double, which stops
 * being exact after about five million draws).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
