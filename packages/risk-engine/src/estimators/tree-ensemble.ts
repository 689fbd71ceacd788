/**
 * All trees of a model flattened into typed arrays, so prediction and TreeSHAP walk numbers rather
 * than objects. Node indices are global across trees; a leaf has `left === -1`.
 */

/**
 * How a split compares a feature value with its threshold, reproducing each library exactly:
 * - `le32`: scikit-learn trees cast X to float32 and test `x <= threshold` (threshold is float64);
 * - `le64`: HistGradientBoosting keeps X in float64 and tests `x <= num_threshold`;
 * - `lt32`: XGBoost casts X to float32 and tests `x < split_condition` (a float32).
 * A missing value (NaN) follows `defaultLeft` in every rule.
 */
export type SplitRule = 'le32' | 'le64' | 'lt32';

export interface TreeArrays {
  /** Child indices local to the tree, -1 at leaves. */
  left: ArrayLike<number>;
  right: ArrayLike<number>;
  feature: ArrayLike<number>;
  threshold: ArrayLike<number>;
  /** 1 when a missing value goes left. */
  defaultLeft: ArrayLike<number>;
  /** Value at leaves (already scaled into the model's raw output); ignored at internal nodes. */
  value: ArrayLike<number>;
  /** Training weight reaching the node: sklearn weighted_n_node_samples, HGB count, XGBoost sum_hess. */
  cover: ArrayLike<number>;
  /** HistGradientBoosting categorical splits: per node the row of `leftBitsets`, -1 for numeric splits. */
  categorical?: ArrayLike<number>;
  /** 8 x uint32 per row: categories (0-255) that go left. */
  leftBitsets?: Uint32Array;
}

/** Deeper trees are refused: explanations recurse once per level and keep a path per level. */
export const MAX_TREE_DEPTH = 1000;

export class TreeEnsemble {
  readonly rule: SplitRule;
  readonly nFeatures: number;
  roots: Int32Array;
  left: Int32Array;
  right: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  defaultLeft: Uint8Array;
  value: Float64Array;
  cover: Float64Array;
  /** Cover-weighted mean leaf value of each tree (TreeSHAP's and XGBoost's node mean at the root). */
  treeMeans: Float64Array;
  maxDepth = 0;
  /** A value treated as missing besides NaN (XGBClassifier's `missing` parameter). */
  missingValue = NaN;
  /** Categorical splits (HistGradientBoosting): global row of `leftBits` per node, -1 when numeric. */
  catRow: Int32Array | null = null;
  leftBits: Uint32Array = new Uint32Array(0);
  /** Categories seen in training, 8 x uint32 per feature (zero for numeric features). */
  knownBits: Uint32Array | null = null;
  private nNodes = 0;
  private nTrees = 0;

  constructor(rule: SplitRule, nFeatures: number, capacityNodes: number, capacityTrees: number) {
    this.rule = rule;
    this.nFeatures = nFeatures;
    this.roots = new Int32Array(capacityTrees);
    this.treeMeans = new Float64Array(capacityTrees);
    this.left = new Int32Array(capacityNodes);
    this.right = new Int32Array(capacityNodes);
    this.feature = new Int32Array(capacityNodes);
    this.threshold = new Float64Array(capacityNodes);
    this.defaultLeft = new Uint8Array(capacityNodes);
    this.value = new Float64Array(capacityNodes);
    this.cover = new Float64Array(capacityNodes);
  }

  get treeCount(): number {
    return this.nTrees;
  }

  get nodeCount(): number {
    return this.nNodes;
  }

  /**
   * Appends one tree after checking that it is a proper binary tree rooted at 0 (every node reached
   * once, children in range, features in range), so walking it always terminates.
   */
  addTree(t: TreeArrays, owner: string): void {
    const n = t.left.length;
    if (n === 0) throw new Error(`${owner} has an empty tree`);
    const base = this.nNodes;
    const seen = new Uint8Array(n);
    const depth = new Int32Array(n);
    const order: number[] = [0];
    seen[0] = 1;
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      const l = t.left[i] as number;
      const r = t.right[i] as number;
      const off = base + i;
      if (l === -1) {
        this.left[off] = -1;
        this.right[off] = -1;
        this.value[off] = t.value[i] as number;
      } else {
        if (!Number.isInteger(l) || !Number.isInteger(r) || l <= 0 || r <= 0 || l >= n || r >= n || l === r) {
          throw new Error(`${owner} has a node with invalid children`);
        }
        if (seen[l] || seen[r]) throw new Error(`${owner} is not a tree (a node is reached twice)`);
        seen[l] = 1;
        seen[r] = 1;
        order.push(l, r);
        depth[l] = (depth[i] as number) + 1;
        depth[r] = (depth[i] as number) + 1;
        if ((depth[l] as number) > MAX_TREE_DEPTH)
          throw new Error(`${owner} is deeper than ${MAX_TREE_DEPTH} levels`);
        this.maxDepth = Math.max(this.maxDepth, (depth[i] as number) + 1);
        const f = t.feature[i] as number;
        if (!Number.isInteger(f) || f < 0 || f >= this.nFeatures) {
          throw new Error(`${owner} splits on feature ${f}, but the model has ${this.nFeatures} features`);
        }
        this.left[off] = base + l;
        this.right[off] = base + r;
        this.feature[off] = f;
        this.threshold[off] = t.threshold[i] as number;
        this.defaultLeft[off] = t.defaultLeft[i] ? 1 : 0;
        const cat = t.categorical ? (t.categorical[i] as number) : -1;
        if (cat >= 0) this.addCategorical(off, cat, t.leftBitsets, owner);
      }
      this.cover[off] = t.cover[i] as number;
    }
    if (order.length !== n)
      throw new Error(`${owner} has ${n - order.length} nodes unreachable from its root`);
    this.roots[this.nTrees] = base;
    this.treeMeans[this.nTrees] = this.treeMean(base, order);
    this.nTrees++;
    this.nNodes += n;
  }

  private addCategorical(node: number, row: number, bits: Uint32Array | undefined, owner: string): void {
    if (!bits || !Number.isInteger(row) || (row + 1) * 8 > bits.length) {
      throw new Error(`${owner} has a categorical split without its category set`);
    }
    if (!this.catRow) this.catRow = new Int32Array(this.left.length).fill(-1);
    const base = this.leftBits.length / 8;
    const grown = new Uint32Array(this.leftBits.length + 8);
    grown.set(this.leftBits);
    grown.set(bits.subarray(row * 8, row * 8 + 8), this.leftBits.length);
    this.leftBits = grown;
    this.catRow[node] = base;
  }

  /**
   * scikit-learn's `_predict_one_from_raw_data` for a categorical split: negative values and
   * categories unseen in training go the way of missing values; the value is cast to uint8 first
   * (truncating, as the C cast does for the values that matter).
   */
  private categoricalLeft(n: number, row: number, v: number): boolean {
    if (v < 0) return this.defaultLeft[n] === 1;
    const c = v < 2 ** 63 ? Math.trunc(v) % 256 : 0;
    const word = c >>> 5;
    const bit = 1 << (c & 31);
    if (((this.leftBits[row * 8 + word] as number) & bit) !== 0) return true;
    const f = this.feature[n] as number;
    if (this.knownBits && ((this.knownBits[f * 8 + word] as number) & bit) !== 0) return false;
    return this.defaultLeft[n] === 1;
  }

  /**
   * Cover-weighted mean of the leaves, computed bottom-up as XGBoost's node mean values are:
   * mean(node) = (mean(left) * cover(left) + mean(right) * cover(right)) / cover(node).
   */
  private treeMean(base: number, order: readonly number[]): number {
    const mean = new Float64Array(order.length);
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k] as number;
      const node = base + i;
      const l = this.left[node] as number;
      if (l < 0) {
        mean[i] = this.value[node] as number;
        continue;
      }
      const r = this.right[node] as number;
      const c = this.cover[node] as number;
      const ml = mean[l - base] as number;
      const mr = mean[r - base] as number;
      mean[i] =
        c > 0 ? (ml * (this.cover[l] as number) + mr * (this.cover[r] as number)) / c : 0.5 * (ml + mr);
    }
    return mean[0] as number;
  }

  /**
   * The input row as each library sees it: float32 for scikit-learn trees and XGBoost, float64 for
   * HistGradientBoosting.
   */
  prepareRow(x: ArrayLike<number>, offset: number, out: Float64Array): void {
    const n = this.nFeatures;
    if (this.rule === 'le64') for (let j = 0; j < n; j++) out[j] = x[offset + j] as number;
    else {
      const mv = this.missingValue;
      for (let j = 0; j < n; j++) {
        const v = Math.fround(x[offset + j] as number);
        out[j] = v === mv ? NaN : v;
      }
    }
  }

  /** `prepareRow` for `m` consecutive rows into `out` (m x nFeatures). */
  prepareRows(x: ArrayLike<number>, offset: number, m: number, out: Float64Array): void {
    const total = m * this.nFeatures;
    if (this.rule === 'le64') {
      for (let j = 0; j < total; j++) out[j] = x[offset + j] as number;
      return;
    }
    const mv = this.missingValue;
    for (let j = 0; j < total; j++) {
      const v = Math.fround(x[offset + j] as number);
      out[j] = v === mv ? NaN : v;
    }
  }

  /** Leaf reached by a prepared row in tree `t`. */
  leaf(t: number, xr: Float64Array): number {
    const left = this.left;
    const right = this.right;
    const feature = this.feature;
    const threshold = this.threshold;
    const defaultLeft = this.defaultLeft;
    let n = this.roots[t] as number;
    if (this.catRow) {
      while ((left[n] as number) >= 0) n = this.hotChild(n, xr);
      return n;
    }
    // A split sends x left when x < threshold (lt32) or x <= threshold (the other rules).
    const leftWhenEqual = this.rule !== 'lt32';
    for (let l = left[n] as number; l >= 0; l = left[n] as number) {
      const v = xr[feature[n] as number] as number;
      const split = threshold[n] as number;
      const goLeft = v !== v ? defaultLeft[n] === 1 : v < split || (leftWhenEqual && v === split);
      n = goLeft ? l : (right[n] as number);
    }
    return n;
  }

  /** The child a prepared row takes at internal node `n` (TreeSHAP's "hot" branch). */
  hotChild(n: number, xr: Float64Array): number {
    const v = xr[this.feature[n] as number] as number;
    if (v !== v) return this.defaultLeft[n] ? (this.left[n] as number) : (this.right[n] as number);
    const row = this.catRow ? (this.catRow[n] as number) : -1;
    if (row >= 0)
      return this.categoricalLeft(n, row, v) ? (this.left[n] as number) : (this.right[n] as number);
    const goLeft =
      this.rule === 'lt32' ? v < (this.threshold[n] as number) : v <= (this.threshold[n] as number);
    return goLeft ? (this.left[n] as number) : (this.right[n] as number);
  }
}
