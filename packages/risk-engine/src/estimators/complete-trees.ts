/**
 * Branch-free split tests for the hot loops. Turning a float comparison into a bit costs a
 * mispredicted branch about half the time, which dominates tree evaluation. Instead:
 *
 * 1. Each feature's distinct thresholds are sorted once. A row's value x is replaced by its rank q
 *    among them: for `x <= t` splits (scikit-learn) q counts thresholds `< x`; for `x < t` splits
 *    (XGBoost) q counts thresholds `<= x`. Then a node holding the feature's j-th threshold sends
 *    the row right exactly when q > j, i.e. `((j - q) >>> 31) === 1`: integer arithmetic.
 * 2. The rank itself is found by a branch-free binary search whose comparisons use
 *    `Math.floor(t - x) >>> 31` (1 exactly when t < x): the sign of a floating-point difference is
 *    always right (zero only for equal operands), and with |x|, |t| <= LIMIT the floored
 *    difference fits an int32.
 *
 * Rows with a missing or larger value take the ordinary walk, which applies each node's default
 * direction. Shallow trees (depth <= MAX_DEPTH) are also laid out as complete binary trees in heap
 * order, shallower leaves padded with nodes that always go left, so a prediction is a fixed number
 * of steps per tree.
 */
import type { TreeEnsemble } from './tree-ensemble.js';

export const LIMIT = 2 ** 28;
const MAX_DEPTH = 8;
const MAX_COMPLETE_NODES = 4_000_000;
/** Rank of padding nodes: larger than any q, so `(ALWAYS_LEFT - q) >>> 31` is 0 (left). */
export const ALWAYS_LEFT = 0x3fffffff;

/** Whether every value of a prepared row is finite and small enough for the arithmetic tests. */
export function rowIsPlain(xr: Float64Array, offset: number, n: number): boolean {
  for (let j = offset; j < offset + n; j++) if (!(Math.abs(xr[j] as number) <= LIMIT)) return false;
  return true;
}

export class Quantizer {
  /** Per feature: start of its sorted distinct thresholds in `values`, and their count. */
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly values: Float64Array;
  readonly strict: boolean;

  private constructor(e: TreeEnsemble) {
    this.strict = e.rule === 'lt32';
    const per: number[][] = Array.from({ length: e.nFeatures }, () => []);
    for (let n = 0; n < e.nodeCount; n++) {
      if ((e.left[n] as number) >= 0)
        (per[e.feature[n] as number] as number[]).push(e.threshold[n] as number);
    }
    this.start = new Int32Array(e.nFeatures);
    this.count = new Int32Array(e.nFeatures);
    const all: number[] = [];
    per.forEach((list, f) => {
      const sorted = list.sort((a, b) => a - b);
      this.start[f] = all.length;
      for (const v of sorted) if (all.length === this.start[f] || all[all.length - 1] !== v) all.push(v);
      this.count[f] = all.length - (this.start[f] as number);
    });
    this.values = Float64Array.from(all);
  }

  /** A quantizer when every threshold is plain and no split is categorical, else null. */
  static build(e: TreeEnsemble): Quantizer | null {
    if (e.catRow) return null;
    for (let n = 0; n < e.nodeCount; n++) {
      if ((e.left[n] as number) >= 0 && !(Math.abs(e.threshold[n] as number) <= LIMIT)) return null;
    }
    return new Quantizer(e);
  }

  /** Rank of node `n`'s threshold among its feature's thresholds. */
  rankOf(e: TreeEnsemble, n: number): number {
    const f = e.feature[n] as number;
    const t = e.threshold[n] as number;
    const s = this.start[f] as number;
    const c = this.count[f] as number;
    for (let j = 0; j < c; j++) if (this.values[s + j] === t) return j;
    throw new Error('threshold missing from its feature list');
  }

  /** Ranks of a plain row (`xr[xo...]`, see rowIsPlain) into `q[qo...]`. */
  quantize(xr: Float64Array, xo: number, q: Int32Array, qo: number): void {
    const values = this.values;
    const start = this.start;
    const count = this.count;
    const nf = start.length;
    // One bit test for both rules: `(Math.floor(sign * (t - x)) >>> 31) ^ flip` is 1 exactly when
    // threshold t counts below x, t <= x for strict splits (x - t >= 0) and t < x otherwise
    // (t - x < 0). Negating a difference is exact, so each rule keeps its exact comparison.
    const sign = this.strict ? -1 : 1;
    const flip = this.strict ? 1 : 0;
    for (let f = 0; f < nf; f++) {
      const x = xr[xo + f] as number;
      const s = start[f] as number;
      let len = count[f] as number;
      if (len === 0) {
        q[qo + f] = 0;
        continue;
      }
      // Branch-free bound: the thresholds that count below x.
      let base = s;
      while (len > 1) {
        const half = len >>> 1;
        base += half * ((Math.floor(sign * ((values[base + half] as number) - x)) >>> 31) ^ flip);
        len -= half;
      }
      q[qo + f] = base - s + ((Math.floor(sign * ((values[base] as number) - x)) >>> 31) ^ flip);
    }
  }
}

/** Every tree as a complete binary tree of one depth D, in heap order, split tests by rank. */
export class CompleteTrees {
  readonly depth: number;
  readonly internalPerTree: number;
  readonly leavesPerTree: number;
  /** Per heap node, interleaved: [feature, rank of its threshold]. */
  readonly nodes: Int32Array;
  readonly leaf: Float64Array;

  private constructor(depth: number, trees: number) {
    this.depth = depth;
    this.internalPerTree = (1 << depth) - 1;
    this.leavesPerTree = 1 << depth;
    this.nodes = new Int32Array(2 * trees * this.internalPerTree);
    for (let i = 1; i < this.nodes.length; i += 2) this.nodes[i] = ALWAYS_LEFT;
    this.leaf = new Float64Array(trees * this.leavesPerTree);
  }

  static build(e: TreeEnsemble, qz: Quantizer): CompleteTrees | null {
    const d = e.maxDepth;
    if (d > MAX_DEPTH || e.treeCount * (1 << d) > MAX_COMPLETE_NODES) return null;
    const c = new CompleteTrees(d, e.treeCount);
    const I = c.internalPerTree;
    for (let t = 0; t < e.treeCount; t++) {
      const stack: [number, number][] = [[0, e.roots[t] as number]];
      while (stack.length > 0) {
        const [h, n] = stack.pop() as [number, number];
        if (h >= I) {
          c.leaf[t * c.leavesPerTree + (h - I)] = e.value[n] as number;
          continue;
        }
        const l = e.left[n] as number;
        if (l < 0) {
          // A leaf above the last level: padding nodes (always left) carry it down.
          stack.push([2 * h + 1, n], [2 * h + 2, n]);
          continue;
        }
        c.nodes[2 * (t * I + h)] = e.feature[n] as number;
        c.nodes[2 * (t * I + h) + 1] = qz.rankOf(e, n);
        stack.push([2 * h + 1, l], [2 * h + 2, e.right[n] as number]);
      }
    }
    return c;
  }
}
