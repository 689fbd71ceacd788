/**
 * Exact path-dependent TreeSHAP (Lundberg, Erion & Lee 2018, Algorithm 2), the algorithm of the shap
 * package and of XGBoost's `pred_contribs`. The expectation over absent features follows the
 * training cover of each branch (`cover[child] / cover[node]`), so for every row
 * `sum(phi) + treeMean = leaf value reached`.
 *
 * Paths live in preallocated typed arrays (one segment per recursion level) so explaining a row
 * allocates nothing.
 */
import type { TreeEnsemble } from '../estimators/tree-ensemble.js';

export class TreeShap {
  private readonly e: TreeEnsemble;
  private readonly pFeature: Int32Array;
  private readonly pZero: Float64Array;
  private readonly pOne: Float64Array;
  private readonly pWeight: Float64Array;
  private phi: Float64Array = new Float64Array(0);
  private scale = 1;
  private xr: Float64Array = new Float64Array(0);
  /** When set, decisions come from these bits (bit `position[node]` = go left) instead of a row. */
  private decisionBits = -1;
  private position: Int32Array | null = null;

  constructor(ensemble: TreeEnsemble) {
    this.e = ensemble;
    const d = ensemble.maxDepth;
    const size = ((d + 2) * (d + 3)) / 2 + 2;
    this.pFeature = new Int32Array(size);
    this.pZero = new Float64Array(size);
    this.pOne = new Float64Array(size);
    this.pWeight = new Float64Array(size);
  }

  /** Adds `scale` x the SHAP values of tree `t` for the prepared row `xr` into `phi`. */
  addTree(t: number, xr: Float64Array, phi: Float64Array, scale: number): void {
    this.phi = phi;
    this.scale = scale;
    this.xr = xr;
    this.recurse(this.e.roots[t] as number, 0, 0, 1, 1, -1);
  }

  /**
   * SHAP values of tree `t` when its internal nodes decide as `bits` says (bit `position[node]` set =
   * left): what any row deciding that way gets. Used to tabulate small trees once.
   */
  addTreeForDecisions(t: number, bits: number, position: Int32Array, phi: Float64Array, scale: number): void {
    this.decisionBits = bits;
    this.position = position;
    try {
      this.addTree(t, this.xr, phi, scale);
    } finally {
      this.decisionBits = -1;
      this.position = null;
    }
  }

  private extend(o: number, depth: number, zero: number, one: number, feature: number): void {
    const w = this.pWeight;
    this.pFeature[o + depth] = feature;
    this.pZero[o + depth] = zero;
    this.pOne[o + depth] = one;
    w[o + depth] = depth === 0 ? 1 : 0;
    for (let i = depth - 1; i >= 0; i--) {
      w[o + i + 1] = (w[o + i + 1] as number) + (one * (w[o + i] as number) * (i + 1)) / (depth + 1);
      w[o + i] = (zero * (w[o + i] as number) * (depth - i)) / (depth + 1);
    }
  }

  private unwind(o: number, depth: number, index: number): void {
    const w = this.pWeight;
    const one = this.pOne[o + index] as number;
    const zero = this.pZero[o + index] as number;
    let nextOne = w[o + depth] as number;
    for (let i = depth - 1; i >= 0; i--) {
      if (one !== 0) {
        const tmp = w[o + i] as number;
        w[o + i] = (nextOne * (depth + 1)) / ((i + 1) * one);
        nextOne = tmp - ((w[o + i] as number) * zero * (depth - i)) / (depth + 1);
      } else {
        w[o + i] = ((w[o + i] as number) * (depth + 1)) / (zero * (depth - i));
      }
    }
    for (let i = index; i < depth; i++) {
      this.pFeature[o + i] = this.pFeature[o + i + 1] as number;
      this.pZero[o + i] = this.pZero[o + i + 1] as number;
      this.pOne[o + i] = this.pOne[o + i + 1] as number;
    }
  }

  private unwoundSum(o: number, depth: number, index: number): number {
    const w = this.pWeight;
    const one = this.pOne[o + index] as number;
    const zero = this.pZero[o + index] as number;
    let nextOne = w[o + depth] as number;
    let total = 0;
    for (let i = depth - 1; i >= 0; i--) {
      if (one !== 0) {
        const tmp = (nextOne * (depth + 1)) / ((i + 1) * one);
        total += tmp;
        nextOne = (w[o + i] as number) - tmp * zero * ((depth - i) / (depth + 1));
      } else {
        total += (w[o + i] as number) / zero / ((depth - i) / (depth + 1));
      }
    }
    return total;
  }

  /**
   * Each recursion level works on its own copy of the path, placed right after the parent's
   * (`parentO + depth + 1`), exactly as the reference implementation lays it out.
   */
  private recurse(
    node: number,
    parentO: number,
    depth: number,
    zero: number,
    one: number,
    feature: number,
  ): void {
    const e = this.e;
    const o = parentO + depth + 1;
    const pf = this.pFeature;
    const pz = this.pZero;
    const po = this.pOne;
    const pw = this.pWeight;
    for (let i = 0; i <= depth; i++) {
      pf[o + i] = pf[parentO + i] as number;
      pz[o + i] = pz[parentO + i] as number;
      po[o + i] = po[parentO + i] as number;
      pw[o + i] = pw[parentO + i] as number;
    }
    this.extend(o, depth, zero, one, feature);
    const left = e.left[node] as number;
    if (left < 0) {
      const v = (e.value[node] as number) * this.scale;
      for (let i = 1; i <= depth; i++) {
        const w = this.unwoundSum(o, depth, i);
        const f = this.pFeature[o + i] as number;
        this.phi[f] =
          (this.phi[f] as number) + w * ((this.pOne[o + i] as number) - (this.pZero[o + i] as number)) * v;
      }
      return;
    }
    const right = e.right[node] as number;
    const hot =
      this.position !== null
        ? (this.decisionBits >> (this.position[node] as number)) & 1
          ? left
          : right
        : e.hotChild(node, this.xr);
    const cold = hot === left ? right : left;
    const c = e.cover[node] as number;
    const hotZero = c > 0 ? (e.cover[hot] as number) / c : 0.5;
    const coldZero = c > 0 ? (e.cover[cold] as number) / c : 0.5;
    let inZero = 1;
    let inOne = 1;
    const split = e.feature[node] as number;
    let d = depth;
    let k = 0;
    for (; k <= d; k++) if (this.pFeature[o + k] === split) break;
    if (k !== d + 1) {
      inZero = this.pZero[o + k] as number;
      inOne = this.pOne[o + k] as number;
      this.unwind(o, d, k);
      d -= 1;
    }
    this.recurse(hot, o, d + 1, hotZero * inZero, inOne, split);
    this.recurse(cold, o, d + 1, coldZero * inZero, 0, split);
  }
}
